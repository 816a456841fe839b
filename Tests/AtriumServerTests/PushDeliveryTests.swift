import AtriumAPI
import AtriumCrypto
import AtriumServices
import AtriumStore
import AtriumTestSupport
import Foundation
import Testing

/// Issue 18: a notification reaches people's browsers by Web Push and their iPhones by APNs,
/// through the outbox: against a push service stand-in (hypercorn, HTTPS, HTTP/2) that checks
/// each VAPID or provider token with `cryptography` and decrypts each Web Push message with
/// `http_ece`, and answers what each test asks of it.
@Suite(.serialized, .checksBalanceRows) struct PushDeliveryTests {
  let service: PushServiceStandIn
  let app: TestApp
  let apnsKey = P256Key()
  let eva: SessionTokens
  let mario: SessionTokens
  /// An iPhone's APNs token.
  static let marioPhone = String(repeating: "ab", count: 32)

  init() throws {
    service = try PushServiceStandIn(apnsPublicKey: apnsKey.publicKey)
    // The stand-in is on this machine: only a test's settings push to it.
    let push = PushSettings(
      contact: "mailto:ops@atrium-demo.example", allowsTestEndpoints: true, caFile: service.certificatePath,
      apns: APNsSettings(
        url: service.url, privateKey: apnsKey.privateKey, keyID: "KEY1234567", teamID: "TEAM123456",
        topic: "com.example.atrium", caFile: service.certificatePath))
    app = try TestApp { $0.push = push }
    try service.setClock(app.environment.now())
    eva = try app.login("eva")
    mario = try app.login("mario")
  }

  func sender(_ holder: String = "instance-a") throws -> PushSender {
    try PushSender(environment: app.environment, push: try #require(app.environment.push), holder: holder)
  }

  func outbox() throws -> [OutboxStore.Row] {
    try app.database.read { try OutboxStore($0).rows() }.filter { $0.entry.channel == .push }
  }

  /// Registers a browser subscription the stand-in made, for `person`.
  @discardableResult
  func subscribeBrowser(_ name: String, for person: SessionTokens) throws -> String {
    let subscription = try service.subscribe(name)
    let body = try JSONSerialization.data(withJSONObject: ["platform": "webpush", "token": subscription])
    let registered = app.send(
      .settings(.registerDevice), json: String(decoding: body, as: UTF8.self), token: person.accessToken)
    try #require(registered.status == 201, "\(registered.text)")
    return try JSONText.decode(DeviceBody.self, from: registered).id
  }

  @discardableResult
  func registerPhone(_ token: String, for person: SessionTokens) throws -> String {
    let registered = app.send(
      .settings(.registerDevice), json: #"{"platform": "apns", "token": "\#(token)", "name": "iPhone"}"#,
      token: person.accessToken)
    try #require(registered.status == 201, "\(registered.text)")
    return try JSONText.decode(DeviceBody.self, from: registered).id
  }

  /// Eva asks for time off; returns the request's id.
  func ask(
    _ start: String = "2026-04-06", _ end: String = "2026-04-10", as person: SessionTokens? = nil
  ) throws
    -> String
  {
    let created = app.send(
      .leave(.create), json: #"{"start": "\#(start)", "end": "\#(end)"}"#, token: (person ?? eva).accessToken)
    try #require(created.status == 201, "\(created.text)")
    return try JSONText.decode(SavedLeave.self, from: created).request.id
  }

  func approve(_ id: String, as person: SessionTokens? = nil) throws {
    let approved = app.send(
      .approvals(.approve(id: id)), json: #"{"reason": "Enjoy"}"#, token: (person ?? mario).accessToken)
    try #require(approved.status == 200, "\(approved.text)")
  }

  @Test func marioApprovesAndEvasBrowserGetsAMessageThatDecryptsToIt() throws {
    try subscribeBrowser("eva-laptop", for: eva)
    let id = try ask()
    try approve(id)
    let round = try sender().sendDue()
    #expect(round.sent == 1 && round.dead == 0)
    #expect(try sender().sendDue().sent == 0, "nothing is due twice")

    let received = try service.waitForReceived(1)
    try #require(received.count == 1)
    let push = received[0]
    #expect(push.error == nil)
    #expect(push.service == "webpush" && push.name == "eva-laptop")
    #expect(push.payload?["title"]?.string == "Mario López approved your request — Vacation, 6–10 April 2026")
    #expect(push.payload?["body"]?.string?.contains("Enjoy") == true)
    #expect(push.payload?["path"]?.string == "/time-off/requests/\(id)")
    #expect(push.payload?["kind"]?.string == "leaveDecisions")
    #expect(push.headers["content-encoding"] == "aes128gcm")
    #expect(push.headers["ttl"] == "86400" && push.headers["urgency"] == "normal")
    #expect(push.headers["topic"] == "leaveDecisions")
    // The stand-in checked the signature; these are the claims it read.
    #expect(push.vapid?["aud"]?.string == service.url)
    #expect(push.vapid?["sub"]?.string == "mailto:ops@atrium-demo.example")
    let key = try JSONText.decode(
      VapidPublicKey.self, from: app.send(.settings(.vapidPublicKey), token: eva.accessToken))
    #expect(
      push.headers["authorization"]?.hasSuffix("k=" + key.key) == true, "signed with the key the page subscribes with")
    #expect(try outbox().allSatisfy { $0.status == "sent" && $0.attempts == 1 && $0.entry.payload.isEmpty })
  }

  @Test func marioPhoneGetsAnAPNsAlertWithHisBadge() throws {
    try registerPhone(Self.marioPhone, for: mario)
    let id = try ask()
    let badge = try JSONText.decode(Badge.self, from: app.send(.board(.badge), token: mario.accessToken))
    #expect(badge.sinceReset >= 1)
    try sender().sendDue()

    let received = try service.waitForReceived(1)
    try #require(received.count == 1)
    let push = received[0]
    #expect(push.error == nil, "the provider token verifies with the key")
    #expect(push.service == "apns" && push.name == Self.marioPhone)
    #expect(push.httpVersion == "2")
    #expect(push.headers["apns-topic"] == "com.example.atrium")
    #expect(push.headers["apns-push-type"] == "alert" && push.headers["apns-priority"] == "10")
    #expect(push.headers["apns-collapse-id"] == "approvalsWaiting")
    let expiration = try #require(push.headers["apns-expiration"].flatMap { Int($0) })
    #expect(expiration > Int(app.environment.now().timeIntervalSince1970))
    #expect(push.jwtHeader?["kid"] == "KEY1234567" && push.jwtHeader?["alg"] == "ES256")
    #expect(push.vapid?["iss"]?.string == "TEAM123456")
    let aps = push.payload?["aps"]
    #expect(aps?["alert"]?["title"]?.string == "Eva Fernández asks for time off — Vacation, 6–10 April 2026")
    #expect(aps?["badge"]?.number == Double(badge.sinceReset), "the badge is his unread count since his reset")
    #expect(aps?["thread-id"]?.string == "approvalsWaiting")
    #expect(push.payload?["atrium"]?["path"]?.string == "/approvals/\(id)")
  }

  @Test func tokensAreReusedForAnHourOrFortyMinutesThenMadeAnew() throws {
    try subscribeBrowser("eva-laptop", for: eva)
    try registerPhone(Self.marioPhone, for: mario)
    let sender = try sender()
    var days = ["2026-05-11", "2026-05-12", "2026-05-13"].makeIterator()
    func pushAndRead() throws -> (vapid: String?, apns: String?) {
      let next = days.next()
      let day = try #require(next)
      // Signed in again: the clock moved past the access tokens' 15 minutes.
      try approve(try ask(day, day, as: try app.login("eva")), as: try app.login("mario"))
      try sender.sendDue()
      let received = try service.received()
      return (
        received.last { $0.service == "webpush" }?.headers["authorization"],
        received.last { $0.service == "apns" }?.headers["authorization"]
      )
    }
    let first = try pushAndRead()
    app.clock.advance(by: 30 * 60)
    try service.setClock(app.environment.now())
    let later = try pushAndRead()
    #expect(first.vapid != nil && later.vapid == first.vapid, "the VAPID token is reused within the hour")
    #expect(first.apns != nil && later.apns == first.apns, "the provider token is reused within 40 minutes")
    app.clock.advance(by: 31 * 60)
    try service.setClock(app.environment.now())
    let next = try pushAndRead()
    #expect(next.vapid != first.vapid && next.apns != first.apns)
    #expect(try service.received().allSatisfy { $0.error == nil })
  }

  @Test func threeRequestsWaitingMakeOnePush() throws {
    try registerPhone(Self.marioPhone, for: mario)
    for week in ["06", "13", "20"] { _ = try ask("2026-07-\(week)", "2026-07-\(week)") }
    let round = try sender().sendDue()
    #expect(round.sent == 3 && round.merged == 2)
    let received = try service.waitForReceived(1)
    #expect(received.count == 1)
    #expect(received.first?.payload?["aps"]?["alert"]?["title"]?.string == "3 requests wait for your decision")
    #expect(received.first?.payload?["atrium"]?["path"]?.string == "/approvals")
    #expect(received.first?.payload?["atrium"]?["count"]?.number == 3)
  }

  @Test func whoTurnedPushOffGetsNothingPushed() throws {
    try subscribeBrowser("eva-laptop", for: eva)
    let off = app.send(
      .settings(.update), json: #"{"notifications": {"leaveDecisions": {"push": false}}}"#, token: eva.accessToken)
    #expect(off.status == 200)
    try approve(try ask())
    #expect(try outbox().isEmpty)
    #expect(try sender().sendDue().claimed == 0)
  }

  @Test func twoInstancesSendingAtOnceSendEachPushOnce() throws {
    try subscribeBrowser("eva-laptop", for: eva)
    try registerPhone(Self.marioPhone, for: mario)
    let second = try TestApp(secondInstanceOf: app)
    var ids: [String] = []
    for day in ["05-04", "05-11", "05-18", "05-25", "06-01", "06-08"] {
      let id = try ask("2026-\(day)", "2026-\(day)")
      try approve(id)
      ids.append(id)
    }
    let senders = [
      try sender("instance-a"),
      try PushSender(environment: second.environment, push: try #require(app.environment.push), holder: "instance-b"),
    ]
    DispatchQueue.concurrentPerform(iterations: 2) { index in _ = try? senders[index].sendDue() }
    _ = try senders[0].sendDue()
    #expect(try outbox().allSatisfy { $0.status == "sent" })
    let received = try service.received()
    #expect(received.allSatisfy { $0.error == nil })
    // Each row went once: rows merged into a push count once with it.
    let rows = try outbox()
    #expect(rows.count == 12)
    #expect(
      received.reduce(0) { $0 + Int($1.payload?["count"]?.number ?? $1.payload?["atrium"]?["count"]?.number ?? 0) }
        == rows.count)
  }

  @Test func aCompanyNoticeIsPushedToEachReaderWithADevice() throws {
    try subscribeBrowser("eva-laptop", for: eva)
    let ana = try app.login("ana")
    let posted = app.send(
      .board(.post), json: #"{"title": "Team lunch on Friday", "body": "At the usual place."}"#,
      token: ana.accessToken)
    #expect(posted.status == 201)
    let round = try sender().sendDue()
    #expect(round.expanded == 1 && round.sent == 1)
    let received = try service.waitForReceived(1)
    #expect(received.first?.payload?["title"]?.string == "Team lunch on Friday")
    #expect(received.first?.payload?["path"]?.string == "/board")
  }

  @Test func aLongNoticeIsShortenedToFitEachService() throws {
    try subscribeBrowser("eva-laptop", for: eva)
    try registerPhone(Self.marioPhone, for: mario)
    let body = String(repeating: "Mañana añadimos más señales. ", count: 300)
    let posted = app.send(
      .board(.post), json: #"{"title": "Obras en la oficina", "body": "\#(body)"}"#,
      token: try app.login("ana").accessToken)
    #expect(posted.status == 201)
    #expect(try sender().sendDue().sent == 2)
    let received = try service.waitForReceived(2)
    let browser = try #require(received.first { $0.service == "webpush" })
    #expect(browser.error == nil && (browser.size ?? .max) <= 4096, "one Web Push record")
    #expect(browser.payload?["body"]?.string?.hasSuffix("…") == true)
    #expect(browser.payload?["body"]?.string?.hasPrefix("Mañana añadimos") == true)
    let phone = try #require(received.first { $0.service == "apns" })
    #expect((phone.size ?? .max) <= 4096, "APNs takes at most 4,096 bytes")
    #expect(phone.payload?["aps"]?["alert"]?["body"]?.string?.hasSuffix("…") == true)
  }

  @Test func aSenderLostMidwayLeavesAClaimThatLapsesAndThePushGoesOnce() throws {
    try subscribeBrowser("eva-laptop", for: eva)
    try approve(try ask())
    // An instance claimed the row and was lost before sending it.
    let now = app.environment.now().milliseconds
    let claimed = try app.database.write {
      try OutboxStore($0).claimDue(channel: .push, holder: "lost", now: now, leaseUntil: now + 60_000, limit: 10)
    }
    #expect(claimed.count == 1)
    #expect(try sender().sendDue().claimed == 0, "another instance leaves a row claimed by a live lease")
    app.clock.advance(by: 61)
    try service.setClock(app.environment.now())
    #expect(try sender().sendDue().sent == 1, "once the lease lapses, another instance sends it")
    #expect(try sender().sendDue().claimed == 0)
    #expect(try service.received().count == 1)
  }

  @Test func aPushAboutSomeoneWhoDeletedTheirAccountIsNotSent() throws {
    try registerPhone(Self.marioPhone, for: mario)
    try subscribeBrowser("eva-laptop", for: eva)
    _ = try ask()
    #expect(try outbox().count == 1, "Mario's push about Eva's request waits")
    let deleted = app.send(
      .me(.deleteAccount), json: #"{"email": "eva@atrium-demo.example", "password": "atrium-demo"}"#,
      token: eva.accessToken)
    #expect(deleted.status == 204)
    #expect(try sender().sendDue().sent == 0)
    #expect(try service.received().isEmpty)
    #expect(try outbox().allSatisfy { $0.status == "skipped" && $0.entry.payload.isEmpty })
  }

  @Test func signingOutEverywhereRemovesTheDevices() throws {
    try registerPhone(Self.marioPhone, for: mario)
    app.clock.advance(by: 1)
    let out = app.send(.auth(.logout(everywhere: true)), token: mario.accessToken)
    #expect(out.status == 204)
    app.clock.advance(by: 1)
    let again = try app.login("mario")
    let devices = try JSONText.decode(
      Page<DeviceBody>.self, from: app.send(.settings(.devices), token: again.accessToken))
    #expect(devices.items.isEmpty)
  }

  @Test func aBrowserSubscriptionMustBeOneAtriumCanPushTo() throws {
    let refused = [
      "not json", #"{"endpoint": "http://push.example.net/x", "keys": {"p256dh": "BAAA", "auth": "AAAA"}}"#,
      try service.subscribe("plain").replacingOccurrences(of: "https://127.0.0.1", with: "http://push.example.net"),
      try service.subscribe("short").replacingOccurrences(of: #""auth": ""#, with: #""auth": "AA"#),
    ]
    for token in refused {
      let body = String(
        decoding: try JSONSerialization.data(withJSONObject: ["platform": "webpush", "token": token]), as: UTF8.self)
      let answer = app.send(.settings(.registerDevice), json: body, token: eva.accessToken)
      #expect(answer.status == 400, "\(token)")
      #expect(answer.problem?.errors?.map(\.field) == ["token"])
    }
    let phone = app.send(
      .settings(.registerDevice), json: #"{"platform": "apns", "token": "not-a-token"}"#, token: eva.accessToken)
    #expect(phone.status == 400)
    // A test's push service on loopback over plain http: only with the tests' setting.
    let loopback = String(
      decoding: try JSONSerialization.data(
        withJSONObject: [
          "platform": "webpush",
          "token": try service.subscribe("loopback").replacingOccurrences(of: "https://", with: "http://"),
        ]), as: UTF8.self)
    #expect(app.send(.settings(.registerDevice), json: loopback, token: eva.accessToken).status == 201)
  }
}

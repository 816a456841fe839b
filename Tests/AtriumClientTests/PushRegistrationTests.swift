import AtriumAPI
import AtriumClient
import AtriumCrypto
import AtriumServices
import AtriumTestSupport
import Foundation
import Testing

/// Issue 18: an iPhone app built on the SDK registers its APNs token, receives an alert with
/// its badge (from the APNs stand-in), reads it into a typed route, resets the badge on return
/// to the foreground, and unregisters on sign-out.
@Suite(.serialized) struct PushRegistrationTests {
  let service: PushServiceStandIn
  let live: LiveServer
  let apnsKey = P256Key()
  /// What APNs gave the app: 32 bytes.
  let deviceToken = Data((0..<32).map { UInt8($0 * 7 % 256) })

  init() throws {
    service = try PushServiceStandIn(apnsPublicKey: apnsKey.publicKey)
    let (key, url, certificate) = (apnsKey, service.url, service.certificatePath)
    live = try LiveServer {
      $0.push = PushSettings(
        apns: APNsSettings(
          url: url, privateKey: key.privateKey, keyID: "KEY1234567", teamID: "TEAM123456",
          topic: "com.example.atrium", caFile: certificate))
    }
    try service.setClock(live.app.environment.now())
  }

  func sendPushes() throws {
    try PushSender(environment: live.app.environment, push: try #require(live.app.environment.push), holder: "a")
      .sendDue()
  }

  /// Eva asks for a day off and Mario approves it; returns the request's id.
  func approvedRequest(_ day: String) throws -> String {
    let eva = try live.app.login("eva").accessToken
    let created = live.app.send(.leave(.create), json: #"{"start": "\#(day)", "end": "\#(day)"}"#, token: eva)
    let id = try JSONText.decode(SavedLeave.self, from: created).request.id
    let approved = live.app.send(
      .approvals(.approve(id: id)), json: "{}", token: try live.app.login("mario").accessToken)
    try #require(approved.status == 200)
    return id
  }

  @Test func anAlertArrivesWithItsBadgeOpensTheRequestAndTheBadgeResets() async throws {
    let (session, _) = try await live.signIn("eva")
    let store = MemoryDeviceRegistrationStore()
    let push = PushRegistration(session: session, store: store)
    let device = try await push.register(deviceToken: deviceToken, name: "Eva's iPhone")
    #expect(device.platform == "apns" && device.name == "Eva's iPhone")
    #expect(push.registered?.id == device.id)
    #expect(push.registered?.token == deviceToken.map { String(format: "%02x", $0) }.joined())
    // The next launch registers the same token: the same device, refreshed.
    #expect(try await push.register(deviceToken: deviceToken, name: "Eva's iPhone").id == device.id)

    // Eva has read nothing: her badge counts what came since her last reset.
    let badge = try await push.badgeReset()
    #expect(badge.sinceReset == 0)
    live.app.clock.advance(by: 1)
    let id = try approvedRequest("2026-04-06")
    try sendPushes()
    let first = try #require(try service.waitForReceived(1).last)
    #expect(first.error == nil && first.name == push.registered?.token)
    let alert = try #require(NotificationPayload(apns: try userInfo(first)))
    #expect(alert.kind == "leaveDecisions")
    #expect(alert.title.hasPrefix("Mario López approved your request"))
    #expect(alert.route == .leaveRequest(id: id))
    #expect(alert.badge == 1, "one notice since the reset")

    live.app.clock.advance(by: 1)
    _ = try approvedRequest("2026-04-07")
    try sendPushes()
    #expect(try NotificationPayload(apns: userInfo(try #require(try service.waitForReceived(2).last)))?.badge == 2)

    // Back in the foreground: the icon's count starts again, and so does the next push's.
    #expect(try await push.badgeReset().sinceReset == 0)
    live.app.clock.advance(by: 1)
    _ = try approvedRequest("2026-04-08")
    try sendPushes()
    #expect(try NotificationPayload(apns: userInfo(try #require(try service.waitForReceived(3).last)))?.badge == 1)
  }

  @Test func signingOutUnregistersTheDevice() async throws {
    let (session, _) = try await live.signIn("eva")
    let store = MemoryDeviceRegistrationStore()
    let push = PushRegistration(session: session, store: store)
    try await push.register(deviceToken: deviceToken, name: "iPhone")
    // A new token (the system may hand one out) replaces the old device.
    let renewed = try await push.register(deviceToken: Data(deviceToken.reversed()), name: "iPhone")
    let eva = try live.app.login("eva").accessToken
    var devices = try JSONText.decode(Page<DeviceBody>.self, from: live.app.send(.settings(.devices), token: eva))
    #expect(devices.items.map(\.id) == [renewed.id])

    await push.signOut()
    #expect(push.registered == nil)
    #expect(await !session.isSignedIn)
    devices = try JSONText.decode(Page<DeviceBody>.self, from: live.app.send(.settings(.devices), token: eva))
    #expect(devices.items.isEmpty)
    _ = try approvedRequest("2026-04-06")
    try sendPushes()
    #expect(try service.received().isEmpty, "nothing is pushed to a phone signed out")
  }

  @Test func payloadsOfEachPlatformReadIntoRoutes() throws {
    #expect(NotificationRoute(path: "/approvals/r1") == .approval(id: "r1"))
    #expect(NotificationRoute(path: "/approvals") == .approvals)
    #expect(NotificationRoute(path: "/time-off/requests/r2") == .leaveRequest(id: "r2"))
    #expect(NotificationRoute(path: "/board") == .board)
    #expect(NotificationRoute(path: "/presence/today") == .home, "a newer server's kind opens the home screen")
    let fcm = NotificationPayload(
      fcm: ["kind": "approvalsWaiting", "path": "/approvals", "count": "3"], title: "3 requests wait for your decision")
    #expect(fcm?.route == .approvals && fcm?.count == 3)
    let web = NotificationPayload(
      webPush: Data(#"{"kind":"companyNotices","title":"Lunch","body":"Friday","path":"/board","count":1}"#.utf8))
    #expect(web?.route == .board && web?.title == "Lunch")
    #expect(NotificationPayload(apns: ["aps": ["alert": "Someone else's app"]]) == nil)
  }

  /// The APNs body as the system hands it to the app.
  func userInfo(_ received: PushServiceStandIn.Received) throws -> [AnyHashable: Any] {
    let data = try JSONEncoder().encode(try #require(received.payload))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [AnyHashable: Any])
  }
}

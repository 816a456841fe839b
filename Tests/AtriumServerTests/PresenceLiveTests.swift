import AtriumAPI
import AtriumDomain
import AtriumHTTP
import AtriumLog
import AtriumServer
import AtriumTestSupport
import Foundation
import Testing

/// Issue 19: a check-in or check-out reaches, as a live event, the people who may see it and
/// nobody else; "a mate checked in" notices come only to those who turned them on.
@Suite(.serialized, .checksBalanceRows) struct PresenceLiveTests {
  let app: TestApp
  let server: HTTPServer
  let tokens: [String: String]
  let ids: [String: String]
  let castellana: BuildingBody

  init() throws {
    app = try TestApp(eventHeartbeat: .milliseconds(300))
    server = try app.startedServer()
    var tokens: [String: String] = [:]
    var ids: [String: String] = [:]
    for name in ["eva", "mario", "lucia", "ana"] {
      let session = try app.login(name)
      tokens[name] = session.accessToken
      ids[name] = session.user.id
    }
    self.tokens = tokens
    self.ids = ids
    let campuses = try JSONText.decode(
      Page<CampusBody>.self, from: app.send(.presence(.campuses), token: tokens["eva"]!)
    ).items
    castellana = try #require(campuses.flatMap(\.buildings).first { $0.name == "Madrid — Castellana" })
  }

  func add(_ mate: String, by person: String) throws {
    let added = app.send(.presence(.addMate), json: #"{"personId": "\#(ids[mate]!)"}"#, token: tokens[person]!)
    try #require(added.status == 201, "\(added.text)")
  }

  func share(_ sharing: String, as person: String = "eva") throws {
    let set = app.send(.presence(.updateSettings), json: #"{"sharing": "\#(sharing)"}"#, token: tokens[person]!)
    try #require(set.status == 200)
  }

  func evaChecksIn() throws {
    let made = app.send(
      .presence(.checkIn),
      json:
        #"{"buildingId": "\#(castellana.id)", "position": {"latitude": \#(castellana.latitude), "longitude": \#(castellana.longitude), "accuracyM": 15, "fixAgeS": 2}}"#,
      token: tokens["eva"]!)
    try #require(made.status == 201, "\(made.text)")
  }

  func stream(_ name: String) throws -> EventStreamReader {
    let stream = try EventStreamReader(port: server.port, token: tokens[name]!)
    try #require(stream.head.status == 200)
    return stream
  }

  /// The names of the events a stream gets until its next heartbeat.
  func eventsUntilHeartbeat(_ stream: EventStreamReader) throws -> [String] {
    var names: [String] = []
    while true {
      let event = try stream.next()
      if event.name == "comment" { return names }
      names.append("\(event.name) \(event.data)")
    }
  }

  func noticeKinds(_ person: String) throws -> [String] {
    try JSONText.decode(
      Page<BoardItem>.self, from: app.send(.board(.notices(unreadOnly: false, page: .first)), token: tokens[person]!)
    ).items.map(\.kind)
  }

  @Test func aCheckInReachesOnlyTheMatesWhoMaySeeIt() throws {
    defer { server.stop() }
    try share("mates")
    try add("mario", by: "eva")
    try add("eva", by: "mario")
    try add("eva", by: "lucia")  // one way: eva never added lucia
    let mario = try stream("mario")
    let lucia = try stream("lucia")
    let ana = try stream("ana")
    #expect(waitUntil { app.app.openEventStreams == 3 })

    try evaChecksIn()
    let arrived = try mario.next(named: "presence")
    #expect(arrived.data == #"{"change":"checkedIn","personId":"\#(ids["eva"]!)"}"#)
    #expect(try eventsUntilHeartbeat(lucia).isEmpty, "lucia may not see eva")
    #expect(try eventsUntilHeartbeat(ana).isEmpty, "an admin gets no individual presence")
    // "A mate checked in" is off until mario turns it on.
    #expect(try !noticeKinds("mario").contains("presence.mateCheckedIn"))

    #expect(app.send(.presence(.checkOut), token: tokens["eva"]!).status == 204)
    #expect(try mario.next(named: "presence").data.contains(#""change":"checkedOut""#))
    #expect(try eventsUntilHeartbeat(lucia).isEmpty)

    // Sharing with everyone: lucia, who keeps eva as a mate, is told too.
    try share("everyone")
    #expect(try lucia.next(named: "presence").data.contains(#""change":"visibility""#), "she may now see eva")
    try evaChecksIn()
    #expect(try lucia.next(named: "presence").data.contains(#""change":"checkedIn""#))
    #expect(try mario.next(named: "presence").data.contains(#""change":"checkedIn""#))
    #expect(try eventsUntilHeartbeat(ana).isEmpty)
  }

  @Test func whoMaySeeWhomChanging_isALiveEventForWhoseViewChanged() throws {
    defer { server.stop() }
    try add("eva", by: "mario")
    try add("eva", by: "lucia")
    try share("mates")
    let mario = try stream("mario")
    let lucia = try stream("lucia")
    #expect(waitUntil { app.app.openEventStreams == 2 })
    // eva adds mario: he may now see her.
    try add("mario", by: "eva")
    let visibility = #"{"change":"visibility","personId":"\#(ids["eva"]!)"}"#
    #expect(try mario.next(named: "presence").data == visibility)
    // eva stops sharing: he may no longer.
    try share("off")
    #expect(try mario.next(named: "presence").data == visibility)
    #expect(try eventsUntilHeartbeat(lucia).isEmpty, "lucia could never see eva: nothing changed for her")
    // Sharing with everyone: both may.
    try share("everyone")
    #expect(try lucia.next(named: "presence").data == visibility)
    #expect(try mario.next(named: "presence").data == visibility)
  }

  @Test func aMateCheckedInNoticeComesOnlyWhenTurnedOn() throws {
    defer { server.stop() }
    let settings = try JSONText.decode(SettingsBody.self, from: app.send(.settings(.show), token: tokens["mario"]!))
    let choice = try #require(settings.notifications["mateCheckIns"])
    #expect(!choice.board && !choice.mail && !choice.push, "off by default on every channel")
    #expect(settings.notificationKinds.contains { $0.id == "mateCheckIns" })

    try share("mates")
    try add("mario", by: "eva")
    try add("eva", by: "mario")
    try add("eva", by: "lucia")
    for person in ["mario", "lucia"] {
      let on = app.send(
        .settings(.update), json: #"{"notifications": {"mateCheckIns": {"board": true}}}"#, token: tokens[person]!)
      try #require(on.status == 200, "\(on.text)")
    }
    let mario = try stream("mario")
    #expect(waitUntil { app.app.openEventStreams == 1 })
    try evaChecksIn()
    let notice = try mario.next(named: "notice")
    #expect(notice.data.contains("Eva Fernández checked in at Madrid — Castellana"))
    let board = try JSONText.decode(
      Page<BoardItem>.self, from: app.send(.board(.notices(unreadOnly: false, page: .first)), token: tokens["mario"]!))
    #expect(board.items.first?.title == "Eva Fernández checked in at Madrid — Castellana")
    #expect(try !noticeKinds("lucia").contains("presence.mateCheckedIn"), "lucia may not see eva: no notice either")
    // Turned on then off again, it stays off (a choice equal to another kind's default is kept).
    let off = app.send(
      .settings(.update), json: #"{"notifications": {"mateCheckIns": {"board": false}}}"#, token: tokens["mario"]!)
    #expect(off.status == 200)
    let everything = app.send(
      .settings(.update), json: #"{"notifications": {"mateCheckIns": true}}"#, token: tokens["mario"]!)
    #expect(everything.status == 200)
    let now = try JSONText.decode(SettingsBody.self, from: app.send(.settings(.show), token: tokens["mario"]!))
    #expect(now.notifications["mateCheckIns"]?.push == true, "every channel on is kept, not dropped as a default")
  }

  @Test func anAdminAllowsCheckingInWithoutAPosition() throws {
    defer { server.stop() }
    let adminToken = tokens["ana"]!
    let refused = app.send(.presence(.checkIn), json: #"{"buildingId": "\#(castellana.id)"}"#, token: tokens["eva"]!)
    #expect(refused.status == 422)
    #expect(
      app.send(.presence(.updatePolicy), json: #"{"checkInWithoutPosition": true}"#, token: tokens["eva"]!).status
        == 403)
    let changed = app.send(.presence(.updatePolicy), json: #"{"checkInWithoutPosition": true}"#, token: adminToken)
    #expect(changed.status == 200)
    #expect(app.send(.presence(.policy), token: tokens["eva"]!).text == #"{"checkInWithoutPosition":true}"#)
    let made = app.send(.presence(.checkIn), json: #"{"buildingId": "\#(castellana.id)"}"#, token: tokens["eva"]!)
    #expect(made.status == 201, "\(made.text)")
    #expect(made.text.contains(#""method":"without-position""#))
    let wrong = app.send(.presence(.updatePolicy), json: #"{"checkInWithoutPosition": "yes"}"#, token: adminToken)
    #expect(wrong.status == 400)
  }
}

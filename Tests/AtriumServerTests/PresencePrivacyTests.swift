import AtriumAPI
import AtriumDomain
import AtriumStore
import AtriumTestSupport
import Foundation
import Testing

/// Issue 19: who sees whose check-in. Eva checks in at Madrid — Castellana; each viewer asks
/// for their mates' check-ins. Sharing is off until she chooses; mates see each other only when
/// each added the other; a manager or an admin sees nothing by their role; admins get counts
/// per building, never names; hidden and never checked in answer the same.
@Suite(.checksBalanceRows) struct PresencePrivacyTests {
  let app: TestApp
  let tokens: [String: String]
  let ids: [String: String]
  let castellana: BuildingBody

  init() throws {
    app = try TestApp()
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
    let latitude = castellana.latitude + 10 / GeoPoint.meanEarthRadius * 180 / .pi
    let made = app.send(
      .presence(.checkIn),
      json:
        #"{"buildingId": "\#(castellana.id)", "position": {"latitude": \#(latitude), "longitude": \#(castellana.longitude), "accuracyM": 15, "fixAgeS": 2}}"#,
      token: tokens["eva"]!)
    try #require(made.status == 201, "\(made.text)")
  }

  /// The raw answer a viewer gets for their mates' check-ins.
  func seenBy(_ viewer: String) -> String {
    app.send(.presence(.mateCheckIns), token: tokens[viewer]!).text
  }

  func sees(_ viewer: String) throws -> [String] {
    try JSONText.decode(Page<MateCheckIn>.self, from: app.send(.presence(.mateCheckIns), token: tokens[viewer]!))
      .items.map { "\($0.person.displayName) @ \($0.checkIn.building.name)" }
  }

  @Test func hiddenLooksExactlyLikeNeverCheckedIn() throws {
    try add("eva", by: "lucia")
    let before = seenBy("lucia")
    try share("mates")
    try evaChecksIn()
    #expect(seenBy("lucia") == before, "lucia added eva, eva did not add lucia: the same answer as before")
    #expect(before == #"{"items":[],"nextCursor":null}"#)
  }

  @Test func offByDefaultEvenForMatesBothWays() throws {
    try add("mario", by: "eva")
    try add("eva", by: "mario")
    try evaChecksIn()
    #expect(try sees("mario").isEmpty, "eva has not chosen to share")
    try share("mates")
    #expect(try sees("mario") == ["Eva Fernández @ Madrid — Castellana"])
    try share("off")
    #expect(try sees("mario").isEmpty)
  }

  @Test func matesOneWayShowNothingEitherWay() throws {
    try share("mates")
    try evaChecksIn()
    try add("mario", by: "eva")  // eva added mario, mario did not add eva
    #expect(try sees("mario").isEmpty)
    try add("eva", by: "lucia")  // lucia added eva, eva did not add lucia
    #expect(try sees("lucia").isEmpty)
  }

  @Test func everyoneMeansAnyoneWhoLooksHerUp() throws {
    try share("everyone")
    try evaChecksIn()
    #expect(try sees("lucia").isEmpty, "a stranger who did not add her has no list with her in it")
    try add("eva", by: "lucia")
    #expect(try sees("lucia") == ["Eva Fernández @ Madrid — Castellana"])
  }

  @Test func managersAndAdminsSeeNoOneByTheirRole_adminsGetCountsOnly() throws {
    try share("mates")
    try evaChecksIn()
    try add("eva", by: "mario")  // her manager
    try add("eva", by: "ana")  // an admin
    #expect(try sees("mario").isEmpty && sees("ana").isEmpty)

    let today = app.send(.presence(.today), token: tokens["ana"]!)
    #expect(today.status == 200)
    let counts = try JSONText.decode(Page<BuildingCount>.self, from: today).items
    #expect(counts.first { $0.building.name == "Madrid — Castellana" }?.people == 1)
    #expect(counts.filter { $0.building.name != "Madrid — Castellana" }.allSatisfy { $0.people == 0 })
    #expect(!today.text.contains("Eva") && !today.text.contains(ids["eva"]!), "never a name or an id")
    #expect(app.send(.presence(.today), token: tokens["mario"]!).status == 403)
  }

  @Test func aPersonTakesAwayOrDeletesTheirHistory_andItGoesAfter30Days() throws {
    try add("mario", by: "eva")
    try evaChecksIn()
    let export = app.send(.presence(.exportHistory), token: tokens["eva"]!)
    #expect(export.headers["Content-Disposition"]?.contains("atrium-presence.json") == true)
    let history = try JSONText.decode(PresenceHistory.self, from: export)
    #expect(history.checkIns.map(\.building.name) == ["Madrid — Castellana"])
    #expect(history.mates.map(\.displayName) == ["Mario López"] && history.settings.sharing == "off")
    #expect(app.send(.presence(.deleteHistory), token: tokens["eva"]!).status == 204)
    #expect(
      try JSONText.decode(PresenceHistory.self, from: app.send(.presence(.exportHistory), token: tokens["eva"]!))
        .checkIns.isEmpty)

    try evaChecksIn()
    app.clock.advance(by: 29 * 86_400)
    app.app.runHousekeeping()
    #expect(try app.database.read { try PresenceStore($0).history(employeeID: ids["eva"]!) }.count == 1)
    app.clock.advance(by: 2 * 86_400)
    app.app.runHousekeeping()
    #expect(try app.database.read { try PresenceStore($0).history(employeeID: ids["eva"]!) }.isEmpty)
  }

  @Test func aMateMustBeSomeoneElseWhoIsActive() throws {
    let me = app.send(.presence(.addMate), json: #"{"personId": "\#(ids["eva"]!)"}"#, token: tokens["eva"]!)
    #expect(me.status == 400 && me.problem?.errors?.map(\.field) == ["personId"])
    let nobody = app.send(.presence(.addMate), json: #"{"personId": "nobody"}"#, token: tokens["eva"]!)
    #expect(nobody.status == 400)
    try add("mario", by: "eva")
    #expect(
      app.send(.presence(.addMate), json: #"{"personId": "\#(ids["mario"]!)"}"#, token: tokens["eva"]!).status == 200)
    let list = try JSONText.decode(Page<PersonName>.self, from: app.send(.presence(.mates), token: tokens["eva"]!))
    #expect(list.items.map(\.displayName) == ["Mario López"])
    #expect(app.send(.presence(.removeMate(id: ids["mario"]!)), token: tokens["eva"]!).status == 204)
    #expect(
      try JSONText.decode(Page<PersonName>.self, from: app.send(.presence(.mates), token: tokens["eva"]!)).items.isEmpty
    )
  }
}

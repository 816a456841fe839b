import AtriumAPI
import AtriumDomain
import AtriumHTTPTypes
import AtriumStore
import AtriumTestSupport
import Foundation
import Testing

/// Issue 19: checking in and out by hand and by a device, decided on the server from the fix.
@Suite(.checksBalanceRows) struct PresenceCheckInTests {
  let app: TestApp
  let eva: String
  let castellana: BuildingBody
  let cuzco: BuildingBody
  let valladolid: BuildingBody

  init() throws {
    app = try TestApp()
    eva = try app.login("eva").accessToken
    let campuses = try JSONText.decode(Page<CampusBody>.self, from: app.send(.presence(.campuses), token: eva)).items
    let buildings = campuses.flatMap(\.buildings)
    castellana = try #require(buildings.first { $0.name == "Madrid — Castellana" })
    cuzco = try #require(buildings.first { $0.name == "Madrid — Cuzco" })
    valladolid = try #require(buildings.first { $0.name == "Valladolid — Campo Grande" })
  }

  /// A fix `metres` north of a building's centre.
  func fix(_ building: BuildingBody, north metres: Double = 10, accuracy: Double = 20, age: Double = 5) -> String {
    let latitude = building.latitude + metres / GeoPoint.meanEarthRadius * 180 / .pi
    return
      #"{"latitude": \#(latitude), "longitude": \#(building.longitude), "accuracyM": \#(accuracy), "fixAgeS": \#(age)}"#
  }

  func me(token: String? = nil) throws -> MyPresence {
    try JSONText.decode(MyPresence.self, from: app.send(.presence(.me), token: token ?? eva))
  }

  func checkIn(_ building: BuildingBody, position: String?) -> HTTPResponse {
    app.send(
      .presence(.checkIn),
      json: #"{"buildingId": "\#(building.id)"\#(position.map { #", "position": \#($0)"# } ?? "")}"#, token: eva)
  }

  @Test func evaChecksInByHandWhereSheIsThenMovesAndChecksOut() throws {
    let nearby = try JSONText.decode(
      Page<NearbyBuilding>.self, from: app.send(.presence(.nearby), json: fix(castellana), token: eva)
    ).items
    #expect(nearby.map(\.building.name) == ["Madrid — Castellana"], "Cuzco is 300 m away: not nearby")
    #expect(nearby.first?.closeness == "inside" && nearby.first?.campusName == "Madrid")

    let made = checkIn(castellana, position: fix(castellana))
    #expect(made.status == 201, "\(made.text)")
    let first = try JSONText.decode(CheckInBody.self, from: made)
    #expect(first.method == "nearby" && first.campus.name == "Madrid" && first.open)
    // Made at 10:00 in Madrid: twelve hours come before midnight.
    #expect(first.endsAt == "2026-03-02T21:00:00.000Z", "\(first.checkedInAt) → \(first.endsAt)")
    #expect(try me().checkIn?.id == first.id)

    let wrong = checkIn(cuzco, position: fix(castellana))
    #expect(wrong.status == 422)
    #expect(
      wrong.problem?.detail
        == #"Your position is not at "Madrid — Cuzco": you can check in by hand only where you are."#)
    #expect(try me().checkIn?.id == first.id, "nothing changed")

    // At the edge of Cuzco's circle (possibly inside) is enough by hand; it replaces the first.
    let moved = try JSONText.decode(
      CheckInBody.self, from: checkIn(cuzco, position: fix(cuzco, north: 70, accuracy: 20)))
    #expect(try me().checkIn?.building.name == "Madrid — Cuzco" && moved.id != first.id)

    #expect(app.send(.presence(.checkOut), token: eva).status == 204)
    #expect(try me().checkIn == nil)
    #expect(app.send(.presence(.checkOut), token: eva).status == 204, "nothing open: still done")
  }

  @Test func aStaleOrImpreciseOrImpossibleFixIsRefusedAndSaysWhy() throws {
    let stale = checkIn(castellana, position: fix(castellana, age: 121))
    #expect(stale.status == 422)
    #expect(stale.problem?.detail == "The position is more than 120 seconds old: ask the device for a new one.")
    let vague = app.send(.presence(.nearby), json: fix(castellana, accuracy: 150), token: eva)
    #expect(vague.status == 422)
    #expect(vague.problem?.detail?.contains("accurate to 100 m or better") == true)
    let nowhere = app.send(
      .presence(.nearby), json: #"{"latitude": 95, "longitude": 0, "accuracyM": 10, "fixAgeS": 1}"#, token: eva)
    #expect(nowhere.status == 400 && nowhere.problem?.errors?.map(\.field) == ["latitude"])
    let event = app.send(
      .presence(.nearby), json: #"{"latitude": 40, "longitude": -3, "accuracyM": 10, "fixAgeS": 1, "event": "AAA"}"#,
      token: eva)
    #expect(event.status == 400 && event.problem?.errors?.map(\.field) == ["event"])
    #expect(try me().checkIn == nil)
  }

  @Test func withoutAPositionOnlyWhereTheCompanyAllowsAndOnlyAtOnesCampuses() throws {
    let refused = checkIn(castellana, position: nil)
    #expect(refused.status == 422 && refused.problem?.detail?.contains("needs your position") == true)
    try app.database.write { try PresencePlacesStore($0).setCheckInWithoutPosition(true) }
    let made = checkIn(castellana, position: nil)
    #expect(made.status == 201)
    #expect(try JSONText.decode(CheckInBody.self, from: made).method == "without-position")
    #expect(checkIn(valladolid, position: nil).status == 422, "Valladolid is not eva's location's campus")
  }

  @Test func aDeviceChecksInAndOutOnlyWhenThePersonTurnedItOn() throws {
    func report(_ body: String) throws -> PositionDecision {
      let answer = app.send(.presence(.position), json: body, token: eva)
      try #require(answer.status == 200, "\(answer.text)")
      return try JSONText.decode(PositionDecision.self, from: answer)
    }
    #expect(try report(fix(castellana)) == PositionDecision(decision: "nothing", reason: "automaticOff"))
    #expect(try me().checkIn == nil)
    let on = app.send(.presence(.updateSettings), json: #"{"automatic": true}"#, token: eva)
    #expect(
      try JSONText.decode(PresenceSettingsBody.self, from: on) == PresenceSettingsBody(sharing: "off", automatic: true))

    let entered = try report(fix(castellana))
    #expect(entered.decision == "checkedIn" && entered.checkIn?.method == "automatic")
    #expect(try report(fix(castellana, north: 20)).reason == "alreadyCheckedIn")
    #expect(try report(fix(castellana, north: 200, accuracy: 30)).reason == "firstFixOutside")
    app.clock.advance(by: 30)
    #expect(try report(fix(castellana, north: 210, accuracy: 30)).reason == "waitingForSecondFix")
    app.clock.advance(by: 31)
    #expect(try report(fix(castellana, north: 220, accuracy: 30)).decision == "checkedOut")
    #expect(try me().checkIn == nil)
    let unknown = app.send(
      .presence(.position),
      json: #"{"latitude": 40, "longitude": -3, "accuracyM": 10, "fixAgeS": 1, "event": "dwell"}"#,
      token: eva)
    #expect(unknown.status == 400 && unknown.problem?.errors?.map(\.field) == ["event"])
  }

  @Test func aCheckInEndsByItselfAfterTwelveHours() throws {
    #expect(checkIn(castellana, position: fix(castellana)).status == 201)
    app.clock.advance(by: 11 * 3600)
    // Signed in again: the access token's 15 minutes have passed.
    #expect(try me(token: try app.login("eva").accessToken).checkIn != nil)
    app.clock.advance(by: 3600)
    #expect(try me(token: try app.login("eva").accessToken).checkIn == nil)
  }

  @Test func sharingIsOffUntilThePersonChooses() throws {
    let initial = try JSONText.decode(PresenceSettingsBody.self, from: app.send(.presence(.settings), token: eva))
    #expect(initial == PresenceSettingsBody(sharing: "off", automatic: false))
    let mates = app.send(.presence(.updateSettings), json: #"{"sharing": "mates"}"#, token: eva)
    #expect(try JSONText.decode(PresenceSettingsBody.self, from: mates).sharing == "mates")
    let bad = app.send(.presence(.updateSettings), json: #"{"sharing": "friends"}"#, token: eva)
    #expect(bad.status == 400 && bad.problem?.errors?.map(\.field) == ["sharing"])
    #expect(try me().settings.sharing == "mates")
  }
}

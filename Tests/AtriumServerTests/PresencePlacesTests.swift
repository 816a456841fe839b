import AtriumAPI
import AtriumDomain
import AtriumTestSupport
import Foundation
import Testing

/// Issue 19: the campuses and buildings people check in at; everyone reads them, admins change
/// them, every bad field is refused by name and changes nothing.
@Suite(.checksBalanceRows) struct PresencePlacesTests {
  let app: TestApp
  let ana: String

  init() throws {
    app = try TestApp()
    ana = try app.login("ana").accessToken
  }

  func campuses(_ token: String) throws -> [CampusBody] {
    try JSONText.decode(Page<CampusBody>.self, from: app.send(.presence(.campuses), token: token)).items
  }

  func madrid() throws -> String {
    let me = try JSONText.decode(User.self, from: app.send(.me(.show), token: ana))
    return me.location.id
  }

  @Test func theDemoHasMadridWithTwoBuildingsAndValladolidWithOne() throws {
    let list = try campuses(try app.login("eva").accessToken)
    #expect(list.map(\.name) == ["Madrid", "Valladolid"])
    let madrid = try #require(list.first)
    #expect(madrid.buildings.map(\.name) == ["Madrid — Castellana", "Madrid — Cuzco"])
    let points = madrid.buildings.compactMap { GeoPoint(latitude: $0.latitude, longitude: $0.longitude) }
    let apart = points[0].distance(to: points[1])
    #expect(apart > 250 && apart < 350, "about 300 m apart: \(apart)")
    #expect(list.last?.buildings.map(\.name) == ["Valladolid — Campo Grande"])
    #expect(madrid.timeZone == "Europe/Madrid")
  }

  @Test func anAdminAddsAndChangesACampusAndItsBuilding() throws {
    let created = app.send(
      .presence(.createCampus),
      json:
        #"{"name": "Sevilla", "timeZone": "Europe/Madrid", "latitude": 37.3891, "longitude": -5.9845, "locationId": "\#(try madrid())"}"#,
      token: ana)
    #expect(created.status == 201)
    let campus = try JSONText.decode(CampusBody.self, from: created)
    let building = app.send(
      .presence(.createBuilding),
      json:
        #"{"campusId": "\#(campus.id)", "name": "Sevilla — Triana", "latitude": 37.3850, "longitude": -6.0030, "radiusM": 120, "address": "Calle Betis 1", "floors": ["0", "1"]}"#,
      token: ana)
    #expect(building.status == 201, "\(building.text)")
    let triana = try JSONText.decode(BuildingBody.self, from: building)
    #expect(triana.radiusM == 120 && triana.floors == ["0", "1"] && triana.address == "Calle Betis 1")

    let moved = app.send(
      .presence(.updateBuilding(id: triana.id)), json: #"{"radiusM": 150, "latitude": 37.386, "longitude": -6.004}"#,
      token: ana)
    #expect(moved.status == 200)
    let listed = try #require(try campuses(ana).first { $0.id == campus.id })
    #expect(listed.buildings.map(\.radiusM) == [150] && listed.buildings.first?.latitude == 37.386)

    let renamed = app.send(.presence(.updateCampus(id: campus.id)), json: #"{"name": "Sevilla Centro"}"#, token: ana)
    #expect(try JSONText.decode(CampusBody.self, from: renamed).name == "Sevilla Centro")
    #expect(app.send(.presence(.deleteCampus(id: campus.id)), token: ana).status == 409, "it still has a building")
    #expect(app.send(.presence(.deleteBuilding(id: triana.id)), token: ana).status == 204)
    #expect(app.send(.presence(.deleteCampus(id: campus.id)), token: ana).status == 204)
    #expect(try !campuses(ana).contains { $0.id == campus.id })

    let actions = try app.database.read {
      try $0.query("SELECT action FROM audit_log WHERE action LIKE 'presence.%' ORDER BY at, seq")
    }.map { $0.string("action") }
    #expect(
      actions == [
        "presence.campus-create", "presence.building-create", "presence.building-update", "presence.campus-update",
        "presence.building-delete", "presence.campus-delete",
      ])
  }

  @Test(arguments: [
    (#"{"name": "X", "timeZone": "Europe/Madrid", "latitude": 90.5, "longitude": 0, "locationId": "LOC"}"#, "latitude"),
    (
      #"{"name": "X", "timeZone": "Europe/Madrid", "latitude": 0, "longitude": -180.5, "locationId": "LOC"}"#,
      "longitude"
    ),
    (#"{"name": "X", "timeZone": "Mars/Olympus", "latitude": 0, "longitude": 0, "locationId": "LOC"}"#, "timeZone"),
    (#"{"name": "", "timeZone": "Europe/Madrid", "latitude": 0, "longitude": 0, "locationId": "LOC"}"#, "name"),
    (
      #"{"name": "X", "timeZone": "Europe/Madrid", "latitude": 0, "longitude": 0, "locationId": "nowhere"}"#,
      "locationId"
    ),
    (#"{"name": "X", "timeZone": "Europe/Madrid", "longitude": 0, "locationId": "LOC"}"#, "latitude"),
  ])
  func aCampusWithABadFieldIsRefusedByName(body: String, field: String) throws {
    let before = try campuses(ana)
    let answer = app.send(
      .presence(.createCampus), json: body.replacingOccurrences(of: "LOC", with: try madrid()), token: ana)
    #expect(answer.status == 400, "\(answer.text)")
    #expect(answer.problem?.errors?.map(\.field) == [field])
    #expect(try campuses(ana) == before)
  }

  @Test(arguments: [
    (#"{"campusId": "CAMPUS", "name": "Y", "latitude": 40.45, "longitude": -3.69, "radiusM": 49}"#, "radiusM"),
    (#"{"campusId": "CAMPUS", "name": "Y", "latitude": 40.45, "longitude": -3.69, "radiusM": 2001}"#, "radiusM"),
    (#"{"campusId": "nowhere", "name": "Y", "latitude": 40.45, "longitude": -3.69, "radiusM": 100}"#, "campusId"),
    (#"{"campusId": "CAMPUS", "name": "Y", "latitude": 40.45, "longitude": -3.69}"#, "radiusM"),
    (
      #"{"campusId": "CAMPUS", "name": "Y", "latitude": 40.45, "longitude": -3.69, "radiusM": 100, "floors": [""]}"#,
      "floors"
    ),
  ])
  func aBuildingWithABadFieldIsRefusedByName(body: String, field: String) throws {
    let before = try campuses(ana)
    let campus = try #require(before.first).id
    let answer = app.send(
      .presence(.createBuilding), json: body.replacingOccurrences(of: "CAMPUS", with: campus), token: ana)
    #expect(answer.status == 400, "\(answer.text)")
    #expect(answer.problem?.errors?.map(\.field) == [field])
    #expect(try campuses(ana) == before)
  }

  @Test func namesAreUniqueAndAChangeMovesLatitudeAndLongitudeTogether() throws {
    let madrid = try #require(try campuses(ana).first)
    let twin = app.send(
      .presence(.createBuilding),
      json:
        #"{"campusId": "\#(madrid.id)", "name": "Madrid — Cuzco", "latitude": 40.45, "longitude": -3.69, "radiusM": 100}"#,
      token: ana)
    #expect(twin.status == 409)
    #expect(twin.problem?.detail?.contains("Madrid — Cuzco") == true)
    let half = app.send(.presence(.updateCampus(id: madrid.id)), json: #"{"latitude": 40.5}"#, token: ana)
    #expect(half.status == 400 && half.problem?.errors?.map(\.field) == ["longitude"], "the one left out")
    #expect(app.send(.presence(.updateBuilding(id: "nowhere")), json: "{}", token: ana).status == 404)
  }
}

import AtriumAPI
import AtriumDomain
import AtriumTestSupport

extension PermissionMatrixTests {
  /// The `presence` section's routes.
  static let presenceRows: [Row] = [
    Row("presenceCampuses", [401, 200, 200, 200, 200, 200]) { _ in .presence(.campuses) },
    Row(
      "createCampus", [401, 403, 403, 403, 403, 201],
      body: .json(
        #"{"name": "Gijón", "timeZone": "Europe/Madrid", "latitude": 43.53, "longitude": -5.66, "locationId": "LOC"}"#)
    ) { _ in .presence(.createCampus) },
    Row("updateCampus", [401, 403, 403, 403, 403, 200], body: .json(#"{"name": "Sevilla Centro"}"#)) {
      .presence(.updateCampus(id: $0.campus))
    },
    Row("deleteCampus", [401, 403, 403, 403, 403, 204]) { .presence(.deleteCampus(id: $0.emptyCampus)) },
    Row(
      "createBuilding", [401, 403, 403, 403, 403, 201],
      body: .json(
        #"{"campusId": "CAMPUS", "name": "Sevilla — Nervión", "latitude": 37.38, "longitude": -5.97, "radiusM": 90}"#)
    ) { _ in .presence(.createBuilding) },
    Row("updateBuilding", [401, 403, 403, 403, 403, 200], body: .json(#"{"radiusM": 150}"#)) {
      .presence(.updateBuilding(id: $0.building))
    },
    Row("deleteBuilding", [401, 403, 403, 403, 403, 204]) { .presence(.deleteBuilding(id: $0.building)) },
    Row("presenceNearby", [401, 200, 200, 200, 200, 200], body: .json(Self.atTriana)) { _ in .presence(.nearby) },
    Row(
      "checkIn", [401, 201, 201, 201, 201, 201],
      body: .json(#"{"buildingId": "BUILDING", "position": \#(Self.atTriana)}"#)
    ) {
      _ in .presence(.checkIn)
    },
    Row("checkOut", [401, 204, 204, 204, 204, 204]) { _ in .presence(.checkOut) },
    Row("presencePosition", [401, 200, 200, 200, 200, 200], body: .json(Self.atTriana)) { _ in .presence(.position) },
    Row("myPresence", [401, 200, 200, 200, 200, 200]) { _ in .presence(.me) },
    Row("presenceSettings", [401, 200, 200, 200, 200, 200]) { _ in .presence(.settings) },
    Row("updatePresenceSettings", [401, 200, 200, 200, 200, 200], body: .json(#"{"sharing": "mates"}"#)) { _ in
      .presence(.updateSettings)
    },
    Row("presenceMates", [401, 200, 200, 200, 200, 200]) { _ in .presence(.mates) },
    Row("addMate", [401, 201, 201, 201, 201, 201], body: .json(#"{"personId": "JAVIER"}"#)) { _ in .presence(.addMate)
    },
    Row("removeMate", [401, 204, 204, 204, 204, 204]) { .presence(.removeMate(id: $0.javier)) },
    Row("mateCheckIns", [401, 200, 200, 200, 200, 200]) { _ in .presence(.mateCheckIns) },
    Row("presenceToday", [401, 403, 403, 403, 403, 200]) { _ in .presence(.today) },
    Row("exportPresenceHistory", [401, 200, 200, 200, 200, 200]) { _ in .presence(.exportHistory) },
    Row("deletePresenceHistory", [401, 204, 204, 204, 204, 204]) { _ in .presence(.deleteHistory) },
    Row("presenceMap", [401, 200, 200, 200, 200, 200]) { .presence(.map(campusID: $0.campus)) },
    Row("presencePolicy", [401, 200, 200, 200, 200, 200]) { _ in .presence(.policy) },
    Row("updatePresencePolicy", [401, 403, 403, 403, 403, 200], body: .json(#"{"checkInWithoutPosition": true}"#)) {
      _ in
      .presence(.updatePolicy)
    },
  ]

  /// A fix at the fixture's building in Sevilla.
  static let atTriana = #"{"latitude": 37.385, "longitude": -6.003, "accuracyM": 15, "fixAgeS": 3}"#
}

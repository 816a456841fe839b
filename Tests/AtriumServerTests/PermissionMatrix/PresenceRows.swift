import AtriumAPI
import AtriumDomain
import AtriumTestSupport

extension PermissionMatrixTests {
  /// The `presence` section's routes.
  static let presenceRows: [Row] = [
    Row("presenceCampuses", [401, 200, 200, 200, 200]) { _ in .presence(.campuses) },
    Row(
      "createCampus", [401, 403, 403, 403, 201],
      body: .json(
        #"{"name": "Gijón", "timeZone": "Europe/Madrid", "latitude": 43.53, "longitude": -5.66, "locationId": "LOC"}"#)
    ) { _ in .presence(.createCampus) },
    Row("updateCampus", [401, 403, 403, 403, 200], body: .json(#"{"name": "Sevilla Centro"}"#)) {
      .presence(.updateCampus(id: $0.campus))
    },
    Row("deleteCampus", [401, 403, 403, 403, 204]) { .presence(.deleteCampus(id: $0.emptyCampus)) },
    Row(
      "createBuilding", [401, 403, 403, 403, 201],
      body: .json(
        #"{"campusId": "CAMPUS", "name": "Sevilla — Nervión", "latitude": 37.38, "longitude": -5.97, "radiusM": 90}"#)
    ) { _ in .presence(.createBuilding) },
    Row("updateBuilding", [401, 403, 403, 403, 200], body: .json(#"{"radiusM": 150}"#)) {
      .presence(.updateBuilding(id: $0.building))
    },
    Row("deleteBuilding", [401, 403, 403, 403, 204]) { .presence(.deleteBuilding(id: $0.building)) },
  ]
}

import AtriumAPI
import AtriumDomain
import AtriumTestSupport

extension PermissionMatrixTests {
  /// The `places` section's routes.
  static let placesRows: [Row] = [
    Row("locations", [401, 200, 200, 200, 200, 200]) { _ in .places(.locations(.first)) },
    Row("createLocation", [401, 403, 403, 403, 403, 201], body: .json(#"{"name": "Sevilla"}"#)) { _ in
      .places(.createLocation)
    },
    Row("updateLocation", [401, 403, 403, 403, 403, 200], body: .json(#"{"name": "Madrid Centro"}"#)) {
      .places(.updateLocation(id: $0.madrid))
    },
    Row("deleteLocation", [401, 403, 403, 403, 403, 204]) { .places(.deleteLocation(id: $0.emptyLocation)) },
    Row("departments", [401, 200, 200, 200, 200, 200]) { _ in .places(.departments(.first)) },
    Row("createDepartment", [401, 403, 403, 403, 403, 201], body: .json(#"{"name": "Finance"}"#)) { _ in
      .places(.createDepartment)
    },
    Row("updateDepartment", [401, 403, 403, 403, 403, 200], body: .json(#"{"name": "Engineering & Data"}"#)) {
      .places(.updateDepartment(id: $0.engineering))
    },
    Row("deleteDepartment", [401, 403, 403, 403, 403, 204]) { .places(.deleteDepartment(id: $0.emptyDepartment)) },
  ]
}

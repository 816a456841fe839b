import AtriumAPI
import AtriumDomain
import AtriumTestSupport

extension PermissionMatrixTests {
  /// The `service` section's routes.
  static let serviceRows: [Row] = [
    Row("health", [200, 200, 200, 200, 200, 200]) { _ in .service(.health) },
    Row("openAPI", [200, 200, 200, 200, 200, 200]) { _ in .service(.openAPI) },
  ]
}

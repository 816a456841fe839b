import AtriumAPI
import AtriumDomain
import AtriumTestSupport

extension PermissionMatrixTests {
  /// The `events` section's routes.
  static let eventsRows: [Row] = [
    Row("events", [401, 200, 200, 200, 200, 200]) { _ in .events(.stream) }
  ]
}

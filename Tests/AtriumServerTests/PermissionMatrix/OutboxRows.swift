import AtriumAPI
import AtriumDomain
import AtriumTestSupport

extension PermissionMatrixTests {
  /// The `outbox` section's routes.
  static let outboxRows: [Row] = [
    Row("outboxStatus", [401, 403, 403, 403, 403, 200]) { _ in .outbox(.status) },
    Row("outbox", [401, 403, 403, 403, 403, 200]) { _ in .outbox(.list(status: .dead, page: .first)) },
  ]
}

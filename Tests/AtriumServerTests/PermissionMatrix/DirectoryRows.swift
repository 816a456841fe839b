import AtriumAPI
import AtriumDomain
import AtriumTestSupport

extension PermissionMatrixTests {
  /// The `directory` section's routes.
  static let directoryRows: [Row] = [
    Row("directory", [401, 403, 403, 403, 403, 200]) { _ in .directory(.show) },
    Row("updateDirectory", [401, 403, 403, 403, 403, 200], body: .json(directory)) { _ in .directory(.update) },
    Row("resetDirectory", [401, 403, 403, 403, 403, 204]) { _ in .directory(.reset) },
    Row("syncDirectory", [401, 403, 403, 403, 403, 409]) { _ in .directory(.sync) },
  ]
}

import AtriumAPI
import AtriumDomain
import AtriumTestSupport

extension PermissionMatrixTests {
  /// The `me` section's routes.
  static let meRows: [Row] = [
    Row("me", [401, 200, 200, 200, 200]) { _ in .me(.show) },
    Row("updateMyPhoto", [401, 200, 200, 200, 200], body: .bytes(png, "image/png")) { _ in .me(.updatePhoto) },
    Row("deleteMyPhoto", [401, 204, 204, 204, 204]) { _ in .me(.deletePhoto) },
    Row("updateMe", [401, 200, 200, 200, 200], body: .json(#"{"bio": "Hello"}"#)) { _ in .me(.update) },
    Row(
      "changePassword", [401, 200, 200, 200, 200],
      body: .json(#"{"current": "atrium-demo", "new": "a-new-password"}"#)
    ) { _ in .me(.changePassword) },
  ]
}

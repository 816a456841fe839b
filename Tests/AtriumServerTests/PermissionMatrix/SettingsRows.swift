import AtriumAPI
import AtriumDomain
import AtriumTestSupport

extension PermissionMatrixTests {
  /// The `settings` section's routes.
  static let settingsRows: [Row] = [
    Row("mySettings", [401, 200, 200, 200, 200, 200]) { _ in .settings(.show) },
    Row("updateSettings", [401, 200, 200, 200, 200, 200], body: .json(#"{"language": "es"}"#)) { _ in .settings(.update)
    },
    Row("devices", [401, 200, 200, 200, 200, 200]) { _ in .settings(.devices) },
    Row("registerDevice", [401, 201, 201, 201, 201, 201], body: .json(#"{"platform": "fcm", "token": "xyz789"}"#)) {
      _ in
      .settings(.registerDevice)
    },
    Row("deleteDevice", [401, 204, 404, 404, 404, 404]) { .settings(.deleteDevice(id: $0.evasDevice)) },
    Row("vapidPublicKey", [401, 200, 200, 200, 200, 200]) { _ in .settings(.vapidPublicKey) },
  ]
}

import AtriumAPI
import AtriumDomain
import AtriumTestSupport

extension PermissionMatrixTests {
  /// The `me` section's routes.
  static let meRows: [Row] = [
    Row("me", [401, 200, 200, 200, 200, 200]) { _ in .me(.show) },
    Row("mySessions", [401, 200, 200, 200, 200, 200]) { _ in .me(.sessions) },
    // Someone else's session is not told apart from one that does not exist.
    Row("endMySession", [401, 204, 404, 404, 404, 404]) { .me(.endSession(id: $0.evasOtherSession)) },
    Row("updateMyPhoto", [401, 200, 200, 200, 200, 200], body: .bytes(png, "image/png")) { _ in .me(.updatePhoto) },
    Row("deleteMyPhoto", [401, 204, 204, 204, 204, 204]) { _ in .me(.deletePhoto) },
    Row("updateMe", [401, 200, 200, 200, 200, 200], body: .json(#"{"bio": "Hello"}"#)) { _ in .me(.update) },
    Row(
      "changePassword", [401, 200, 200, 200, 200, 200],
      body: .json(#"{"current": "atrium-demo", "new": "a-new-password"}"#)
    ) { _ in .me(.changePassword) },
    // Confirmed with eva's address: everyone else typed an address that is not theirs.
    Row(
      "deleteMyAccount", [401, 204, 400, 400, 400, 400],
      body: .json(#"{"email": "eva@atrium-demo.example", "password": "atrium-demo"}"#)
    ) { _ in .me(.deleteAccount) },
    // The matrix's server sends no mail.
    Row(
      "changeMyEmail", [401, 503, 503, 503, 503, 503],
      body: .json(#"{"email": "new.address@atrium-demo.example", "password": "atrium-demo"}"#)
    ) { _ in .me(.changeEmail) },
  ]
}

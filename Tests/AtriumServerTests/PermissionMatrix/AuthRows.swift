import AtriumAPI
import AtriumDomain
import AtriumTestSupport

extension PermissionMatrixTests {
  /// The `auth` section's routes.
  static let authRows: [Row] = [
    Row("login", [200, 200, 200, 200, 200], body: .json(#"{"username": "eva", "password": "atrium-demo"}"#)) { _ in
      .auth(.login)
    },
    Row("refresh", [401, 401, 401, 401, 401], body: .json(#"{"refreshToken": "not-a-token"}"#)) { _ in .auth(.refresh)
    },
    Row("logout", [401, 204, 204, 204, 204], body: .json(#"{"refreshToken": "not-a-token"}"#)) { _ in
      .auth(.logout(everywhere: false))
    },
  ]
}

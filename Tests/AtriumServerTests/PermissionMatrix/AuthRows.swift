import AtriumAPI
import AtriumDomain
import AtriumTestSupport

extension PermissionMatrixTests {
  /// The `auth` section's routes.
  static let authRows: [Row] = [
    Row("login", [200, 200, 200, 200, 200, 200], body: .json(#"{"username": "eva", "password": "atrium-demo"}"#)) { _ in
      .auth(.login)
    },
    Row("refresh", [401, 401, 401, 401, 401, 401], body: .json(#"{"refreshToken": "not-a-token"}"#)) { _ in
      .auth(.refresh)
    },
    Row("logout", [401, 204, 204, 204, 204, 204], body: .json(#"{"refreshToken": "not-a-token"}"#)) { _ in
      .auth(.logout(everywhere: false))
    },
    // The matrix's server sends no mail; an unknown token is refused for anyone.
    Row("forgotPassword", [503, 503, 503, 503, 503, 503], body: .json(#"{"email": "eva@atrium-demo.example"}"#)) { _ in
      .auth(.forgotPassword)
    },
    Row(
      "completePasswordReset", [404, 404, 404, 404, 404, 404],
      body: .json(#"{"token": "x", "password": "p4ssw0rd-long"}"#)
    ) { _ in .auth(.completePasswordReset) },
    // Sign-up is closed until an admin opens it (and needs mail); the link again needs mail.
    Row(
      "signUp", [503, 503, 503, 503, 503, 503],
      body: .json(
        #"{"email": "nora@atrium-demo.example", "password": "p4ssw0rd-long", "firstName": "Nora", "lastName": "Vidal", "phone": "+34600111222"}"#
      )
    ) { _ in .auth(.signUp) },
    Row("resendSignUp", [503, 503, 503, 503, 503, 503], body: .json(#"{"email": "nora@atrium-demo.example"}"#)) { _ in
      .auth(.resendSignUp)
    },
  ]
}

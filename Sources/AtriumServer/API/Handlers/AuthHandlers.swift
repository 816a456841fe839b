import AtriumAPI
import AtriumHTTP
import AtriumHTTPTypes
import AtriumServices
import AtriumWeb

extension AtriumApp {
  /// Signing in and out, and a forgotten password. Login, refresh and the reset are anonymous;
  /// logout needs the session it ends.
  func handle(_ route: Route.Auth, _ request: HTTPRequest, _ principal: Principal?) throws -> HTTPResponse {
    switch route {
    case .login:
      let body = try JSONCoding.decode(LoginRequest.self, from: request)
      return try JSONCoding.response(try auth.login(body, origin: sessionOrigin(of: request)))
    case .refresh:
      let body = try JSONCoding.decode(RefreshRequest.self, from: request)
      return try JSONCoding.response(try auth.refresh(body))
    case .logout(let everywhere):
      let principal = try signedIn(principal)
      let body = request.body.isEmpty && everywhere ? nil : try JSONCoding.decode(LogoutRequest.self, from: request)
      try auth.logout(principal, refreshToken: body?.refreshToken, everywhere: everywhere)
      return HTTPResponse(status: 204)
    case .forgotPassword:
      let body = try JSONCoding.decode(ForgottenPassword.self, from: request)
      try PasswordResetService(environment: environment).request(
        body, origin: clientAddress(of: request), language: readerLanguage(request, nil))
      return HTTPResponse(status: 202)
    case .completePasswordReset:
      let body = try JSONCoding.decode(PasswordReset.self, from: request)
      try PasswordResetService(environment: environment).complete(body)
      return HTTPResponse(status: 204)
    case .signUp:
      let body = try JSONCoding.decode(SignUpRequest.self, from: request)
      let accepted = try SignUpService(environment: environment).signUp(
        body, origin: clientAddress(of: request), language: readerLanguage(request, nil))
      return try JSONCoding.response(accepted, status: 202)
    case .resendSignUp:
      let body = try JSONCoding.decode(ForgottenPassword.self, from: request)
      let accepted = try SignUpService(environment: environment).resend(
        email: body.email, origin: clientAddress(of: request), language: readerLanguage(request, nil))
      return try JSONCoding.response(accepted, status: 202)
    }
  }
}

import AtriumCrypto
import AtriumDomain
import AtriumHTTPTypes
import AtriumServices
import Foundation

/// The web app's sign-in: a session cookie (HttpOnly, SameSite=Lax, Secure behind TLS) that
/// names a token of kind `web` in the same sessions as the API's, so signing out everywhere or
/// a deactivation ends both. Every unsafe request made with the cookie must carry the
/// session's CSRF token, as a form field or the `X-CSRF-Token` header.
package struct WebSessions: Sendable {
  package init(environment: ServerEnvironment, sessions: WebSessionService) {
    self.environment = environment
    self.sessions = sessions
  }

  package static let cookieName = "atrium_session"
  package static let csrfField = "_csrf"
  package static let csrfHeader = "X-CSRF-Token"
  package let environment: ServerEnvironment
  package let sessions: WebSessionService

  /// Who a cookie signs in, with the session's CSRF token.
  package struct Visitor: Sendable {
    package let principal: Principal
    package let sessionID: String
    package let csrfToken: String

    package init(principal: Principal, sessionID: String, csrfToken: String) {
      self.principal = principal
      self.sessionID = sessionID
      self.csrfToken = csrfToken
    }
  }

  /// Starts a session for someone who just signed in; returns the `Set-Cookie` value.
  package func start(for employee: Employee, secure: Bool, origin: SessionOrigin) throws -> String {
    let secret = try sessions.start(for: employee, origin: origin)
    return cookie(secret, secure: secure, maxAge: Int(environment.refreshTokenLifetime))
  }

  /// The visitor a request's cookie names; nil without a cookie, or for an ended, expired or
  /// unknown session or an inactive person.
  package func visitor(of request: HTTPRequest) -> Visitor? {
    guard let secret = request.cookie(Self.cookieName), !secret.isEmpty, secret.count <= 200,
      let session = sessions.session(secret: secret)
    else { return nil }
    return Visitor(principal: session.principal, sessionID: session.sessionID, csrfToken: session.csrfToken)
  }

  /// Ends the visitor's session; returns the `Set-Cookie` value that clears the cookie.
  package func end(_ visitor: Visitor, secure: Bool) throws -> String {
    try sessions.end(sessionID: visitor.sessionID)
    return cookie("", secure: secure, maxAge: 0)
  }

  /// The `Set-Cookie` value that clears the cookie of a session that is already gone.
  package func clearedCookie(secure: Bool) -> String { cookie("", secure: secure, maxAge: 0) }

  /// Whether an unsafe request made with the cookie carries the session's CSRF token.
  package func hasValidCSRFToken(_ request: HTTPRequest, form: [String: String], visitor: Visitor) -> Bool {
    let sent = request.headers[Self.csrfHeader] ?? form[Self.csrfField] ?? ""
    return Crypto.constantTimeEquals(Array(sent.utf8), Array(visitor.csrfToken.utf8))
  }

  /// `Secure` when the visitor reached Atrium over TLS: the public URL says so, or a trusted
  /// proxy does with `X-Forwarded-Proto`.
  package func isSecure(_ request: HTTPRequest) -> Bool {
    if environment.publicURL?.hasPrefix("https://") == true { return true }
    return environment.trustsForwardedFor && request.headers["X-Forwarded-Proto"]?.lowercased() == "https"
  }

  private func cookie(_ value: String, secure: Bool, maxAge: Int) -> String {
    "\(Self.cookieName)=\(value); Path=/; Max-Age=\(maxAge); HttpOnly; SameSite=Lax" + (secure ? "; Secure" : "")
  }
}

import AtriumCrypto
import AtriumDomain
import AtriumHTTP
import AtriumHTTPTypes
import AtriumServices
import Foundation

/// The web app's sign-in: a session cookie (HttpOnly, SameSite=Lax, Secure behind TLS) that
/// names a token of kind `web` in the same sessions as the API's, so signing out everywhere or
/// a deactivation ends both. Every unsafe request made with the cookie must carry the
/// session's CSRF token, as a form field or the `X-CSRF-Token` header.
struct WebSessions: Sendable {
  static let cookieName = "atrium_session"
  static let csrfField = "_csrf"
  static let csrfHeader = "X-CSRF-Token"
  let environment: ServerEnvironment
  let sessions: WebSessionService

  /// Who a cookie signs in, with the session's CSRF token.
  struct Visitor: Sendable {
    let principal: Principal
    let sessionID: String
    let csrfToken: String
  }

  /// Starts a session for someone who just signed in; returns the `Set-Cookie` value.
  func start(for employee: Employee, secure: Bool) throws -> String {
    let secret = try sessions.start(for: employee)
    return cookie(secret, secure: secure, maxAge: Int(environment.refreshTokenLifetime))
  }

  /// The visitor a request's cookie names; nil without a cookie, or for an ended, expired or
  /// unknown session or an inactive person.
  func visitor(of request: HTTPRequest) -> Visitor? {
    guard let secret = request.cookies[Self.cookieName], !secret.isEmpty, secret.count <= 200,
      let session = sessions.session(secret: secret)
    else { return nil }
    return Visitor(
      principal: session.principal, sessionID: session.sessionID,
      csrfToken: sessions.csrfToken(sessionID: session.sessionID))
  }

  /// Ends the visitor's session; returns the `Set-Cookie` value that clears the cookie.
  func end(_ visitor: Visitor, secure: Bool) throws -> String {
    try sessions.end(sessionID: visitor.sessionID)
    return cookie("", secure: secure, maxAge: 0)
  }

  /// Whether an unsafe request made with the cookie carries the session's CSRF token.
  func hasValidCSRFToken(_ request: HTTPRequest, form: [String: String], visitor: Visitor) -> Bool {
    let sent = request.headers[Self.csrfHeader] ?? form[Self.csrfField] ?? ""
    return Crypto.constantTimeEquals(Array(sent.utf8), Array(visitor.csrfToken.utf8))
  }

  /// `Secure` when the visitor reached Atrium over TLS: the public URL says so, or a trusted
  /// proxy does with `X-Forwarded-Proto`.
  func isSecure(_ request: HTTPRequest) -> Bool {
    if environment.publicURL?.hasPrefix("https://") == true { return true }
    return environment.trustsForwardedFor && request.headers["X-Forwarded-Proto"]?.lowercased() == "https"
  }

  private func cookie(_ value: String, secure: Bool, maxAge: Int) -> String {
    "\(Self.cookieName)=\(value); Path=/; Max-Age=\(maxAge); HttpOnly; SameSite=Lax" + (secure ? "; Secure" : "")
  }
}

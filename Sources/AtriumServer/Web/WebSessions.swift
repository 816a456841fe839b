import AtriumCrypto
import AtriumDomain
import AtriumHTTP
import AtriumHTTPTypes
import AtriumServices
import AtriumStore
import Foundation

/// The web app's sign-in: a session cookie (HttpOnly, SameSite=Lax, Secure behind TLS) that
/// names a token of kind `web` in the same sessions as the API's, so signing out everywhere or
/// a deactivation ends both. Every unsafe request made with the cookie must carry the
/// session's CSRF token, as a form field or the `X-CSRF-Token` header.
struct WebSessions: Sendable {
  static let cookieName = "atrium_session"
  static let csrfField = "_csrf"
  static let csrfHeader = "X-CSRF-Token"
  /// A used session's token is moved forward at most this often (a write per hour, not per page).
  static let touchInterval: Int64 = 3_600_000

  let environment: ServerEnvironment

  /// Who a cookie signs in, with the session's CSRF token.
  struct Visitor: Sendable {
    let principal: Principal
    let sessionID: String
    let csrfToken: String
  }

  /// Starts a session for someone who just signed in; returns the `Set-Cookie` value.
  func start(for employee: Employee, secure: Bool) throws -> String {
    let now = environment.now().milliseconds
    let sessionID = environment.makeID()
    let secret = AuthService.newRefreshToken()
    try environment.database.write { connection in
      let sessions = SessionStore(connection)
      try sessions.createSession(id: sessionID, employeeID: employee.id, at: now)
      try sessions.insertToken(hash: AuthService.hash(secret), sessionID: sessionID, at: now, kind: "web")
    }
    return cookie(secret, secure: secure, maxAge: Int(environment.refreshTokenLifetime))
  }

  /// The visitor a request's cookie names; nil without a cookie, or for an ended, expired or
  /// unknown session or an inactive person.
  func visitor(of request: HTTPRequest) -> Visitor? {
    guard let secret = request.cookies[Self.cookieName], !secret.isEmpty, secret.count <= 200 else { return nil }
    let hash = AuthService.hash(secret)
    let now = environment.now().milliseconds
    let lifetime = Int64(environment.refreshTokenLifetime * 1000)
    guard
      let (stored, employee, mustChange) = try? environment.database.read({
        connection -> (SessionStore.StoredToken, Employee, Bool)? in
        guard let stored = try SessionStore(connection).token(hash: hash), stored.kind == "web",
          stored.sessionRevokedAt == nil, now - stored.issuedAt < lifetime,
          let employee = try PeopleStore(connection).employee(id: stored.employeeID), employee.isActive
        else { return nil }
        let mustChange = try AccountStore(connection).account(employeeID: employee.id)?.mustChangePassword ?? false
        return (stored, employee, mustChange)
      })
    else { return nil }
    if now - stored.issuedAt > Self.touchInterval {
      try? environment.database.write { try SessionStore($0).touchToken(hash: hash, at: now) }
    }
    return Visitor(
      principal: Principal(employee: employee, sessionID: stored.sessionID, mustChangePassword: mustChange),
      sessionID: stored.sessionID, csrfToken: csrfToken(sessionID: stored.sessionID))
  }

  /// Ends the visitor's session; returns the `Set-Cookie` value that clears the cookie.
  func end(_ visitor: Visitor, secure: Bool) throws -> String {
    try environment.database.write {
      try SessionStore($0).revokeSession(id: visitor.sessionID, at: environment.now().milliseconds)
    }
    return cookie("", secure: secure, maxAge: 0)
  }

  /// Whether an unsafe request made with the cookie carries the session's CSRF token.
  func hasValidCSRFToken(_ request: HTTPRequest, form: [String: String], visitor: Visitor) -> Bool {
    let sent = request.headers[Self.csrfHeader] ?? form[Self.csrfField] ?? ""
    return Crypto.constantTimeEquals(Array(sent.utf8), Array(visitor.csrfToken.utf8))
  }

  /// Tied to the session and unguessable without the server's key, so nothing is stored.
  func csrfToken(sessionID: String) -> String {
    Base64URL.encode(Crypto.hmacSHA256(key: environment.signingKey, message: Array("csrf:\(sessionID)".utf8)))
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

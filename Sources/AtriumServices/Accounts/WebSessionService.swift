import AtriumCrypto
import AtriumDomain
import AtriumStore
import Foundation

/// The web app's sessions: tokens of kind `web` in the same sessions table as the API's, so
/// signing out everywhere or a deactivation ends both. The cookie that carries the secret is
/// the web app's; this is what the secret names.
package struct WebSessionService: Sendable {
  /// A used session's token is moved forward at most this often (a write per hour, not per page).
  package static let touchInterval: Int64 = 3_600_000

  package let environment: ServerEnvironment

  package init(environment: ServerEnvironment) {
    self.environment = environment
  }

  /// Starts a session for someone who just signed in; returns the secret the cookie carries.
  package func start(for employee: Employee, origin: SessionOrigin) throws -> String {
    let now = environment.now().milliseconds
    let sessionID = environment.makeID()
    let secret = environment.secret(bytes: 32)
    try environment.database.write { connection in
      let sessions = SessionStore(connection)
      try sessions.createSession(
        id: sessionID, employeeID: employee.id, at: now, device: origin.device, address: origin.address)
      try sessions.insertToken(hash: AuthService.hash(secret), sessionID: sessionID, at: now, kind: "web")
    }
    return secret
  }

  /// Who a secret signs in, and their session; nil for an ended, expired or unknown session
  /// or an inactive person.
  package func session(secret: String) -> (principal: Principal, sessionID: String, csrfToken: String)? {
    let hash = AuthService.hash(secret)
    let now = environment.now().milliseconds
    let lifetime = Int64(environment.refreshTokenLifetime * 1000)
    // Every page asks: what this instance kept is read again after any change (a sign-out
    // anywhere, a deactivation) and within a second in any case (`RecentReads`).
    guard let facts = try? environment.recall(\.webSessions, hash, read: { try Self.facts(hash: hash, environment) }),
      now - facts.token.issuedAt < lifetime
    else { return nil }
    if now - facts.token.issuedAt > Self.touchInterval {
      try? environment.database.write { try SessionStore($0).touchToken(hash: hash, at: now) }
    }
    return (
      Principal(
        employee: facts.employee, sessionID: facts.token.sessionID, mustChangePassword: facts.mustChangePassword),
      facts.token.sessionID, facts.csrfToken
    )
  }

  /// The session a secret's hash names, when it is a browser's, not ended, and its person active.
  private static func facts(hash: String, _ environment: ServerEnvironment) throws -> InstanceMemory.WebSessionFacts? {
    try environment.database.read { connection in
      guard let stored = try SessionStore(connection).token(hash: hash), stored.kind == "web",
        stored.sessionRevokedAt == nil,
        let employee = try PeopleStore(connection).employee(id: stored.employeeID), employee.isActive
      else { return nil }
      let mustChange = try AccountStore(connection).account(employeeID: employee.id)?.mustChangePassword ?? false
      return InstanceMemory.WebSessionFacts(
        token: stored, employee: employee, mustChangePassword: mustChange,
        csrfToken: csrfToken(sessionID: stored.sessionID, signingKey: environment.signingKey))
    }
  }

  /// Ends a session at once.
  package func end(sessionID: String) throws {
    try environment.database.write {
      try SessionStore($0).revokeSession(id: sessionID, at: environment.now().milliseconds)
    }
  }

  /// The session's CSRF token: tied to the session and unguessable without the server's key,
  /// so nothing is stored.
  private static func csrfToken(sessionID: String, signingKey: [UInt8]) -> String {
    Base64URL.encode(Crypto.hmacSHA256(key: signingKey, message: Array("csrf:\(sessionID)".utf8)))
  }
}

import AtriumAPI
import AtriumDomain
import AtriumStore
import Foundation

/// Where a person is signed in, and signing one of those sessions out. Ending a session voids
/// its access tokens before the next request (`AuthService.authenticate` checks the session),
/// its refresh tokens, and a browser's cookie.
package struct SessionsService: Sendable {
  package let environment: ServerEnvironment

  package init(environment: ServerEnvironment) {
    self.environment = environment
  }

  package func list(principal: Principal) throws -> Page<SessionBody> {
    let cutoff = environment.now().addingTimeInterval(-environment.refreshTokenLifetime).milliseconds
    let sessions = try environment.database.read {
      try SessionStore($0).activeSessions(employeeID: principal.employee.id, usedSince: cutoff)
    }
    return Page(
      items: sessions.map { session in
        SessionBody(
          id: session.id, kind: session.kind == "web" ? "web" : "app", device: session.device,
          address: session.address, createdAt: Instant.text(session.createdAt),
          lastUsedAt: Instant.text(session.lastUsedAt), current: session.id == principal.sessionID)
      }, nextCursor: nil)
  }

  /// Signs out one of the caller's sessions (the current one too). Another person's session,
  /// or one that does not exist, is a 404 alike.
  package func end(id: String, principal: Principal) throws {
    let now = environment.now().milliseconds
    let found = try environment.database.write { connection -> Bool in
      let store = SessionStore(connection)
      guard try store.owner(ofSession: id) == principal.employee.id else { return false }
      try store.revokeSession(id: id, at: now)
      return true
    }
    guard found else { throw Problem.notFound(.noSession(id: id)) }
  }
}

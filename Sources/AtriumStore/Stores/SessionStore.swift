import AtriumDomain
import AtriumSQL

/// Sign-in sessions and their refresh tokens. A session is one chain of rotated tokens; only
/// SHA-256 hashes of tokens are stored, so a copy of the database signs nobody in.
public struct SessionStore {
  let connection: any DatabaseConnection

  public init(_ connection: any DatabaseConnection) {
    self.connection = connection
  }

  /// A refresh token as stored, with the state of its session.
  public struct StoredToken: Sendable, Hashable {
    public let sessionID: String
    public let employeeID: String
    public let issuedAt: Int64
    /// When the token was exchanged for its successor; a spent token used again is a replay.
    public let spentAt: Int64?
    public let sessionRevokedAt: Int64?
    /// `refresh` (the API's rotating tokens) or `web` (a browser's session cookie).
    public let kind: String
  }

  /// - Parameters:
  ///   - device: what signed in (a browser, the app), as its `User-Agent` said.
  ///   - address: the client's address as the server saw it.
  public func createSession(
    id: String, employeeID: String, at instant: Int64, device: String = "", address: String = ""
  ) throws {
    try connection.execute(
      "INSERT INTO sessions (id, employee_id, created_at, device, address) VALUES (?, ?, ?, ?, ?)",
      .text(id), .text(employeeID), .integer(instant), .text(device), .text(address))
  }

  /// A session that can still be used, for the person's list of where they are signed in.
  public struct ActiveSession: Sendable, Hashable {
    public let id: String
    public let device: String
    public let address: String
    public let createdAt: Int64
    /// The last sign-in, refresh or web page (access tokens between refreshes are not
    /// recorded, so this is at most one access token's lifetime behind).
    public let lastUsedAt: Int64
    /// `web` for a browser's session, `refresh` for an app's.
    public let kind: String
  }

  /// The employee's sessions not ended and used since `since`, most recently used first.
  public func activeSessions(employeeID: String, usedSince since: Int64) throws -> [ActiveSession] {
    try connection.query(
      """
      SELECT s.id, s.device, s.address, s.created_at, MAX(t.issued_at) AS last_used, MIN(t.kind) AS kind
      FROM sessions s JOIN refresh_tokens t ON t.session_id = s.id
      WHERE s.employee_id = ? AND s.revoked_at IS NULL
      GROUP BY s.id, s.device, s.address, s.created_at
      HAVING MAX(t.issued_at) >= ?
      ORDER BY last_used DESC, s.id
      """, .text(employeeID), .integer(since)
    ).map {
      ActiveSession(
        id: $0.string("id"), device: $0.string("device"), address: $0.string("address"),
        createdAt: Int64($0.int("created_at")), lastUsedAt: Int64($0.int("last_used")), kind: $0.string("kind"))
    }
  }

  /// Whose session `id` is; nil when there is none.
  public func owner(ofSession id: String) throws -> String? {
    try connection.queryFirst("SELECT employee_id FROM sessions WHERE id = ?", .text(id))?.string("employee_id")
  }

  public func insertToken(hash: String, sessionID: String, at instant: Int64, kind: String = "refresh") throws {
    try connection.execute(
      "INSERT INTO refresh_tokens (token_hash, session_id, issued_at, kind) VALUES (?, ?, ?, ?)",
      .text(hash), .text(sessionID), .integer(instant), .text(kind))
  }

  /// Moves a web session's token forward, so the session lasts while it is used.
  public func touchToken(hash: String, at instant: Int64) throws {
    try connection.execute(
      "UPDATE refresh_tokens SET issued_at = ? WHERE token_hash = ?", .integer(instant), .text(hash))
  }

  public func token(hash: String) throws -> StoredToken? {
    try connection.queryFirst(
      """
      SELECT t.session_id, t.issued_at, t.spent_at, t.kind, s.employee_id, s.revoked_at
      FROM refresh_tokens t JOIN sessions s ON s.id = t.session_id WHERE t.token_hash = ?
      """, .text(hash)
    ).map {
      StoredToken(
        sessionID: $0.string("session_id"), employeeID: $0.string("employee_id"),
        issuedAt: Int64($0.int("issued_at")), spentAt: $0.optionalInt("spent_at").map(Int64.init),
        sessionRevokedAt: $0.optionalInt("revoked_at").map(Int64.init), kind: $0.string("kind"))
    }
  }

  /// Marks a token spent; returns false when it already was (a concurrent refresh won).
  public func spendToken(hash: String, at instant: Int64) throws -> Bool {
    try connection.execute(
      "UPDATE refresh_tokens SET spent_at = ? WHERE token_hash = ? AND spent_at IS NULL",
      .integer(instant), .text(hash)) == 1
  }

  /// Whether the session was ended (signed out, a refresh token replayed, the account closed).
  /// A session already purged is not reported: its access tokens expired long before.
  /// Who a token speaks for, read in one query: the employee, whether the token's session was
  /// ended, and the account's "valid after" instant (ms). Nil when the employee is gone.
  public func caller(
    employeeID: String, sessionID: String
  ) throws -> (
    employee: Employee, sessionEnded: Bool, validAfter: Int64
  )? {
    try connection.queryFirst(
      """
      SELECT e.*, a.valid_after AS caller_valid_after, s.revoked_at AS caller_revoked_at
      FROM employees e LEFT JOIN accounts a ON a.employee_id = e.id LEFT JOIN sessions s ON s.id = ?
      WHERE e.id = ?
      """, .text(sessionID), .text(employeeID)
    ).map {
      (
        PeopleStore.employee($0), $0.optionalInt("caller_revoked_at") != nil,
        Int64($0.optionalInt("caller_valid_after") ?? 0)
      )
    }
  }

  public func revokeSession(id: String, at instant: Int64) throws {
    try connection.execute(
      "UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL", .integer(instant), .text(id))
  }

  public func revokeAllSessions(employeeID: String, at instant: Int64) throws {
    try connection.execute(
      "UPDATE sessions SET revoked_at = ? WHERE employee_id = ? AND revoked_at IS NULL",
      .integer(instant), .text(employeeID))
  }

  /// Forgets sessions revoked or unused since before `instant`, with their tokens.
  public func purge(before instant: Int64) throws {
    try connection.execute(
      """
      DELETE FROM sessions WHERE (revoked_at IS NOT NULL AND revoked_at < ?)
        OR NOT EXISTS (SELECT 1 FROM refresh_tokens t WHERE t.session_id = sessions.id AND t.issued_at >= ?)
      """, .integer(instant), .integer(instant))
  }
}

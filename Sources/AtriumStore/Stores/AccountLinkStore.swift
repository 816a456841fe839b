import AtriumSQL

/// One-time links sent by mail (a password reset; invitations and confirmations next): each is
/// a random token the person receives, kept here only as its hash.
public struct AccountLinkStore {
  let connection: any DatabaseConnection

  public init(_ connection: any DatabaseConnection) {
    self.connection = connection
  }

  public struct Link: Sendable, Hashable {
    public let purpose: String
    public let employeeID: String
    public let createdAt: Int64
    public let expiresAt: Int64
    public let usedAt: Int64?
    /// What the link is about beyond its person (an address change's new address).
    public let subject: String?
  }

  /// Saves a new link for `employeeID`, and voids the unused ones it had for the same purpose
  /// (sending a new link revokes the last).
  public func create(
    tokenHash: String, purpose: String, employeeID: String, at instant: Int64, expiresAt: Int64,
    subject: String? = nil
  ) throws {
    try connection.execute(
      "DELETE FROM account_links WHERE employee_id = ? AND purpose = ? AND used_at IS NULL", .text(employeeID),
      .text(purpose))
    try connection.execute(
      """
      INSERT INTO account_links (token_hash, purpose, employee_id, created_at, expires_at, subject)
      VALUES (?, ?, ?, ?, ?, ?)
      """, .text(tokenHash), .text(purpose), .text(employeeID), .integer(instant), .integer(expiresAt),
      DatabaseValue(subject))
  }

  public func link(tokenHash: String) throws -> Link? {
    try connection.queryFirst("SELECT * FROM account_links WHERE token_hash = ?", .text(tokenHash)).map {
      Link(
        purpose: $0.string("purpose"), employeeID: $0.string("employee_id"), createdAt: Int64($0.int("created_at")),
        expiresAt: Int64($0.int("expires_at")), usedAt: $0.optionalInt("used_at").map(Int64.init),
        subject: $0.optionalString("subject"))
    }
  }

  /// Marks the link used; false when it already was (a second use races the first and loses).
  public func use(tokenHash: String, at instant: Int64) throws -> Bool {
    try connection.execute(
      "UPDATE account_links SET used_at = ? WHERE token_hash = ? AND used_at IS NULL", .integer(instant),
      .text(tokenHash)) == 1
  }

  /// Forgets links that ended (used or expired) before `cutoff` (housekeeping).
  @discardableResult
  public func forget(before cutoff: Int64) throws -> Int {
    try connection.execute(
      "DELETE FROM account_links WHERE expires_at < ? OR used_at < ?", .integer(cutoff), .integer(cutoff))
  }
}

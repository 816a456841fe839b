import AtriumSQL

/// What an employee signs in with: a local password hash (none for directory accounts), and
/// the "valid after" instant before which every token of theirs is void.
public struct AccountStore {
  let connection: any DatabaseConnection

  public init(_ connection: any DatabaseConnection) {
    self.connection = connection
  }

  /// The stored account of an employee.
  public struct Account: Sendable, Hashable {
    public let employeeID: String
    /// An argon2id encoded hash, or nil when the account has no local password.
    public let passwordHash: String?
    public let mustChangePassword: Bool
    /// Milliseconds since 1970: tokens issued before this instant are refused.
    public let validAfter: Int64
    /// When a signed-up person's account was made, until they confirm their address; nil for
    /// every other account.
    public let unconfirmedSince: Int64?
  }

  public func account(employeeID: String) throws -> Account? {
    try connection.queryFirst("SELECT * FROM accounts WHERE employee_id = ?", .text(employeeID)).map {
      Account(
        employeeID: $0.string("employee_id"), passwordHash: $0.optionalString("password_hash"),
        mustChangePassword: $0.bool("must_change_password"), validAfter: Int64($0.int("valid_after")),
        unconfirmedSince: $0.optionalInt("unconfirmed_since").map(Int64.init))
    }
  }

  /// Creates the account, or replaces its password.
  public func setPassword(employeeID: String, hash: String?, mustChange: Bool) throws {
    try connection.execute(
      """
      INSERT INTO accounts (employee_id, password_hash, must_change_password) VALUES (?, ?, ?)
      ON CONFLICT (employee_id) DO UPDATE SET password_hash = excluded.password_hash,
        must_change_password = excluded.must_change_password
      """,
      .text(employeeID), DatabaseValue(hash), DatabaseValue(mustChange))
  }

  /// Marks the account unconfirmed since `instant`, or confirmed (nil).
  public func setUnconfirmed(employeeID: String, since instant: Int64?) throws {
    try connection.execute(
      "UPDATE accounts SET unconfirmed_since = ? WHERE employee_id = ?", instant.map { .integer($0) } ?? .null,
      .text(employeeID))
  }

  /// The people whose sign-up was never confirmed before `cutoff`: their rows are removed.
  public func unconfirmed(before cutoff: Int64) throws -> [String] {
    try connection.query(
      "SELECT employee_id FROM accounts WHERE unconfirmed_since IS NOT NULL AND unconfirmed_since < ?",
      .integer(cutoff)
    ).map { $0.string("employee_id") }
  }

  /// Voids every token of the employee issued before `instant` (milliseconds since 1970).
  public func setValidAfter(employeeID: String, instant: Int64) throws {
    try connection.execute(
      "UPDATE accounts SET valid_after = ? WHERE employee_id = ?", .integer(instant), .text(employeeID))
  }
}

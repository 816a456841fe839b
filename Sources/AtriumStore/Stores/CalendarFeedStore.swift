import AtriumSQL

/// The secret tokens of personal calendar feeds: one per person, replaced to revoke.
public struct CalendarFeedStore {
  let connection: any DatabaseConnection

  public init(_ connection: any DatabaseConnection) {
    self.connection = connection
  }

  public func token(employeeID: String) throws -> String? {
    try connection.queryFirst("SELECT token FROM calendar_feeds WHERE employee_id = ?", .text(employeeID))?
      .optionalString("token")
  }

  /// Sets (or replaces, revoking the old one) a person's token.
  public func setToken(_ token: String, employeeID: String, at instant: Int64) throws {
    try connection.execute(
      """
      INSERT INTO calendar_feeds (employee_id, token, created_at) VALUES (?, ?, ?)
      ON CONFLICT (employee_id) DO UPDATE SET token = excluded.token, created_at = excluded.created_at
      """, .text(employeeID), .text(token), .integer(instant))
  }

  public func employeeID(token: String) throws -> String? {
    try connection.queryFirst("SELECT employee_id FROM calendar_feeds WHERE token = ?", .text(token))?
      .optionalString("employee_id")
  }
}

import AtriumSQL

/// Failed sign-ins, kept in the database so that every instance counts them alike.
public struct LoginFailureStore {
  let connection: any DatabaseConnection

  public init(_ connection: any DatabaseConnection) {
    self.connection = connection
  }

  /// How many failures since `since`, and the oldest of them (ms), from `address` alone or
  /// for `username` from it.
  public func failures(
    address: String, username: String? = nil, since: Int64
  ) throws -> (
    count: Int, oldest: Int64?
  ) {
    let row =
      if let username {
        try connection.queryFirst(
          """
          SELECT COUNT(*) AS n, MIN(at) AS oldest FROM login_failures
          WHERE address = ? AND at > ? AND username = ?
          """, .text(address), .integer(since), .text(username))
      } else {
        try connection.queryFirst(
          "SELECT COUNT(*) AS n, MIN(at) AS oldest FROM login_failures WHERE address = ? AND at > ?",
          .text(address), .integer(since))
      }
    return (row?.int("n") ?? 0, row?.optionalInt("oldest").map(Int64.init))
  }

  public func record(address: String, username: String, at instant: Int64) throws {
    try connection.execute(
      "INSERT INTO login_failures (address, username, at) VALUES (?, ?, ?)", .text(address), .text(username),
      .integer(instant))
  }

  /// Forgets a username's failures from an address (after it signed in).
  public func clear(address: String, username: String) throws {
    try connection.execute(
      "DELETE FROM login_failures WHERE address = ? AND username = ?", .text(address), .text(username))
  }

  /// Forgets every failure at or before `instant` (outside every window).
  @discardableResult
  public func forget(before instant: Int64) throws -> Int {
    try connection.execute("DELETE FROM login_failures WHERE at <= ?", .integer(instant))
  }
}

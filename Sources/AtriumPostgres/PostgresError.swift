/// A failure reported by PostgreSQL or by libpq, classified by its SQLSTATE.
///
/// `connectionLost` is decided from the connection's state as well as the code: a server that
/// went away mid-statement leaves no SQLSTATE, only a broken connection.
public struct PostgresError: Error, CustomStringConvertible, Sendable {
  /// The five-character SQLSTATE, or "" when libpq failed before the server answered.
  public let sqlState: String
  /// The server's (or libpq's) message, with the statement that failed where known.
  public let message: String
  /// Whether the connection is unusable after this failure.
  public let connectionLost: Bool

  public init(sqlState: String, message: String, connectionLost: Bool = false) {
    self.sqlState = sqlState
    self.message = message
    self.connectionLost = connectionLost || Self.meansConnectionLost(sqlState)
  }

  /// 23505: a row with the same unique key exists.
  public var isUniqueViolation: Bool { sqlState == "23505" }
  /// 23503: a reference to a missing row, or a referenced row still in use.
  public var isForeignKeyViolation: Bool { sqlState == "23503" }
  /// Class 23: any integrity constraint (unique, foreign key, check, not null, exclusion).
  public var isConstraintViolation: Bool { sqlState.hasPrefix("23") }
  /// 40001: a serializable transaction conflicted with another and must run again.
  public var isSerializationFailure: Bool { sqlState == "40001" }
  /// 40P01: two transactions waited for each other; the server chose this one to fail.
  public var isDeadlock: Bool { sqlState == "40P01" }
  /// 55P03 or 57014: a lock or statement timeout ran out.
  public var isTimeout: Bool { sqlState == "55P03" || sqlState == "57014" }

  public var description: String {
    sqlState.isEmpty ? "PostgreSQL: \(message)" : "PostgreSQL error \(sqlState): \(message)"
  }

  /// Class 08 (connection exceptions), and the server shutting down or not yet accepting.
  private static func meansConnectionLost(_ state: String) -> Bool {
    state.hasPrefix("08") || state == "57P01" || state == "57P02" || state == "57P03"
  }
}

import CSQLite

/// An error reported by SQLite, with its extended result code and message.
public struct SQLiteError: Error, CustomStringConvertible, Sendable {
  /// The extended result code (`sqlite3_extended_errcode`).
  public let code: Int32
  /// SQLite's message for the failure, including the statement that failed where known.
  public let message: String

  public init(code: Int32, message: String) {
    self.code = code
    self.message = message
  }

  /// The primary result code (the low byte of the extended code).
  public var primaryCode: Int32 { code & 0xff }

  /// The database was locked by another connection beyond the busy timeout.
  public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }

  /// A UNIQUE or PRIMARY KEY constraint failed.
  public var isUniqueViolation: Bool {
    code == ATRIUM_SQLITE_CONSTRAINT_UNIQUE || code == ATRIUM_SQLITE_CONSTRAINT_PRIMARYKEY
  }

  /// A FOREIGN KEY constraint failed.
  public var isForeignKeyViolation: Bool { code == ATRIUM_SQLITE_CONSTRAINT_FOREIGNKEY }

  /// Any constraint (unique, foreign key, check, not null) failed.
  public var isConstraintViolation: Bool { primaryCode == SQLITE_CONSTRAINT }

  public var description: String { "SQLite error \(code): \(message)" }
}

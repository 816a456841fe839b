/// A value stored in or read from an SQLite column.
public enum SQLiteValue: Sendable, Hashable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob([UInt8])
}

/// One result row: column names shared by every row of a result, and this row's values.
public struct SQLiteRow: Sendable {
  public let columns: [String]
  public let values: [SQLiteValue]

  public init(columns: [String], values: [SQLiteValue]) {
    self.columns = columns
    self.values = values
  }

  /// The value of the named column, or `.null` when the result has no such column.
  public subscript(column: String) -> SQLiteValue {
    guard let index = columns.firstIndex(of: column) else { return .null }
    return values[index]
  }
}

/// A value stored in or read from an SQLite column.
public enum SQLiteValue: Sendable, Hashable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob([UInt8])
}

/// The column names of a result, shared by all its rows, with a lookup by name.
public final class SQLiteColumns: Sendable {
  public let names: [String]
  private let positions: [String: Int]

  public init(_ names: [String]) {
    self.names = names
    var positions: [String: Int] = [:]
    for (index, name) in names.enumerated() where positions[name] == nil { positions[name] = index }
    self.positions = positions
  }

  public func position(of name: String) -> Int? { positions[name] }
}

/// One result row: the result's columns and this row's values.
public struct SQLiteRow: Sendable {
  public let columns: SQLiteColumns
  public let values: [SQLiteValue]

  public init(columns: SQLiteColumns, values: [SQLiteValue]) {
    self.columns = columns
    self.values = values
  }

  /// The value of the named column, or `.null` when the result has no such column.
  public subscript(column: String) -> SQLiteValue {
    guard let index = columns.position(of: column) else { return .null }
    return values[index]
  }
}

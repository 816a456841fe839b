/// A row of a result read where the engine holds it, by column position, while its query runs
/// (`DatabaseConnection.forEachRow`): a long list read this way makes no `DatabaseRow` (an array
/// of values per row, and every one of its strings) before the store makes what it hands out.
/// Valid only inside the body it is handed to.
public protocol ResultRow {
  /// The result's column names, the same for each of its rows: find a name's position once.
  var columns: DatabaseColumns { get }

  /// The value at a column's position; nil (no such column) reads as null, as
  /// `DatabaseRow.subscript(position:)` does.
  subscript(position: Int?) -> DatabaseValue { get }

  /// Whether the column at a position reads as `text` (nil: null, as `optionalString` reads
  /// it), compared where the engine holds it: a row that equals what the caller already has
  /// need not be made again.
  func text(at position: Int?, is text: String?) -> Bool
}

extension ResultRow {
  public func text(at position: Int?, is text: String?) -> Bool {
    self[position].optionalString == text
  }
}

extension DatabaseRow: ResultRow {}

extension DatabaseConnection {
  /// Every row made first (`query`), then handed out one by one: for an engine whose rows
  /// arrive together anyway.
  public func forEachRow(
    _ sql: String, _ arguments: [DatabaseValue], _ body: (any ResultRow) throws -> Void
  ) throws {
    for row in try query(sql, arguments) { try body(row) }
  }
}

import AtriumSQL

/// One table's rows copied from one engine to the other, in batches, and the summary both
/// sides are compared by.
struct TableCopy {
  struct Table: Sendable {
    let name: String
    let columns: [String]
    /// Other tables this one's foreign keys point at: copied first.
    let dependsOn: Set<String>
    /// Columns pointing at this same table (a manager is an employee): copied empty, then
    /// filled in once every row is there.
    let selfReferences: [String]
    /// The key's columns of a table stored `WITHOUT ROWID`, which is paged through by its key;
    /// nil for a table with SQLite's row numbers.
    var keyColumns: [String]? = nil
  }

  /// The number of rows and a checksum of their values that does not depend on their order
  /// (the engines may sort text differently): the sum of each row's FNV-1a hash.
  struct Summary: Equatable {
    var rows = 0
    var checksum: UInt64 = 0
  }

  /// Rows read from the source at a time, and written in one statement.
  static let batchSize = 100

  let table: Table
  let origin: any DatabaseConnection
  let target: any DatabaseConnection

  func run() throws {
    let quoted = table.columns.map { "\"\($0)\"" }
    var after: [DatabaseValue]?
    while true {
      let next = page(after: after)
      let rows = try origin.query(next.sql, next.arguments)
      guard let last = rows.last else { break }
      let marks = "(" + Array(repeating: "?", count: table.columns.count).joined(separator: ", ") + ")"
      var values: [DatabaseValue] = []
      for row in rows {
        for column in table.columns {
          values.append(table.selfReferences.contains(column) ? .null : row[column])
        }
      }
      try target.execute(
        "INSERT INTO \(table.name) (\(quoted.joined(separator: ", "))) VALUES "
          + Array(repeating: marks, count: rows.count).joined(separator: ", "), values)
      after = table.keyColumns?.map { last[$0] } ?? [last["copy_rowid"]]
      if rows.count < Self.batchSize { break }
    }
    try fillSelfReferences()
  }

  /// The batch after the row whose key is `after` (from the first row when nil), in the order
  /// the table is stored: by SQLite's row number (which pages through the table without
  /// sorting it), or by the key of a table stored without one.
  private func page(after: [DatabaseValue]?) -> (sql: String, arguments: [DatabaseValue]) {
    let limit = DatabaseValue.integer(Int64(Self.batchSize))
    guard let key = table.keyColumns else {
      return (
        "SELECT rowid AS copy_rowid, * FROM \(table.name) WHERE rowid > ? ORDER BY rowid LIMIT ?",
        [after?.first ?? .integer(0), limit]
      )
    }
    let columns = key.map { "\"\($0)\"" }.joined(separator: ", ")
    guard let after else { return ("SELECT * FROM \(table.name) ORDER BY \(columns) LIMIT ?", [limit]) }
    let marks = Array(repeating: "?", count: key.count).joined(separator: ", ")
    return (
      "SELECT * FROM \(table.name) WHERE (\(columns)) > (\(marks)) ORDER BY \(columns) LIMIT ?", after + [limit]
    )
  }

  /// Sets the columns that point into the same table, now that every row exists.
  private func fillSelfReferences() throws {
    guard !table.selfReferences.isEmpty, let key = table.columns.first(where: { $0 == "id" }) else { return }
    let columns = table.selfReferences
    let rows = try origin.query(
      "SELECT \(key), \(columns.joined(separator: ", ")) FROM \(table.name) WHERE "
        + columns.map { "\($0) IS NOT NULL" }.joined(separator: " OR "))
    for row in rows {
      try target.execute(
        "UPDATE \(table.name) SET \(columns.map { "\($0) = ?" }.joined(separator: ", ")) WHERE \(key) = ?",
        columns.map { row[$0] } + [row[key]])
    }
  }

  static func summary(of table: Table, on connection: any DatabaseConnection) throws -> Summary {
    var summary = Summary()
    let list = table.columns.map { "\"\($0)\"" }.joined(separator: ", ")
    for row in try connection.query("SELECT \(list) FROM \(table.name)") {
      summary.rows += 1
      summary.checksum &+= hash(table.columns.map { row[$0] })
    }
    return summary
  }

  /// FNV-1a over each value's kind and content. Whole numbers that PostgreSQL reads back as
  /// numbers hash alike on both sides; so do text and bytes.
  private static func hash(_ values: [DatabaseValue]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix(_ bytes: some Sequence<UInt8>) {
      for byte in bytes {
        hash ^= UInt64(byte)
        hash &*= 0x100_0000_01b3
      }
    }
    for value in values {
      switch value {
      case .null: mix([0])
      case .integer(let number): mix([1] + Array(String(number).utf8))
      case .real(let number): mix([2] + Array(String(number).utf8))
      case .text(let text): mix([3] + Array(text.utf8))
      case .blob(let bytes): mix([4] + bytes)
      }
      mix([0xff])
    }
    return hash
  }
}

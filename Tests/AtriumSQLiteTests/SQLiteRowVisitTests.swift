import AtriumSQL
import AtriumSQLite
import Testing

/// Rows read in place as the statement steps (`forEachRow`) hold what `run` returns for them.
@Suite struct SQLiteRowVisitTests {
  @Test func eachRowReadInPlaceEqualsTheRowRunReturns() throws {
    let connection = try SQLiteConnection(path: ":memory:")
    try connection.executeScript("CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB, n TEXT)")
    let inserted: [[DatabaseValue]] = [
      [.integer(42), .real(1.5), .text("José 🌍"), .blob([0, 1, 255]), .null],
      [.integer(-7), .real(0), .text(""), .blob([]), .text("a\u{0}b")],
      [.null, .null, .text("third"), .null, .text("3")],
    ]
    for values in inserted { try connection.run("INSERT INTO t VALUES (?, ?, ?, ?, ?)", values) }
    let sql = "SELECT * FROM t WHERE i IS NULL OR i <> ? ORDER BY rowid"
    let expected = try connection.run(sql, [.integer(0)])
    var visited: [[DatabaseValue]] = []
    try connection.forEachRow(sql, [.integer(0)]) { row in
      #expect(row.columns.names == ["i", "r", "s", "b", "n"])
      visited.append((0..<5).map { row[$0] } + [row[nil], row[row.columns.position(of: "missing")]])
    }
    #expect(visited == expected.map { $0.values + [.null, .null] })
    #expect(visited.map { Array($0.prefix(5)) } == inserted)
  }

  /// Compared in place, a column reads as a text exactly when its value does.
  @Test func aColumnIsATextWhereItsValueReadsAsIt() throws {
    let connection = try SQLiteConnection(path: ":memory:")
    let values: [DatabaseValue] = [
      .text("José 🌍"), .text(""), .text("a\u{0}b"), .null, .integer(42), .real(1.5), .blob(Array("blob".utf8)),
    ]
    let texts: [String?] = [nil, "", "José 🌍", "José", "José 🌍 ", "a\u{0}b", "a", "42", "1.5", "blob"]
    let sql = "SELECT " + values.indices.map { "? AS c\($0)" }.joined(separator: ", ")
    var compared = 0
    try connection.forEachRow(sql, values) { row in
      for (position, value) in values.enumerated() {
        for text in texts {
          #expect(
            row.text(at: position, is: text) == (value.optionalString == text), "\(value) against \(text ?? "nil")")
          compared += 1
        }
      }
      #expect(row.text(at: nil, is: nil) && !row.text(at: nil, is: ""), "no such column reads as null")
    }
    #expect(compared == values.count * texts.count)
  }

  @Test func theStatementIsReusableAfterAVisitThatThrew() throws {
    struct Stop: Error {}
    let connection = try SQLiteConnection(path: ":memory:")
    let sql = "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < ?) SELECT x FROM n"
    var seen = 0
    #expect(throws: Stop.self) {
      try connection.forEachRow(sql, [.integer(10)]) { _ in
        seen += 1
        if seen == 3 { throw Stop() }
      }
    }
    #expect(seen == 3)
    #expect(try connection.run(sql, [.integer(4)]).map { $0["x"] } == [1, 2, 3, 4])
    #expect(!connection.isInTransaction)
  }

  @Test func aBadStatementOrBindingIsAnErrorBeforeAnyRow() throws {
    let connection = try SQLiteConnection(path: ":memory:")
    var called = false
    #expect(throws: SQLiteError.self) { try connection.forEachRow("SELEC 1", []) { _ in called = true } }
    #expect(throws: SQLiteError.self) {
      try connection.forEachRow("SELECT ? + ?", [.integer(1)]) { _ in called = true }
    }
    #expect(!called)
  }
}

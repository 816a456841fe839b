import CSQLite
import Foundation
import Testing

@testable import AtriumSQLite

@Suite struct SQLiteConnectionTests {
  @Test func storesAndReadsEveryValueType() throws {
    let connection = try SQLiteConnection(path: ":memory:")
    try connection.executeScript("CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB, n TEXT)")
    try connection.run(
      "INSERT INTO t VALUES (?, ?, ?, ?, ?)",
      [.integer(42), .real(1.5), .text("José 🌍"), .blob([0, 1, 255]), .null])
    let rows = try connection.run("SELECT * FROM t")
    #expect(rows.count == 1)
    #expect(rows[0]["i"] == .integer(42))
    #expect(rows[0]["r"] == .real(1.5))
    #expect(rows[0]["s"] == .text("José 🌍"))
    #expect(rows[0]["b"] == .blob([0, 1, 255]))
    #expect(rows[0]["n"] == .null)
  }

  /// Texts made for one call come and go, and a new one often has the address of another
  /// freed before it, of the same length but other SQL: each still runs its own statement.
  @Test func eachTextRunsItsOwnStatement_whateverAddressItHas() throws {
    let connection = try SQLiteConnection(path: ":memory:")
    for number in 0..<3_000 {
      let made = "SELECT \(number % 10) AS v, 'a text longer than fifteen bytes' AS w"
      #expect(try connection.run(made)[0]["v"] == .integer(Int64(number % 10)))
    }
  }

  @Test func textWithEmbeddedNulIsKeptWhole() throws {
    let connection = try SQLiteConnection(path: ":memory:")
    let text = "a\u{0}b"
    let rows = try connection.run("SELECT ? AS v", [.text(text)])
    #expect(rows[0]["v"] == .text(text))
  }

  @Test func uniqueViolationIsClassified() throws {
    let connection = try SQLiteConnection(path: ":memory:")
    try connection.executeScript("CREATE TABLE t (name TEXT UNIQUE)")
    try connection.run("INSERT INTO t VALUES (?)", [.text("a")])
    let error = #expect(throws: SQLiteError.self) {
      try connection.run("INSERT INTO t VALUES (?)", [.text("a")])
    }
    #expect(error?.isUniqueViolation == true)
    #expect(error?.isConstraintViolation == true)
    #expect(error?.isBusy == false)
  }

  @Test func wrongParameterCountIsAnErrorNotACrash() throws {
    let connection = try SQLiteConnection(path: ":memory:")
    #expect(throws: SQLiteError.self) { try connection.run("SELECT ? + ?", [.integer(1)]) }
  }

  /// Counting SQLite's memory takes a process-wide mutex on every allocation, which made the
  /// network threads wait on each other; no connection may start it.
  @Test func sqliteKeepsNoMemoryStatistics() throws {
    let connection = try SQLiteConnection(path: ":memory:")
    try connection.executeScript("CREATE TABLE t (s TEXT); INSERT INTO t VALUES (hex(randomblob(50000)))")
    #expect(try connection.run("SELECT length(s) AS n FROM t")[0]["n"] == .integer(100_000))
    #expect(sqlite3_memory_used() == 0)
    #expect(sqlite3_memory_highwater(0) == 0)
  }

  /// Texts made for one call (an `IN` list of as many marks as ids) keep no statement for as
  /// long as the connection lives; the statements run often still answer after the others go.
  @Test func statementsKeptStayBounded() throws {
    let connection = try SQLiteConnection(path: ":memory:")
    try connection.executeScript("CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (1), (2), (3)")
    let hot = "SELECT count(*) AS c FROM t WHERE n >= ?"
    for count in 1...(SQLiteConnection.statementLimit + 100) {
      let marks = Array(repeating: "?", count: count).joined(separator: ", ")
      let rows = try connection.run("SELECT n FROM t WHERE n IN (\(marks))", (1...count).map { .integer(Int64($0)) })
      #expect(rows.count == min(count, 3))
      #expect(try connection.run(hot, [.integer(2)])[0]["c"] == .integer(2))
      #expect(connection.statementsHeld <= SQLiteConnection.statementLimit)
    }
  }

  @Test func syntaxErrorNamesTheStatement() throws {
    let connection = try SQLiteConnection(path: ":memory:")
    let error = #expect(throws: SQLiteError.self) { try connection.run("SELEC 1") }
    #expect(error?.message.contains("SELEC 1") == true)
  }
}

@Suite struct SQLiteEmptyValueTests {
  @Test func emptyTextAndBlobAreNotNull() throws {
    let connection = try SQLiteConnection(path: ":memory:")
    let rows = try connection.run("SELECT ? IS NULL AS t, ? IS NULL AS b", [.text(""), .blob([])])
    #expect(rows[0]["t"] == .integer(0))
    #expect(rows[0]["b"] == .integer(0))
  }
}

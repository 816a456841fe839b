import AtriumPostgres
import AtriumSQL
import AtriumTestSupport
import Foundation
import Testing

/// The libpq driver against a real PostgreSQL server started by the tests.
@Suite struct PostgresConnectionTests {
  private func connect() throws -> PostgresConnection {
    try PostgresConnection(url: try PostgresServer.shared().makeDatabase())
  }

  @Test func valuesRoundTripWithTheirTypes() throws {
    let connection = try connect()
    try connection.executeScript(
      "CREATE TABLE t (i BIGINT, small INTEGER, r DOUBLE PRECISION, s TEXT, b BYTEA, n TEXT)")
    let text = "héllo ‘quoted’ ? 'not a placeholder' 🙂"
    let bytes: [UInt8] = [0, 1, 2, 0xff, 0x7f, 0x80]
    let inserted = try connection.run(
      "INSERT INTO t VALUES (?, ?, ?, ?, ?, ?)",
      [.integer(Int64.min), .integer(42), .real(2.5), .text(text), .blob(bytes), .null])
    #expect(inserted.changes == 1)
    let row = try #require(try connection.run("SELECT * FROM t WHERE s = ? AND '?' = '?'", [.text(text)]).rows.first)
    #expect(row["i"] == .integer(Int64.min))
    #expect(row["small"] == .integer(42))
    #expect(row["r"] == .real(2.5))
    #expect(row["s"] == .text(text))
    #expect(row["b"] == .blob(bytes))
    #expect(row["n"] == .null)
  }

  @Test func emptyTextAndBytesAreNotNull() throws {
    let connection = try connect()
    try connection.executeScript("CREATE TABLE t (s TEXT, b BYTEA)")
    try connection.run("INSERT INTO t VALUES (?, ?)", [.text(""), .blob([])])
    let row = try #require(try connection.run("SELECT s, b FROM t").rows.first)
    #expect(row["s"] == .text(""))
    #expect(row["b"] == .blob([]))
  }

  @Test func aggregatesAndComparisonsReadAsNumbers() throws {
    let connection = try connect()
    try connection.executeScript("CREATE TABLE t (n BIGINT)")
    for value in [1, 2, 3] { try connection.run("INSERT INTO t VALUES (?)", [.integer(Int64(value))]) }
    let row = try #require(
      try connection.run("SELECT SUM(n) AS total, COUNT(*) AS rows, MAX(n) > 2 AS big, AVG(n) AS mean FROM t").rows
        .first)
    #expect(row.int("total") == 6)
    #expect(row["rows"] == .integer(3))
    #expect(row.bool("big"))
    #expect(row["mean"] == .real(2))
  }

  @Test func updatesCountTheRowsTheyChanged() throws {
    let connection = try connect()
    try connection.executeScript("CREATE TABLE t (n BIGINT)")
    for value in 1...5 { try connection.run("INSERT INTO t VALUES (?)", [.integer(Int64(value))]) }
    #expect(try connection.run("UPDATE t SET n = n + 10 WHERE n > ?", [.integer(2)]).changes == 3)
    #expect(try connection.run("DELETE FROM t WHERE n = ?", [.integer(99)]).changes == 0)
  }

  @Test func aStatementRunsAgainWithOtherTypesOfValues() throws {
    // The same text with a null and then a number: two prepared statements, both correct.
    let connection = try connect()
    try connection.executeScript("CREATE TABLE t (n BIGINT)")
    try connection.run("INSERT INTO t VALUES (?)", [.null])
    try connection.run("INSERT INTO t VALUES (?)", [.integer(7)])
    let rows = try connection.run("SELECT n FROM t ORDER BY n NULLS FIRST").rows
    #expect(rows.map { $0["n"] } == [.null, .integer(7)])
  }

  @Test func failuresAreClassifiedBySQLState() throws {
    let connection = try connect()
    try connection.executeScript(
      """
      CREATE TABLE parent (id TEXT PRIMARY KEY);
      CREATE TABLE child (parent_id TEXT REFERENCES parent(id), n INTEGER CHECK (n > 0))
      """)
    try connection.run("INSERT INTO parent VALUES (?)", [.text("a")])
    let duplicate = #expect(throws: PostgresError.self) {
      try connection.run("INSERT INTO parent VALUES (?)", [.text("a")])
    }
    #expect(duplicate?.isUniqueViolation == true)
    let missing = #expect(throws: PostgresError.self) {
      try connection.run("INSERT INTO child VALUES (?, ?)", [.text("b"), .integer(1)])
    }
    #expect(missing?.isForeignKeyViolation == true)
    let check = #expect(throws: PostgresError.self) {
      try connection.run("INSERT INTO child VALUES (?, ?)", [.text("a"), .integer(0)])
    }
    #expect(check?.isConstraintViolation == true && check?.isUniqueViolation == false)
    let syntax = #expect(throws: PostgresError.self) { try connection.run("SELEKT 1") }
    #expect(syntax?.sqlState == "42601")
    #expect(syntax?.connectionLost == false)
    // The connection is still usable after each failure.
    #expect(try connection.run("SELECT 1 AS one").rows.first?.int("one") == 1)
  }

  @Test func textWithANulCharacterIsRefusedBeforeItIsSent() throws {
    let connection = try connect()
    let error = #expect(throws: PostgresError.self) { try connection.run("SELECT ? AS s", [.text("a\u{0}b")]) }
    #expect(error?.sqlState == "22021")
  }

  @Test func anUnreachableServerIsNamedWithoutThePassword() throws {
    let port = try FreePort.loopback()
    let error = #expect(throws: PostgresError.self) {
      try PostgresConnection(url: "postgres://atrium:sup3r-secret@127.0.0.1:\(port)/atrium")
    }
    #expect(error?.connectionLost == true)
    #expect(error?.message.contains("127.0.0.1:\(port)") == true)
    #expect(error?.message.contains("sup3r-secret") == false)
  }

  @Test func aConnectionEndedByTheServerReportsItselfLost() throws {
    let server = try PostgresServer.shared()
    let url = try server.makeDatabase()
    let connection = try PostgresConnection(url: url)
    let pid = try #require(try connection.run("SELECT pg_backend_pid() AS pid").rows.first).int("pid")
    let admin = try PostgresConnection(url: url)
    try admin.run("SELECT pg_terminate_backend(CAST(? AS INTEGER))", [.integer(Int64(pid))])
    let error = #expect(throws: PostgresError.self) { try connection.run("SELECT 1 AS one") }
    #expect(error?.connectionLost == true)
    #expect(connection.isBroken)
  }
}

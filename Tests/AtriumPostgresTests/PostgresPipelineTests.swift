import AtriumPostgres
import AtriumSQL
import AtriumTestSupport
import Testing

/// Transactions whose BEGIN goes with the first statement and whose read-only COMMIT is not
/// awaited (libpq's pipeline mode) behave as if every command were sent on its own.
@Suite struct PostgresPipelineTests {
  private func connect() throws -> (PostgresConnection, url: String) {
    let url = try PostgresServer.shared().makeDatabase()
    return (try PostgresConnection(url: url), url)
  }

  @Test func aTransactionBegunWithItsFirstStatementCommitsAndRollsBack() throws {
    let (connection, url) = try connect()
    try connection.executeScript("CREATE TABLE t (n BIGINT PRIMARY KEY)")
    connection.begin("BEGIN ISOLATION LEVEL SERIALIZABLE")
    #expect(connection.isInTransaction)
    try connection.run("INSERT INTO t VALUES (?)", [.integer(1)])
    try connection.commit()
    #expect(!connection.isInTransaction)
    connection.begin("BEGIN ISOLATION LEVEL SERIALIZABLE")
    try connection.run("INSERT INTO t VALUES (?)", [.integer(2)])
    connection.rollBack()
    #expect(!connection.isInTransaction)
    let other = try PostgresConnection(url: url)
    #expect(try other.run("SELECT n FROM t ORDER BY n").rows.map { $0.int("n") } == [1])
  }

  @Test func aFailedFirstStatementReportsItsOwnErrorAndLeavesTheConnectionUsable() throws {
    let (connection, _) = try connect()
    try connection.executeScript("CREATE TABLE t (n BIGINT PRIMARY KEY)")
    try connection.run("INSERT INTO t VALUES (?)", [.integer(1)])
    // The same statement prepared and run with the BEGIN, failing on its first run.
    connection.begin("BEGIN ISOLATION LEVEL SERIALIZABLE")
    let sql = "INSERT INTO t VALUES (? + 0)"
    let duplicate = #expect(throws: PostgresError.self) { try connection.run(sql, [.integer(1)]) }
    #expect(duplicate?.isUniqueViolation == true)
    connection.rollBack()
    #expect(!connection.isInTransaction)
    // Its name was taken on the server by the PREPARE that succeeded: running it again works.
    #expect(try connection.run(sql, [.integer(2)]).changes == 1)
    connection.begin("BEGIN")
    let typo = #expect(throws: PostgresError.self) { try connection.run("SELEC 1") }
    #expect(typo?.sqlState == "42601")
    connection.rollBack()
    #expect(try connection.run("SELECT COUNT(*) AS n FROM t").rows.first?.int("n") == 2)
  }

  @Test func aReadOnlyCommitNotAwaitedEndsTheTransactionBeforeTheNextStatement() throws {
    let (connection, url) = try connect()
    try connection.executeScript("CREATE TABLE t (n BIGINT)")
    let writer = try PostgresConnection(url: url)
    for round in 1...3 {
      connection.begin("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
      let seen = try connection.run("SELECT COUNT(*) AS n FROM t").rows.first?.int("n")
      #expect(seen == round - 1)
      try connection.commitWithoutWaiting()
      #expect(!connection.isInTransaction, "a transaction whose COMMIT is on its way is over")
      // Written after the read's snapshot: the next read must see it, in a fresh snapshot.
      try writer.run("INSERT INTO t VALUES (?)", [.integer(Int64(round))])
    }
    try connection.executeScript("SELECT 1")
    #expect(try connection.run("SELECT COUNT(*) AS n FROM t").rows.first?.int("n") == 3)
  }

  @Test func independentQueriesRunTogetherEachWithItsOwnRows() throws {
    let (connection, _) = try connect()
    try connection.executeScript("CREATE TABLE t (n BIGINT)")
    for n in 1...3 { try connection.run("INSERT INTO t VALUES (?)", [.integer(Int64(n))]) }
    let atLeast = "SELECT n FROM t WHERE n >= ? ORDER BY n"
    connection.begin("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
    // The same statement twice in one batch is prepared once.
    let results = try connection.runAll([
      (atLeast, [.integer(2)]), ("SELECT COUNT(*) AS c FROM t", []), (atLeast, [.integer(3)]),
    ])
    try connection.commitWithoutWaiting()
    #expect(results[0].map { $0.int("n") } == [2, 3])
    #expect(results[1].first?.int("c") == 3)
    #expect(results[2].map { $0.int("n") } == [3])
    // A failure names its own statement, and the connection stays usable.
    let failed = #expect(throws: PostgresError.self) {
      try connection.runAll([(atLeast, [.integer(1)]), ("SELECT missing_column FROM t", [])])
    }
    #expect(failed?.message.contains("missing_column") == true)
    #expect(!connection.isInTransaction)
    #expect(try connection.runAll([(atLeast, [.integer(3)])]).map { $0.map { $0.int("n") } } == [[3]])
  }

  @Test func aTransactionThatRunsNothingLeavesTheConnectionIdle() throws {
    let (connection, _) = try connect()
    connection.begin("BEGIN ISOLATION LEVEL SERIALIZABLE")
    try connection.commit()
    connection.begin("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
    try connection.commitWithoutWaiting()
    #expect(!connection.isInTransaction)
    #expect(try connection.run("SELECT 1 AS one").rows.first?.int("one") == 1)
  }
}

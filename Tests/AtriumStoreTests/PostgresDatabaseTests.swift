import AtriumPostgres
import AtriumSQL
import AtriumStore
import AtriumTestSupport
import Foundation
import Testing

/// PostgreSQL keeps the promises `SQLiteDatabase` makes (see `DatabaseTests`): migrations
/// once, no lost write among concurrent writers, nested writes as savepoints.
@Suite struct PostgresDatabaseTests {
  private func database(migrations: [Migration] = Schema.migrations) throws -> PostgresDatabase {
    try PostgresDatabase(url: try PostgresServer.shared().makeDatabase(), migrations: migrations)
  }

  @Test func everyMigrationAppliesOnceAndAgainChangesNothing() throws {
    let url = try PostgresServer.shared().makeDatabase()
    let first = try PostgresDatabase(url: url)
    #expect(try Migrator(migrations: Schema.migrations).migrate(first).isEmpty)
    let applied = try first.read { try $0.query("SELECT version FROM schema_migrations ORDER BY version") }
    #expect(applied.map { $0.int("version") } == Schema.migrations.map(\.version))
  }

  @Test func instancesStartingTogetherApplyEachMigrationOnce() throws {
    let url = try PostgresServer.shared().makeDatabase()
    let failures = LogRecorder()
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      do { _ = try PostgresDatabase(url: url) } catch { failures.sink.write("\(error)") }
    }
    #expect(failures.lines.isEmpty)
    let database = try PostgresDatabase(url: url)
    let count = try database.read { try $0.queryFirst("SELECT COUNT(*) AS n FROM schema_migrations") }
    #expect(count?.int("n") == Schema.migrations.count)
  }

  @Test func concurrentReadModifyWritesLoseNothing() throws {
    // Each write reads the counter and writes it back plus one: without serializable writes
    // (and retries of the conflicts), increments would be lost.
    let database = try database(migrations: [])
    try database.write {
      try $0.execute("CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)")
      try $0.execute("INSERT INTO counter VALUES (1, 0)")
    }
    let failures = LogRecorder()
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<25 {
        do {
          try database.write { connection in
            let n = try connection.queryFirst("SELECT n FROM counter WHERE id = 1")?.int("n") ?? 0
            try connection.execute("UPDATE counter SET n = ? WHERE id = 1", .integer(Int64(n + 1)))
          }
        } catch {
          failures.sink.write("\(error)")
        }
      }
    }
    #expect(failures.lines.isEmpty)
    #expect(try database.read { try $0.queryFirst("SELECT n FROM counter")?.int("n") } == 200)
  }

  @Test func aConflictCaughtInsideTheWriteStillRunsItAgain() throws {
    // As a request handler does: the nested write's failure becomes an answer inside the
    // outer write. A conflict must still send the whole write round again.
    let database = try database(migrations: [])
    try database.write {
      try $0.execute("CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)")
      try $0.execute("INSERT INTO counter VALUES (1, 0)")
    }
    let answers = Shared<[String]>([])
    DispatchQueue.concurrentPerform(iterations: 6) { _ in
      for _ in 0..<20 {
        let answer =
          (try? database.write { _ -> String in
            do {
              try database.write { connection in
                let n = try connection.queryFirst("SELECT n FROM counter WHERE id = 1")?.int("n") ?? 0
                try connection.execute("UPDATE counter SET n = ? WHERE id = 1", .integer(Int64(n + 1)))
              }
              return "done"
            } catch {
              return "answered: \(error)"
            }
          }) ?? "thrown"
        answers.update { $0.append(answer) }
      }
    }
    #expect(answers.value.allSatisfy { $0 == "done" })
    #expect(try database.read { try $0.queryFirst("SELECT n FROM counter")?.int("n") } == 120)
  }

  @Test func aFailedNestedWriteIsUndoneAloneAndTheOuterOneGoesOn() throws {
    let database = try database(migrations: [])
    try database.write { try $0.execute("CREATE TABLE t (v INTEGER PRIMARY KEY)") }
    try database.write { connection in
      try connection.execute("INSERT INTO t VALUES (1)")
      let nested = #expect(throws: DatabaseError.self) {
        try database.write { try $0.execute("INSERT INTO t VALUES (1)") }
      }
      #expect(nested?.isUniqueViolation == true)
      // PostgreSQL aborts a transaction after an error; the savepoint's rollback revives it.
      try connection.execute("INSERT INTO t VALUES (2)")
    }
    let values = try database.read { try $0.query("SELECT v FROM t ORDER BY v") }
    #expect(values.map { $0.int("v") } == [1, 2])
  }

  @Test func aThrowingWriteLeavesNothingBehind() throws {
    struct Refused: Error {}
    let database = try database(migrations: [])
    try database.write { try $0.execute("CREATE TABLE t (v INTEGER)") }
    #expect(throws: Refused.self) {
      try database.write { connection in
        try connection.execute("INSERT INTO t VALUES (1)")
        throw Refused()
      }
    }
    #expect(try database.read { try $0.queryFirst("SELECT COUNT(*) AS n FROM t")?.int("n") } == 0)
  }

  @Test func aReadIsOneSnapshotAndCannotWrite() throws {
    let database = try database(migrations: [])
    try database.write { try $0.execute("CREATE TABLE t (v INTEGER)") }
    let error = #expect(throws: DatabaseError.self) {
      try database.read { try $0.execute("INSERT INTO t VALUES (1)") }
    }
    #expect(error?.isUniqueViolation == false)
  }

  @Test func aDroppedConnectionIsReplacedAndTheReadTriedAgain() throws {
    let url = try PostgresServer.shared().makeDatabase()
    let database = try PostgresDatabase(url: url, migrations: [])
    let pid = try database.read { try $0.queryFirst("SELECT pg_backend_pid() AS pid")?.int("pid") ?? 0 }
    // Another connection ends the pooled one, as a server restart or a network cut would.
    try PostgresConnection(url: url).run("SELECT pg_terminate_backend(CAST(? AS INTEGER))", [.integer(Int64(pid))])
    let again = try database.read { try $0.queryFirst("SELECT pg_backend_pid() AS pid")?.int("pid") ?? 0 }
    #expect(again != 0 && again != pid)
  }

  @Test func anUnreachableServerIsReportedUnavailableWithItsHost() throws {
    let port = try FreePort.loopback()
    let error = #expect(throws: DatabaseError.self) {
      try PostgresDatabase(url: "postgres://atrium:hunter22@127.0.0.1:\(port)/atrium")
    }
    #expect(error?.isUnavailable == true)
    #expect(error?.message.contains("127.0.0.1:\(port)") == true)
    #expect(error?.message.contains("hunter22") == false)
  }
}

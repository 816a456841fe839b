import AtriumPostgres
import AtriumSQL
import AtriumStore
import AtriumTestSupport
import Testing

/// On PostgreSQL, a change to a row that instances keep in memory tells every instance when
/// it commits (migration 23), whichever path made it. PostgreSQL only: SQLite has one instance.
@Suite struct CachedRowsTests {
  @Test(arguments: [
    "UPDATE employees SET position = 'x' WHERE id = 'nobody'",
    "DELETE FROM employees WHERE id = 'nobody'",
    "UPDATE accounts SET valid_after = 1 WHERE employee_id = 'nobody'",
    "UPDATE sessions SET revoked_at = 1 WHERE id = 'nobody'",
    "UPDATE locations SET time_zone = 'UTC' WHERE id = 'nobody'",
    "UPDATE settings SET language = 'es' WHERE employee_id = 'nobody'",
    "UPDATE company SET name = 'x' WHERE id = 0",
    "UPDATE leave_types SET name = 'x' WHERE id = 'nobody'",
    "UPDATE accounts SET must_change_password = 1 WHERE employee_id = 'nobody'",
  ])
  func aChangeToACachedTableIsAnnounced(statement: String) throws {
    let url = try PostgresServer.shared().makeDatabase()
    let database = try PostgresDatabase(url: url)
    let listener = PostgresListener(url: url, channel: CachedRows.channel)
    #expect(try listener.wait(milliseconds: 100), "the first connection reports a wake-up")
    try database.write { try $0.execute("UPDATE departments SET name = name WHERE id = 'nobody'") }
    #expect(try !listener.wait(milliseconds: 200), "a table nobody keeps in memory is not announced")
    try database.write { try $0.execute(statement) }
    #expect(try listener.wait(milliseconds: 10_000))
  }
}

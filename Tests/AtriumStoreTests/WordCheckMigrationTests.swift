import AtriumDomain
import AtriumSQL
import AtriumStore
import AtriumTestSupport
import Testing

/// Migration 49: each CHECK of a column's allowed words is a chain of comparisons, which
/// SQLite checks without building a temporary table, and still allows and refuses what it did.
@Suite struct WordCheckMigrationTests {
  @Test func writesOfTheCheckedColumnsBuildNoTemporaryTable() throws {
    let directory = TemporaryDirectory()
    let database = try SQLiteDatabase(path: directory.path + "/db.sqlite")
    try database.write { connection in
      for check in Schema.wordChecks {
        let text = try connection.queryFirst(
          "SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?", .text(check.table))?.string("sql")
        #expect(text?.contains("\(check.column) = '\(check.words[0])' OR ") == true, "\(check.table).\(check.column)")
        let program = try connection.query(
          "EXPLAIN UPDATE \(check.table) SET \(check.column) = ? WHERE rowid = 0", .text(check.words[0]))
        #expect(
          !program.contains { $0.string("opcode") == "OpenEphemeral" },
          "writing \(check.table).\(check.column) builds a temporary table")
      }
    }
  }

  @Test func theChecksAllowTheirWordsAndRefuseOthers() throws {
    let directory = TemporaryDirectory()
    let database = try SQLiteDatabase(path: directory.path + "/db.sqlite")
    try database.write { connection in
      for audience in ["person", "everyone", "department", "location", "admins"] {
        try connection.execute(
          "INSERT INTO live_events (kind, data, audience, created_at) VALUES ('k', '{}', ?, 0)", .text(audience))
      }
      try StoreFixture.eva(on: connection)
      let day = try LeaveSpan(start: CalendarDate("2026-03-02")!, end: CalendarDate("2026-03-02")!)
      try LeaveRequestStore(connection).insert(
        LeaveRequest(id: "r", employeeID: "e", typeID: "t", span: day, status: .pending),
        time: WorkingTime(perDate: [day.start: HalfDays(days: 1)]), at: 0)
      for status in LeaveStatus.allCases {
        try connection.execute("UPDATE leave_requests SET status = ? WHERE id = 'r'", .text(status.rawValue))
      }
    }
    for (statement, word) in [
      ("INSERT INTO live_events (kind, data, audience, created_at) VALUES ('k', '{}', ?, 0)", "team"),
      ("UPDATE leave_requests SET status = ? WHERE id = 'r'", "Pending"),
      ("UPDATE employees SET role = ? WHERE id = 'e'", "owner"),
    ] {
      #expect(throws: DatabaseError.self, "\(word) is refused") {
        try database.write { try $0.execute(statement, .text(word)) }
      }
    }
    let statuses = try database.read { try $0.query("SELECT status FROM leave_requests").map { $0.string("status") } }
    #expect(statuses == ["cancelled"])
  }
}

import AtriumDomain
import AtriumSQL
import AtriumStore
import AtriumTestSupport
import Testing

/// Migration 50: a request's days, its history and its approval lines stored in their keys'
/// order (`WITHOUT ROWID`), with every row, index and rule they had.
@Suite struct KeyedTablesMigrationTests {
  static let tables = ["leave_request_days", "leave_history", "approval_lines"]

  @Test func theTablesKeepTheirRowsIndexesAndRules() throws {
    let directory = TemporaryDirectory()
    let path = directory.path + "/db.sqlite"
    let old = try SQLiteDatabase(path: path, migrations: Schema.migrations.filter { $0.version <= 49 })
    let week = try LeaveSpan(start: CalendarDate("2026-03-02")!, end: CalendarDate("2026-03-06")!)
    try StoreFixture.writeBeforeTeams(old) { connection in
      try connection.execute("INSERT INTO departments (id, name) VALUES ('d', 'Ventas')")
      try connection.execute(
        "INSERT INTO locations (id, name, time_zone, weekend_days) VALUES ('l', 'Madrid', 'UTC', '6,7')")
      let people = PeopleStore(connection)
      for (id, manager) in [("boss", nil), ("mario", "boss"), ("eva", "mario")] as [(String, String?)] {
        try people.insert(
          Employee(
            id: id, username: id, email: "\(id)@example.com", firstName: id, lastName: "Vidal", departmentID: "d",
            locationID: "l", managerID: manager))
      }
      try LeaveSettingsStore(connection).insert(LeaveType(id: "t", name: "Sabbatical"))
      let requests = LeaveRequestStore(connection)
      for (index, id) in ["r1", "r2"].enumerated() {
        let span = try LeaveSpan(start: week.start.adding(days: index * 7), end: week.end.adding(days: index * 7))
        let days = Dictionary(uniqueKeysWithValues: (0..<5).map { (span.start.adding(days: $0), HalfDays(days: 1)) })
        try requests.insert(
          LeaveRequest(id: id, employeeID: "eva", typeID: "t", span: span, status: .pending),
          time: WorkingTime(perDate: days), at: 0)
        try requests.appendHistory(
          id: "h-\(id)", requestID: id, .init(actorID: "eva", at: 0, action: "create", from: nil, to: .pending))
      }
    }
    let before = try Self.rows(old)
    #expect(before["leave_request_days"]?.count == 10 && before["approval_lines"]?.count == 4)

    let migrated = try SQLiteDatabase(path: path)
    #expect(try Self.rows(migrated) == before)
    try migrated.read { connection in
      for table in Self.tables {
        let stored = try connection.queryFirst("SELECT wr FROM pragma_table_list(?)", .text(table))?.int("wr")
        #expect(stored == 1, "\(table) is stored without row numbers")
      }
      let indexes = try connection.query("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")
        .map { $0.string("name") }
      for index in ["leave_history_request", "approval_lines_pending", "approval_lines_status", "approval_lines_all"] {
        #expect(indexes.contains(index), "\(index) is made again")
      }
    }
    // A second entry with the same place in a request's history is still refused, and a
    // request's rows still go with it.
    #expect(throws: DatabaseError.self) {
      try migrated.write {
        try LeaveRequestStore($0).appendHistory(
          id: "h-again", requestID: "r1", .init(actorID: "eva", at: 0, action: "create", from: nil, to: .pending))
        try $0.execute("UPDATE leave_history SET seq = 1 WHERE id = 'h-again'")
      }
    }
    try migrated.write { try $0.execute("DELETE FROM leave_requests WHERE id = 'r1'") }
    let left = try Self.rows(migrated)
    for table in Self.tables {
      #expect(left[table]?.allSatisfy { !$0.contains("r1") } == true, "\(table) keeps nothing of r1")
      #expect(left[table]?.isEmpty == false, "\(table) keeps r2")
    }
  }

  /// Each table's rows, every column, in a stable order.
  private static func rows(_ database: SQLiteDatabase) throws -> [String: [String]] {
    try database.read { connection in
      var rows: [String: [String]] = [:]
      for table in tables {
        rows[table] = try connection.query("SELECT * FROM \(table)").map { row in
          row.columns.names.map { "\($0)=\(row[$0])" }.joined(separator: " ")
        }.sorted()
      }
      return rows
    }
  }
}

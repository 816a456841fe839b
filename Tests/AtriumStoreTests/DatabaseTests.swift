import AtriumDomain
import AtriumSQL
import AtriumStore
import AtriumTestSupport
import Foundation
import Testing

@Suite struct DatabaseTests {
  @Test func migrationsRunOnceAndAgainChangeNothing() throws {
    let directory = TemporaryDirectory()
    let path = directory.path + "/db.sqlite"
    let first = try SQLiteDatabase(path: path)
    #expect(try Migrator(migrations: Schema.migrations).migrate(first).isEmpty)
    let reopened = try SQLiteDatabase(path: path)
    let applied = try reopened.read { try $0.query("SELECT version FROM schema_migrations ORDER BY version") }
    #expect(applied.map { $0.int("version") } == Schema.migrations.map(\.version))
  }

  @Test func aNewMigrationIsAppliedToAnExistingDatabase() throws {
    let directory = TemporaryDirectory()
    let path = directory.path + "/db.sqlite"
    _ = try SQLiteDatabase(path: path)
    let extra = Migration(version: 999, name: "test table", sql: ["CREATE TABLE extra (id INTEGER)"])
    let database = try SQLiteDatabase(path: path, migrations: Schema.migrations + [extra])
    try database.write { try $0.execute("INSERT INTO extra VALUES (1)") }
    #expect(try Migrator(migrations: Schema.migrations + [extra]).migrate(database).isEmpty)
  }

  @Test func concurrentWritersLoseNothing() throws {
    let directory = TemporaryDirectory()
    let database = try SQLiteDatabase(path: directory.path + "/db.sqlite")
    try database.write { try $0.execute("CREATE TABLE counter (thread INTEGER, n INTEGER)") }
    let threads = 8
    let rowsPerThread = 1_000
    let failures = LogRecorder()
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      for n in 0..<rowsPerThread {
        do {
          try database.write {
            try $0.execute("INSERT INTO counter VALUES (?, ?)", .integer(Int64(thread)), .integer(Int64(n)))
          }
        } catch {
          failures.sink.write("\(error)")
        }
      }
    }
    #expect(failures.lines.isEmpty)
    let counts = try database.read {
      try $0.query("SELECT thread, COUNT(DISTINCT n) AS rows FROM counter GROUP BY thread ORDER BY thread")
    }
    #expect(counts.map { $0.int("rows") } == Array(repeating: rowsPerThread, count: threads))
  }

  @Test func readersSeeCommittedWritesFromOtherThreads() throws {
    let directory = TemporaryDirectory()
    let database = try SQLiteDatabase(path: directory.path + "/db.sqlite")
    try database.write { try $0.execute("CREATE TABLE t (v INTEGER)") }
    DispatchQueue.concurrentPerform(iterations: 4) { index in
      _ = try? database.write { try $0.execute("INSERT INTO t VALUES (?)", .integer(Int64(index))) }
      _ = try? database.read { try $0.query("SELECT COUNT(*) AS n FROM t") }
    }
    #expect(try database.read { try $0.queryFirst("SELECT COUNT(*) AS n FROM t")?.int("n") } == 4)
  }

  @Test func aFailedWriteLeavesNothingBehind() throws {
    let directory = TemporaryDirectory()
    let database = try SQLiteDatabase(path: directory.path + "/db.sqlite")
    struct Abort: Error {}
    #expect(throws: Abort.self) {
      try database.write { connection in
        try PlacesStore(connection).insert(Department(id: "d1", name: "Engineering"))
        throw Abort()
      }
    }
    #expect(try database.read { try PlacesStore($0).department(id: "d1") } == nil)
  }

  @Test func aWriteInsideAWriteJoinsIt_andFailsAlone() throws {
    let directory = TemporaryDirectory()
    let database = try SQLiteDatabase(path: directory.path + "/db.sqlite")
    struct Abort: Error {}
    try database.write { connection in
      try PlacesStore(connection).insert(Department(id: "d1", name: "Engineering"))
      #expect(try database.read { try PlacesStore($0).department(id: "d1") } != nil, "a read inside sees it")
      #expect(throws: Abort.self) {
        try database.write { inner in
          try PlacesStore(inner).insert(Department(id: "d2", name: "Sales"))
          throw Abort()
        }
      }
      try database.write { try PlacesStore($0).insert(Department(id: "d3", name: "Legal")) }
    }
    let names = try database.read { connection in
      try ["d1", "d2", "d3"].compactMap { try PlacesStore(connection).department(id: $0)?.name }
    }
    #expect(names == ["Engineering", "Legal"], "the failed inner write alone was undone")

    #expect(throws: Abort.self) {
      try database.write { connection in
        try database.write { try PlacesStore($0).insert(Department(id: "d4", name: "Finance")) }
        throw Abort()
      }
    }
    #expect(try database.read { try PlacesStore($0).department(id: "d4") } == nil, "the outer failure undoes all")
  }

  @Test func duplicateNameIsATypedUniqueViolation() throws {
    let directory = TemporaryDirectory()
    let database = try SQLiteDatabase(path: directory.path + "/db.sqlite")
    try database.write { try PlacesStore($0).insert(Department(id: "d1", name: "Sales")) }
    let error = #expect(throws: DatabaseError.self) {
      try database.write { try PlacesStore($0).insert(Department(id: "d2", name: "Sales")) }
    }
    #expect(error?.isUniqueViolation == true)
  }

  @Test func unknownReferenceIsATypedForeignKeyViolation() throws {
    let directory = TemporaryDirectory()
    let database = try SQLiteDatabase(path: directory.path + "/db.sqlite")
    let error = #expect(throws: DatabaseError.self) {
      try database.write {
        try PeopleStore($0).insert(
          Employee(
            id: "e1", username: "eva", email: "eva@example.com", firstName: "Eva", lastName: "F",
            departmentID: "missing", locationID: "missing"))
      }
    }
    #expect(error?.isForeignKeyViolation == true)
  }

  @Test func departmentsPageByNameWithoutGapsOrRepeats() throws {
    let directory = TemporaryDirectory()
    let database = try SQLiteDatabase(path: directory.path + "/db.sqlite")
    let names = (0..<25).map { String(format: "Team %02d", $0) }
    try database.write { connection in
      for (index, name) in names.shuffled().enumerated() {
        try PlacesStore(connection).insert(Department(id: "d\(index)", name: name))
      }
    }
    var seen: [String] = []
    var cursor: String?
    repeat {
      let page = try database.read { try PlacesStore($0).departments(limit: 10, after: cursor) }
      seen += page.items.map(\.name)
      cursor = page.nextCursor
    } while cursor != nil
    #expect(seen == names)
    #expect(throws: InvalidCursor.self) {
      try database.read { try PlacesStore($0).departments(limit: 10, after: "garbage!") }
    }
  }
}

@Suite struct DirectoryMigrationTests {
  @Test func peopleSavedBeforeTheSearchExistedAreFound() throws {
    let directory = TemporaryDirectory()
    let path = directory.path + "/db.sqlite"
    let old = try SQLiteDatabase(path: path, migrations: Array(Schema.migrations.prefix(2)))
    try old.write { connection in
      try connection.execute("INSERT INTO departments (id, name) VALUES ('d', 'Ingeniería')")
      try connection.execute(
        "INSERT INTO locations (id, name, time_zone, weekend_days) VALUES ('l', 'Madrid', 'UTC', '6,7')")
      try connection.execute(
        """
        INSERT INTO employees (id, username, email, first_name, last_name, department_id, location_id, role)
        VALUES ('e', 'jose', 'jose@example.com', 'José', 'Núñez', 'd', 'l', 'employee')
        """)
    }
    let migrated = try SQLiteDatabase(path: path)
    let found = try migrated.read {
      try PeopleStore($0).directory(query: "jose ingenieria", departmentID: nil, locationID: nil, limit: 10, after: nil)
    }
    #expect(found.rows.map(\.person.username) == ["jose"])
    // A person added after the migration gets the next search number and is found too.
    try migrated.write {
      try PeopleStore($0).insert(
        Employee(
          id: "f", username: "ana", email: "ana@example.com", firstName: "Ana", lastName: "Núñez", departmentID: "d",
          locationID: "l"))
    }
    let both = try migrated.read {
      try PeopleStore($0).directory(query: "nunez", departmentID: nil, locationID: nil, limit: 10, after: nil)
    }
    #expect(both.rows.map(\.person.username) == ["ana", "jose"])
  }
}

@Suite struct NotificationChoiceMigrationTests {
  /// Migration 26: a kind turned off before there were channels stays off on every channel.
  @Test func aKindTurnedOffBeforeChannelsIsOffOnEveryChannel() throws {
    let directory = TemporaryDirectory()
    let path = directory.path + "/db.sqlite"
    let old = try SQLiteDatabase(path: path, migrations: Schema.migrations.filter { $0.version <= 25 })
    try old.write { connection in
      try connection.execute("INSERT INTO departments (id, name) VALUES ('d', 'Ventas')")
      try connection.execute(
        "INSERT INTO locations (id, name, time_zone, weekend_days) VALUES ('l', 'Madrid', 'UTC', '6,7')")
      for (id, name) in [("e", "eva"), ("m", "mario"), ("a", "ana")] {
        try connection.execute(
          """
          INSERT INTO employees (id, username, email, first_name, last_name, department_id, location_id, role)
          VALUES (?, ?, ?, 'X', 'Y', 'd', 'l', 'employee')
          """, .text(id), .text(name), .text("\(name)@example.com"))
      }
      try connection.execute(
        "INSERT INTO settings (employee_id, notify_company_notices, language) VALUES ('e', 0, 'es')")
      try connection.execute(
        "INSERT INTO settings (employee_id, notify_leave_decisions, notify_approvals_waiting) VALUES ('m', 0, 0)")
      try connection.execute("INSERT INTO settings (employee_id) VALUES ('a')")
    }
    let migrated = try SQLiteDatabase(path: path)
    let (eva, mario, ana) = try migrated.read {
      let store = SettingsStore($0)
      return (
        try store.settings(employeeID: "e"), try store.settings(employeeID: "m"), try store.settings(employeeID: "a")
      )
    }
    let off = NotificationChoice(board: false, mail: false, push: false)
    #expect(eva.choice(for: .companyNotices) == off && eva.choice(for: .leaveDecisions) == .everything)
    #expect(eva.language == "es")
    #expect(mario.choice(for: .leaveDecisions) == off && mario.choice(for: .approvalsWaiting) == off)
    #expect(mario.choice(for: .companyNotices) == .everything)
    #expect(ana.notifications.isEmpty)
  }
}

@Suite struct LongestSpanMigrationTests {
  /// Migration 47: a request saved before requests were limited to 366 days, two years long,
  /// still clashes with a day in its middle, far more than 366 days before its end.
  @Test func aLongRequestSavedBeforeTheLimitStillClashes() throws {
    let directory = TemporaryDirectory()
    let path = directory.path + "/db.sqlite"
    let old = try SQLiteDatabase(path: path, migrations: Schema.migrations.filter { $0.version <= 46 })
    let long = try LeaveSpan(start: CalendarDate("2024-01-01")!, end: CalendarDate("2025-12-31")!)
    try StoreFixture.writeBeforeTeams(old) { connection in
      try StoreFixture.eva(on: connection)
      try LeaveRequestStore(connection).insert(
        LeaveRequest(id: "r", employeeID: "e", typeID: "t", span: long, status: .approved),
        time: WorkingTime(perDate: [long.start: HalfDays(days: 1)]), at: 0)
    }
    let migrated = try SQLiteDatabase(path: path)
    let clashing = try migrated.read {
      try LeaveRequestStore($0).holdingRequests(
        employeeID: "e", from: CalendarDate("2024-03-04")!, to: CalendarDate("2024-03-04")!)
    }
    #expect(clashing.map(\.request.id) == ["r"])
    let after = try migrated.read {
      try LeaveRequestStore($0).holdingRequests(
        employeeID: "e", from: CalendarDate("2026-01-01")!, to: CalendarDate("2026-01-02")!)
    }
    #expect(after.isEmpty)
  }
}

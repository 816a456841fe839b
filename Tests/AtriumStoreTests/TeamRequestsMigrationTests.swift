import AtriumDomain
import AtriumSQL
import AtriumStore
import AtriumTestSupport
import Testing

/// Migration 51: each request names its requester's manager, filled in for the requests made
/// before, so a team's leave is found from it.
@Suite struct TeamRequestsMigrationTests {
  @Test func requestsMadeBeforeNameTheirRequestersManager() throws {
    let directory = TemporaryDirectory()
    let path = directory.path + "/db.sqlite"
    let old = try SQLiteDatabase(path: path, migrations: Schema.migrations.filter { $0.version <= 50 })
    let week = try LeaveSpan(start: CalendarDate("2026-03-02")!, end: CalendarDate("2026-03-06")!)
    try StoreFixture.writeBeforeTeams(old) { connection in
      try StoreFixture.eva(on: connection)
      let people = PeopleStore(connection)
      for (id, manager) in [("boss", nil), ("ana", "boss"), ("leo", "boss")] as [(String, String?)] {
        try people.insert(
          Employee(
            id: id, username: id, email: "\(id)@example.com", firstName: id, lastName: "Vidal", departmentID: "d",
            locationID: "l", managerID: manager))
      }
      var eva = try #require(try people.employee(id: "e"))
      eva.managerID = "boss"
      try people.update(eva)
      for (id, owner) in [("r-ana", "ana"), ("r-leo", "leo"), ("r-boss", "boss")] {
        try LeaveRequestStore(connection).insert(
          LeaveRequest(id: id, employeeID: owner, typeID: "t", span: week, status: .approved),
          time: WorkingTime(perDate: [week.start: HalfDays(days: 1)]), at: 0)
      }
    }

    let migrated = try SQLiteDatabase(path: path)
    let named = try migrated.read { connection in
      Dictionary(
        uniqueKeysWithValues: try connection.query("SELECT id, manager_id FROM leave_requests").map {
          ($0.string("id"), $0.optionalString("manager_id"))
        })
    }
    #expect(named == ["r-ana": "boss", "r-leo": "boss", "r-boss": nil])
    let teammates = try migrated.read {
      try LeaveRequestStore($0).teammatesLeave(of: "e", managerID: "boss", from: week.start, to: week.start)
    }
    #expect(teammates.map(\.person.id).sorted() == ["ana", "leo"])

    // Leo moves to another team: his request goes with him.
    try migrated.write { connection in
      var leo = try #require(try PeopleStore(connection).employee(id: "leo"))
      leo.managerID = "ana"
      try PeopleStore(connection).update(leo)
    }
    let after = try migrated.read {
      try LeaveRequestStore($0).teammatesLeave(of: "e", managerID: "boss", from: week.start, to: week.end)
    }
    #expect(after.map(\.person.id) == ["ana"])
  }
}

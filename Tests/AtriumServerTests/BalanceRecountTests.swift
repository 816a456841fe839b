import AtriumDomain
import AtriumSQL
import AtriumServices
import AtriumStore
import AtriumTestSupport
import Testing

/// A change of what counts (here the carry-over deadline) counts everyone's totals again and
/// writes only the rows that come out different (`LeaveBalanceStore.recountEveryone`): the
/// people whose totals move, or whose rows had gone wrong, get new leave versions (so the year
/// views instances keep for them are made again); everyone else keeps theirs.
@Suite struct BalanceRecountTests {
  @Test func aRecountWritesOnlyTheTotalsThatComeOutDifferent() throws {
    let app = try TestApp()
    let people = try app.database.read { try PeopleStore($0).everyone(after: "", limit: 100) }
    #expect(people.count >= 5)
    let (april, january, wrong, stray) = (people[0].id, people[1].id, people[2].id, people[3].id)
    let typeID = try app.database.read { connection in
      try #require(try LeaveSettingsStore(connection).leaveTypes().first { $0.countsAgainstAllowance }).id
    }
    try app.database.write { connection in
      for (index, (person, start)) in [(april, "2026-04-06"), (january, "2026-01-12"), (wrong, "2026-09-07")]
        .enumerated()
      {
        let day = try #require(CalendarDate(start))
        let span = try LeaveSpan(start: day, end: day.adding(days: 1))
        let request = LeaveRequest(
          id: "00000000-0000-4000-8000-00000000010\(index)", employeeID: person, typeID: typeID, span: span,
          status: .pending)
        try LeaveRequestStore(connection).insert(
          request, time: WorkCalendar(weekendDays: [.saturday, .sunday], holidays: []).workingTime(of: span), at: 1)
      }
      // Rows gone wrong by hand: one person's totals off, another's year with no leave in it.
      try connection.execute(
        "UPDATE leave_balances SET pending = pending + 2 WHERE employee_id = ? AND year = 2026", .text(wrong))
      try connection.execute(
        "INSERT INTO leave_balances (employee_id, year, days, approved, pending, early) VALUES (?, 2031, 1, 2, 0, 0)",
        .text(stray))
    }
    let before = try Self.versions(app)

    // April 30 instead of March 31: only the April days become early ones.
    try app.database.write { connection in
      let settings = LeaveSettingsStore(connection)
      let moved = try settings.policyHistory().entries.map { entry in
        var policy = entry.policy
        (policy.carryOverUntilMonth, policy.carryOverUntilDay) = (4, 30)
        return LeavePolicyHistory.Entry(fromYear: entry.fromYear, policy: policy)
      }
      #expect(moved != (try settings.policyHistory().entries), "the deadline was another before")
      try settings.save(LeavePolicyHistory(moved), changedAt: 2, by: april)
    }
    let after = try Self.versions(app)
    let redrawn = Set(people.map(\.id).filter { after[$0] != before[$0] })
    #expect(redrawn == [april, wrong, stray], "only the rows that came out different were written")
    let report = try BalanceVerification.run(on: app.database, now: app.clock.now)
    #expect(report.differences.isEmpty, "\(report.differences.prefix(5))")

    // The company's own policy changed in its allowance and then in its deadline: the
    // recorded history decides every year, so no one's totals move.
    for (allowance, month) in [(27, 4), (27, 5)] {
      try app.database.write { connection in
        try LeaveSettingsStore(connection).save(
          LeavePolicy(defaultAllowance: HalfDays(days: allowance), carryOverUntilMonth: month, carryOverUntilDay: 30))
      }
      #expect(try Self.versions(app) == after, "the company's policy with a deadline in month \(month)")
    }
  }

  /// Every person's leave version by their id (nil for a person without one).
  private static func versions(_ app: TestApp) throws -> [String: Int64?] {
    try app.database.read { connection in
      let store = LeaveVersionStore(connection)
      return try PeopleStore(connection).everyone(after: "", limit: 100).reduce(into: [:]) { result, person in
        result[person.id] = try store.version(employeeID: person.id)
      }
    }
  }
}

import AtriumAPI
import AtriumDomain
import AtriumSQL
import AtriumServices
import AtriumStore
import AtriumTestSupport
import Foundation
import Testing

/// A year view is answered again from what the instance made before while everything it was
/// made from reads the same (`KeptLeaveYears`): the person's leave version, today where they
/// work, their start date, the policy, their allowances and the types' names. Each of those,
/// changed alone, shows in the next answer, as making the view afresh gives it; a change
/// another instance makes to the rows themselves, which this instance hears nothing of, too.
@Suite struct KeptLeaveYearsTests {
  @Test func eachChangeOfWhatAYearIsMadeFromShowsAtOnce() throws {
    let app = try TestApp()
    let other = try TestApp(secondInstanceOf: app)
    let instance = app.app.environment.database
    let eva = try app.login("eva")
    let evaID = eva.user.id
    let requestID = try JSONText.decode(
      SavedLeave.self,
      from: app.send(
        .leave(.create), json: #"{"start": "2026-06-01", "end": "2026-06-03", "note": "Before"}"#,
        token: eva.accessToken)
    ).request.id
    let changes: [(String, () throws -> Void)] = [
      // First, while she has carried-over days to lose.
      ("the day, past the carry-over deadline", { app.clock.advance(by: 30 * 86_400) }),
      (
        "her start date",
        {
          try instance.write { connection in
            let people = PeopleStore(connection)
            var person = try #require(try people.employee(id: evaID))
            person.startDate = CalendarDate(year: 2026, month: 7, day: 1)
            try people.update(person)
          }
        }
      ),
      (
        "her allowance for the year",
        {
          try instance.write {
            try LeaveSettingsStore($0).setAllowance(employeeID: evaID, year: 2026, days: HalfDays(days: 31))
          }
        }
      ),
      (
        "the policy",
        {
          try instance.write { connection in
            let policy = LeavePolicy(
              defaultAllowance: HalfDays(days: 27), carryOverUntilMonth: 2, carryOverUntilDay: 28)
            try LeaveSettingsStore(connection).save(
              LeavePolicyHistory([.init(fromYear: 2026, policy: policy)]), changedAt: 1, by: evaID)
          }
        }
      ),
      (
        "the type's name",
        {
          try instance.write { connection in
            let settings = LeaveSettingsStore(connection)
            var type = try #require(try settings.leaveTypes().first { $0.name == "Vacation" })
            type.name = "Holidays"
            try settings.update(type)
          }
        }
      ),
      (
        "her request, on another instance",
        {
          _ = try other.app.environment.database.write {
            try $0.execute(
              "UPDATE leave_requests SET note = 'Changed elsewhere', revision = revision + 1 WHERE id = ?",
              .text(requestID))
          }
        }
      ),
      (
        "her totals, on another instance",
        {
          // By hand: her rows no longer add up to her requests, which this suite does not check.
          _ = try other.app.environment.database.write {
            try $0.execute(
              "UPDATE leave_balances SET pending = pending + 2 WHERE employee_id = ? AND year = 2026", .text(evaID))
          }
        }
      ),
    ]
    for (what, change) in changes {
      let before = try Self.served(app, "eva")
      try change()
      let after = try Self.served(app, "eva")
      #expect(after.own != before.own, "her own year shows the change of \(what)")
      #expect(after.asSeenByAna != before.asSeenByAna, "her year as ana sees it shows the change of \(what)")
    }
  }

  /// Eva's 2026 year as she and ana are served it, each checked against it made afresh.
  private static func served(_ app: TestApp, _ username: String) throws -> (own: String, asSeenByAna: String) {
    let person = try app.login(username)
    let ana = try app.login("ana")
    #expect(try EncodedRequestsTests.expectYearAsIfEncodedAfresh(app, person, personID: nil, year: 2026, "own"))
    #expect(
      try EncodedRequestsTests.expectYearAsIfEncodedAfresh(app, ana, personID: person.user.id, year: 2026, "ana's"))
    return (
      app.send(.leave(.mine(year: 2026)), token: person.accessToken).text,
      app.send(.leave(.ofPerson(id: person.user.id, year: 2026)), token: ana.accessToken).text
    )
  }

  /// The database draws a person's version again with every change of their requests or
  /// totals, whoever makes it, and leaves everyone else's as it was.
  @Test func aPersonsVersionMovesWithTheirRequestsAndTotalsOnly() throws {
    let app = try TestApp()
    let people = try app.database.read { try PeopleStore($0).everyone(after: "", limit: 100) }
    let eva = try #require(people.first { $0.username == "eva" })
    let others = people.filter { $0.id != eva.id }.map(\.id)
    func versions() throws -> (eva: Int64?, others: [Int64?]) {
      try app.database.read { connection in
        let store = LeaveVersionStore(connection)
        return (try store.version(employeeID: eva.id), try others.map { try store.version(employeeID: $0) })
      }
    }
    let typeID = try app.database.read { try LeaveSettingsStore($0).leaveTypes()[0].id }
    let span = try LeaveSpan(start: CalendarDate("2026-09-07")!, end: CalendarDate("2026-09-08")!)
    let request = LeaveRequest(
      id: "00000000-0000-4000-8000-0000000000a1", employeeID: eva.id, typeID: typeID, span: span, status: .pending)
    let changes: [(String, (any DatabaseConnection) throws -> Void)] = [
      (
        "a request asked",
        {
          try LeaveRequestStore($0).insert(
            request, time: WorkCalendar(weekendDays: [.saturday, .sunday], holidays: []).workingTime(of: span), at: 1)
        }
      ),
      (
        "the request changed",
        {
          var changed = request
          changed.note = "Changed"
          try LeaveRequestStore($0).update(changed, time: nil, at: 2)
        }
      ),
      (
        "her totals changed by hand",
        { _ = try $0.execute("UPDATE leave_balances SET days = days WHERE employee_id = ?", .text(eva.id)) }
      ),
      ("the request deleted", { try LeaveRequestStore($0).delete(request) }),
    ]
    for (what, change) in changes {
      let before = try versions()
      try app.database.write { try change($0) }
      let after = try versions()
      #expect(after.eva != nil && after.eva != before.eva, "\(what) draws her version again")
      #expect(after.others == before.others, "\(what) leaves everyone else's")
    }
  }
}

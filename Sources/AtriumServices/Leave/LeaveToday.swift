import AtriumAPI
import AtriumDomain
import AtriumStore

/// What the home page says about time off this morning: the days left this year (and carried
/// days about to expire), one's next time off, and who in one's team is out today and later
/// this week (the people who share one's manager, and one's own reports).
package struct LeaveToday: Sendable {
  package let today: CalendarDate
  package let year: LeaveYear
  /// The first pending or approved request that has not ended yet.
  package let next: LeaveRequestBody?
  package let outToday: [PersonName]
  /// Out on a later day of this week (to Sunday), with their days, first out first.
  package let laterThisWeek: [(person: PersonName, span: LeaveSpan)]

  /// Carried days that still count and expire later this year, with their deadline.
  package var carriedToExpire: (days: HalfDays, deadline: CalendarDate)? {
    guard year.carriedOver > .zero, year.expired == .zero, year.carriedOverUntil >= today else { return nil }
    return (year.carriedOver, year.carriedOverUntil)
  }
}

extension LeaveQueries {
  package func today(principal: Principal) throws -> LeaveToday {
    try environment.database.read { connection in
      let context = LeaveContext(connection: connection, environment: environment)
      let employee = principal.employee
      let today = try context.today(for: employee)
      let year = try context.year(today.year, of: employee, today: today)
      // Next year's requests only, not its whole balance: the next time off may be there.
      let upcoming =
        year.requests
        + (try context.bodies(try context.requests.requests(employeeID: employee.id, year: today.year + 1)))
      let next =
        upcoming
        .filter { ($0.status == .pending || $0.status == .approved) && $0.end >= today }
        .min { ($0.start, $0.id) < ($1.start, $1.id) }
      let sunday = today.adding(days: 7 - today.weekday.rawValue)
      var team = try context.requests.teammatesLeave(
        of: employee.id, managerID: employee.managerID, from: today, to: sunday)
      team += try context.requests.teammatesLeave(of: employee.id, managerID: employee.id, from: today, to: sunday)
      let outToday = team.filter { $0.span.start <= today && $0.span.end >= today }.map(\.person)
      let todayIDs = Set(outToday.map(\.id))
      let later = team.filter { !todayIDs.contains($0.person.id) && $0.span.start > today }
        .sorted { ($0.span.start, $0.person.displayName) < ($1.span.start, $1.person.displayName) }
      return LeaveToday(
        today: today, year: year, next: next,
        outToday: Array(Set(outToday)).sorted { $0.displayName < $1.displayName }, laterThisWeek: later)
    }
  }
}

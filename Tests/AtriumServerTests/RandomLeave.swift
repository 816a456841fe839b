import AtriumDomain
import AtriumSQL
import AtriumServer
import AtriumStore

/// Random spans, calendars and saved requests for the property tests of what a request's change
/// must move (balance rows, the approvals list's encodings).
enum RandomLeave {
  /// A span in 2025–2027, sometimes across New Year, sometimes with half days.
  static func span(_ random: inout SeededRandom) throws -> LeaveSpan {
    let start =
      Int.random(in: 0..<4, using: &random) == 0
      ? CalendarDate("2025-12-20")!.adding(
        days: Int.random(in: 0..<10, using: &random) + 365 * Int.random(in: 0...1, using: &random))
      : CalendarDate("2025-01-01")!.adding(days: Int.random(in: 0..<1000, using: &random))
    let end = start.adding(days: Int.random(in: 0..<20, using: &random))
    let startHalf = StartHalf.allCases.randomElement(using: &random)!
    if let span = try? LeaveSpan(start: start, end: end, startHalf: startHalf, endHalf: .morning) { return span }
    return try LeaveSpan(start: start, end: end, startHalf: startHalf)
  }

  /// A working calendar of random weekend and holidays, as a location's may become.
  static func calendar(_ random: inout SeededRandom) -> WorkCalendar {
    let holidays = (0..<Int.random(in: 0..<30, using: &random)).map { _ in
      Holiday(
        date: CalendarDate("2025-01-01")!.adding(days: Int.random(in: 0..<1100, using: &random)), name: "Fiesta",
        half: Bool.random(using: &random) ? nil : .afternoon)
    }
    let weekend: Set<Weekday> = Bool.random(using: &random) ? [.saturday, .sunday] : [.friday, .saturday]
    return WorkCalendar(weekendDays: weekend, holidays: holidays)
  }

  /// A request saved in the database, any of them (nil when there is none).
  static func requestID(_ connection: any DatabaseConnection, _ random: inout SeededRandom) throws -> String? {
    try connection.query("SELECT id FROM leave_requests ORDER BY id").map { $0.string("id") }
      .randomElement(using: &random)
  }

  /// Sets a person's allowance for a random year by hand, as an admin does.
  /// - Returns: What it did, for a failure's message.
  static func setAllowance(
    _ connection: any DatabaseConnection, of person: Employee, _ random: inout SeededRandom
  ) throws -> String {
    let year = Int.random(in: 2025...2027, using: &random)
    let days = HalfDays(halves: Int.random(in: 0...60, using: &random))
    try LeaveSettingsStore(connection).setAllowance(employeeID: person.id, year: year, days: days)
    return "\(person.username)'s allowance in \(year): \(days)"
  }

  /// Changes the policy from a random year on: its allowance, carry-over maximum and deadline
  /// (the deadline moves every person's early days).
  /// - Returns: What it did, for a failure's message.
  static func changePolicy(
    _ connection: any DatabaseConnection, by person: Employee, at instant: Int64, _ random: inout SeededRandom
  ) throws -> String {
    let settings = LeaveSettingsStore(connection)
    let fromYear = Int.random(in: 2025...2028, using: &random)
    let month = Int.random(in: 1...12, using: &random)
    let day = Int.random(in: 1...CalendarDate.daysIn(month: month, year: 2024), using: &random)
    let maximum = HalfDays(halves: Int.random(in: 0...20, using: &random))
    let allowance = HalfDays(days: Int.random(in: 18...30, using: &random))
    let history = try settings.policyHistory().changing(from: fromYear) { policy in
      policy.carryOverUntilMonth = month
      policy.carryOverUntilDay = day
      policy.carryOverMaximum = maximum
      policy.defaultAllowance = allowance
    }
    try settings.save(history, changedAt: instant, by: person.id)
    return "policy from \(fromYear): \(allowance) days, until \(month)-\(day), carry \(maximum)"
  }

  /// Counts a random request's days again under a random calendar, as a change of its
  /// location's holidays or weekend does.
  /// - Returns: What it did, for a failure's message.
  static func countAgain(_ connection: any DatabaseConnection, _ random: inout SeededRandom) throws -> String {
    let requests = LeaveRequestStore(connection)
    guard let id = try requestID(connection, &random), let stored = try requests.request(id: id)
    else { return "nothing to count again" }
    try requests.replaceDays(
      of: id, employeeID: stored.request.employeeID, calendar(&random).workingTime(of: stored.request.span))
    return "counted \(id) again"
  }
}

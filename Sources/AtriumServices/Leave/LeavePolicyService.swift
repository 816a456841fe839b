import AtriumAPI
import AtriumDomain
import AtriumSQL
import AtriumStore
import Foundation

/// The leave policy, year by year. A change takes effect from a year the admin chooses (next
/// year unless told otherwise); this year may be chosen, and the answer says how many
/// people's balances it moves (a dry run says so before saving). A year that is over keeps
/// its figures.
extension LeaveSettingsService {
  /// The policy in effect in `year` (this year when nil), with the year it took effect.
  package func policy(year: Int? = nil) throws -> LeavePolicyBody {
    try environment.database.read { connection in
      let history = try LeaveSettingsStore(connection).policyHistory()
      let entry = history.entry(in: year ?? thisYear())
      var body = Self.body(entry.policy)
      body.fromYear = entry.fromYear
      return body
    }
  }

  /// Every change, oldest first, with when it was saved.
  package func policyHistory() throws -> Page<LeavePolicyBody> {
    try environment.database.read { connection in
      let store = LeaveSettingsStore(connection)
      let saved = Dictionary(uniqueKeysWithValues: try store.policyChanges().map { ($0.fromYear, $0) })
      return Page(
        items: try store.policyHistory().entries.map { entry in
          var body = Self.body(entry.policy)
          body.fromYear = entry.fromYear
          body.changedAt = saved[entry.fromYear].flatMap { $0.changedAt > 0 ? Instant.text($0.changedAt) : nil }
          return body
        }, nextCursor: nil)
    }
  }

  package func updatePolicy(_ body: LeavePolicyBody, by principal: Principal) throws -> LeavePolicyBody {
    try requireAdmin(principal, to: "change the leave policy")
    let now = environment.now()
    let thisYear = thisYear()
    let fromYear = body.fromYear ?? thisYear + 1
    var validator = Validator()
    LeavePolicyHistory.validFromYear(
      fromYear, today: CalendarDate(year: thisYear, month: 1, day: 1)!, into: &validator)
    let until = try body.carryOverUntil.map(Self.monthAndDay)
    try validator.check()
    let change: (inout LeavePolicy) -> Void = { policy in
      if let days = body.defaultAllowance { policy.defaultAllowance = days }
      if let days = body.carryOverDays { policy.carryOverMaximum = days }
      if let (month, day) = until {
        policy.carryOverUntilMonth = month
        policy.carryOverUntilDay = day
      }
      if let allow = body.allowNegativeBalance { policy.allowsNegativeBalance = allow }
    }
    let write = { (connection: any DatabaseConnection) throws -> LeavePolicyBody in
      let store = LeaveSettingsStore(connection)
      let before = try store.policyHistory()
      let after = before.changing(from: fromYear, change)
      try after.policy(in: fromYear).validate()
      let affected =
        fromYear <= thisYear
        ? try Self.peopleWhoseBalanceMoves(in: thisYear, from: before, to: after, connection: connection) : 0
      var answer = Self.body(after.policy(in: fromYear))
      answer.fromYear = fromYear
      answer.affectedPeople = affected
      guard body.dryRun != true else { return answer }
      try store.save(after, changedAt: now.milliseconds, by: principal.employee.id)
      var previous = Self.body(before.policy(in: fromYear))
      previous.fromYear = fromYear
      try audit.record(
        "policy.update", target: ("policy", "leave"), before: previous, after: answer, by: principal,
        connection: connection)
      return answer
    }
    return try body.dryRun == true ? environment.database.read(write) : environment.database.write(write)
  }

  /// How many active people's balance in `year` differs between two histories.
  private static func peopleWhoseBalanceMoves(
    in year: Int, from before: LeavePolicyHistory, to after: LeavePolicyHistory, connection: any DatabaseConnection
  ) throws -> Int {
    let settings = LeaveSettingsStore(connection)
    let requests = LeaveRequestStore(connection)
    let today = CalendarDate(year: year, month: 12, day: 31)!
    var moved = 0
    for employee in try PeopleStore(connection).activeEmployees() {
      let overrides = try settings.allowanceOverrides(employeeID: employee.id)
      let leave = try requests.chargedLeave(employeeID: employee.id)
      let old = BalanceCalculator(policies: before, startDate: employee.startDate, allowanceOverrides: overrides)
      let new = BalanceCalculator(policies: after, startDate: employee.startDate, allowanceOverrides: overrides)
      if old.balance(in: year, leave: leave, today: today) != new.balance(in: year, leave: leave, today: today) {
        moved += 1
      }
    }
    return moved
  }

  private static func monthAndDay(_ text: String) throws -> (Int, Int) {
    let parts = text.split(separator: "-").map { Int($0) }
    guard parts.count == 2, text.count == 5, let month = parts[0], let day = parts[1] else {
      throw Problem.invalid(ValidationFailure([FieldError(field: "carryOverUntil", rule: .monthAndDay)]))
    }
    return (month, day)
  }

  /// The company's current year (UTC), which policy changes are counted from.
  package func thisYear() -> Int {
    LeaveContext.date(of: environment.now(), in: .gmt).year
  }

  static func body(_ policy: LeavePolicy) -> LeavePolicyBody {
    LeavePolicyBody(
      defaultAllowance: policy.defaultAllowance, carryOverDays: policy.carryOverMaximum,
      carryOverUntil: String(format: "%02d-%02d", policy.carryOverUntilMonth, policy.carryOverUntilDay),
      allowNegativeBalance: policy.allowsNegativeBalance)
  }
}

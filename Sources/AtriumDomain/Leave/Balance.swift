/// What one employee has, uses and has left in one year.
public struct Balance: Hashable, Sendable {
  public let year: Int
  public let allowance: HalfDays
  public let carriedOver: HalfDays
  /// The last day carried-over days can be used.
  public let carriedOverUntil: CalendarDate
  /// Carried-over days that expired unused (zero until the deadline has passed).
  public let expired: HalfDays
  public let approved: HalfDays
  public let pending: HalfDays

  /// allowance + carried over - expired - approved - pending.
  public var remaining: HalfDays { allowance + carriedOver - expired - approved - pending }
}

/// One request's days charged to a year, as the balance rules need them.
public struct ChargedLeave: Hashable, Sendable {
  public enum State: Hashable, Sendable { case approved, pending }

  public let state: State
  /// The request's working days in the year, by date (only days that count).
  public let daysByDate: [CalendarDate: HalfDays]

  public init(state: State, daysByDate: [CalendarDate: HalfDays]) {
    self.state = state
    self.daysByDate = daysByDate
  }

  public var total: HalfDays { daysByDate.values.reduce(.zero, +) }
}

/// Computes balances year by year, so carry-over follows from what was really left.
public struct BalanceCalculator: Sendable {
  /// The policy of each year: a year is settled by its own rules.
  public let policies: LeavePolicyHistory
  /// The first day of employment, for pro-rating the first year.
  public let startDate: CalendarDate?
  /// Allowances an admin set for particular years.
  public let allowanceOverrides: [Int: HalfDays]

  public init(policies: LeavePolicyHistory, startDate: CalendarDate?, allowanceOverrides: [Int: HalfDays] = [:]) {
    self.policies = policies
    self.startDate = startDate
    self.allowanceOverrides = allowanceOverrides
  }

  /// One policy for every year.
  public init(policy: LeavePolicy, startDate: CalendarDate?, allowanceOverrides: [Int: HalfDays] = [:]) {
    self.init(policies: .constant(policy), startDate: startDate, allowanceOverrides: allowanceOverrides)
  }

  /// The allowance of `year`: the override, or the default pro-rated in the year employment
  /// starts (by calendar days employed, to the nearest half day), or nothing before it.
  public func allowance(in year: Int) -> HalfDays {
    if let override = allowanceOverrides[year] { return override }
    let standard = policies.policy(in: year).defaultAllowance
    guard let startDate else { return standard }
    if year < startDate.year { return .zero }
    if year > startDate.year { return standard }
    let employed = startDate.days(to: CalendarDate(year: year, month: 12, day: 31)!) + 1
    return HalfDays(rounding: standard.days * Double(employed) / Double(CalendarDate.daysIn(year: year)))
  }

  /// The balance of `year` as seen on `today`.
  /// - Parameter leave: Requests that count against the allowance, by year; earlier years
  ///   matter through carry-over.
  public func balance(in year: Int, leave: [Int: [ChargedLeave]], today: CalendarDate) -> Balance {
    settle(year: year, carried: carried(into: year, leave: leave), leave: leave[year] ?? [], today: today).balance
  }

  /// Whether `extra` also fits in `year` without going below zero: carried-over days serve
  /// only days up to their deadline, the allowance serves the rest.
  public func fits(_ extra: ChargedLeave, in year: Int, leave: [Int: [ChargedLeave]], today: CalendarDate) -> Bool {
    if policies.policy(in: year).allowsNegativeBalance { return true }
    let result = settle(
      year: year, carried: carried(into: year, leave: leave), leave: (leave[year] ?? []) + [extra], today: today)
    return result.unusedAllowance >= .zero
  }

  /// The days carried into `year`, following every year from the first one that matters.
  private func carried(into year: Int, leave: [Int: [ChargedLeave]]) -> HalfDays {
    let firstYear = [startDate?.year, leave.keys.min()].compactMap { $0 }.min() ?? year
    var carried = HalfDays.zero
    for earlier in firstYear..<max(firstYear, year) {
      let unused = settle(year: earlier, carried: carried, leave: leave[earlier] ?? [], today: nil).unusedAllowance
      // The receiving year's rules say how many days it takes in.
      carried = min(policies.policy(in: earlier + 1).carryOverMaximum, max(.zero, unused))
    }
    return carried
  }

  /// One year's figures, and the allowance left unused (negative when overdrawn).
  private func settle(
    year: Int, carried: HalfDays, leave: [ChargedLeave], today: CalendarDate?
  )
    -> (balance: Balance, unusedAllowance: HalfDays)
  {
    let deadline = policies.policy(in: year).carryOverDeadline(in: year)
    let approved = leave.filter { $0.state == .approved }.reduce(HalfDays.zero) { $0 + $1.total }
    let pending = leave.filter { $0.state == .pending }.reduce(HalfDays.zero) { $0 + $1.total }
    let usedCarried = usedCarriedDays(carried: carried, leave: leave, deadline: deadline)
    let expired = today.map { $0 > deadline } == true ? carried - usedCarried : .zero
    let allowance = allowance(in: year)
    let balance = Balance(
      year: year, allowance: allowance, carriedOver: carried, carriedOverUntil: deadline, expired: expired,
      approved: approved, pending: pending)
    return (balance, allowance - (approved + pending - usedCarried))
  }

  /// Carried-over days are used first, and only by days dated on or before the deadline.
  private func usedCarriedDays(carried: HalfDays, leave: [ChargedLeave], deadline: CalendarDate) -> HalfDays {
    let early = leave.flatMap(\.daysByDate).filter { $0.key <= deadline }.reduce(HalfDays.zero) { $0 + $1.value }
    return min(carried, early)
  }
}

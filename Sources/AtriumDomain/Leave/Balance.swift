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
    balance(in: year, totals: totals(of: leave), today: today)
  }

  /// The balance of `year` as seen on `today`, from each year's totals of counting leave.
  public func balance(in year: Int, totals: [Int: ChargedTotals], today: CalendarDate) -> Balance {
    settle(year: year, carried: carried(into: year, totals: totals), totals: totals[year] ?? .zero, today: today)
      .balance
  }

  /// Whether `extra` also fits in `year` without going below zero: carried-over days serve
  /// only days up to their deadline, the allowance serves the rest.
  public func fits(_ extra: ChargedLeave, in year: Int, leave: [Int: [ChargedLeave]], today: CalendarDate) -> Bool {
    fits(totals(of: extra, in: year), in: year, totals: totals(of: leave), today: today)
  }

  /// `fits` for totals: `extra` is what a new or changed request adds to `year`.
  public func fits(
    _ extra: ChargedTotals, in year: Int, totals: [Int: ChargedTotals], today: CalendarDate
  ) -> Bool {
    if policies.policy(in: year).allowsNegativeBalance { return true }
    let result = settle(
      year: year, carried: carried(into: year, totals: totals), totals: (totals[year] ?? .zero) + extra, today: today)
    return result.unusedAllowance >= .zero
  }

  /// Each year's totals of `leave`, each year's early part counted against its own deadline.
  public func totals(of leave: [Int: [ChargedLeave]]) -> [Int: ChargedTotals] {
    leave.reduce(into: [:]) { result, entry in
      result[entry.key] = entry.value.reduce(ChargedTotals.zero) { $0 + totals(of: $1, in: entry.key) }
    }
  }

  /// What one request adds to `year`: every day it holds, the early part counted against
  /// that year's deadline.
  public func totals(of request: ChargedLeave, in year: Int) -> ChargedTotals {
    let deadline = policies.policy(in: year).carryOverDeadline(in: year)
    var totals = ChargedTotals.zero
    for (date, days) in request.daysByDate {
      totals.days += 1
      if request.state == .approved {
        totals.approved = totals.approved + days
      } else {
        totals.pending = totals.pending + days
      }
      if date <= deadline { totals.early = totals.early + days }
    }
    return totals
  }

  /// The days carried into `year`, following every year from the first one that matters.
  private func carried(into year: Int, totals: [Int: ChargedTotals]) -> HalfDays {
    let firstYear = [startDate?.year, totals.keys.min()].compactMap { $0 }.min() ?? year
    var carried = HalfDays.zero
    for earlier in firstYear..<max(firstYear, year) {
      let unused = settle(year: earlier, carried: carried, totals: totals[earlier] ?? .zero, today: nil)
        .unusedAllowance
      // The receiving year's rules say how many days it takes in.
      carried = min(policies.policy(in: earlier + 1).carryOverMaximum, max(.zero, unused))
    }
    return carried
  }

  /// One year's figures, and the allowance left unused (negative when overdrawn). Carried-over
  /// days are used first, and only by days dated on or before the deadline.
  private func settle(
    year: Int, carried: HalfDays, totals: ChargedTotals, today: CalendarDate?
  )
    -> (balance: Balance, unusedAllowance: HalfDays)
  {
    let deadline = policies.policy(in: year).carryOverDeadline(in: year)
    let usedCarried = min(carried, totals.early)
    let expired = today.map { $0 > deadline } == true ? carried - usedCarried : .zero
    let allowance = allowance(in: year)
    let balance = Balance(
      year: year, allowance: allowance, carriedOver: carried, carriedOverUntil: deadline, expired: expired,
      approved: totals.approved, pending: totals.pending)
    return (balance, allowance - (totals.approved + totals.pending - usedCarried))
  }
}

import AtriumDomain
import Testing

@Suite struct BalanceTests {
  let policy = LeavePolicy(
    defaultAllowance: HalfDays(days: 23), carryOverMaximum: HalfDays(days: 5), carryOverUntilMonth: 3,
    carryOverUntilDay: 31, allowsNegativeBalance: false)

  func leave(_ state: ChargedLeave.State, _ days: [(String, Double)]) -> ChargedLeave {
    ChargedLeave(
      state: state, daysByDate: Dictionary(uniqueKeysWithValues: days.map { (date($0.0), HalfDays(rounding: $0.1)) }))
  }

  @Test func aFullYearWithNothingTaken() {
    let calculator = BalanceCalculator(policy: policy, startDate: date("2020-01-01"))
    let balance = calculator.balance(in: 2026, leave: [:], today: date("2026-06-01"))
    #expect(balance.allowance == HalfDays(days: 23))
    #expect(balance.carriedOver == HalfDays(days: 5), "unused years before carry the maximum")
    #expect(balance.remaining == HalfDays(days: 23), "the carried days expired on March 31")
    #expect(balance.expired == HalfDays(days: 5))
  }

  @Test func pendingDaysAreReservedAndApprovalMovesThem() {
    let calculator = BalanceCalculator(policy: policy, startDate: date("2026-01-01"))
    let asked = [2026: [leave(.pending, [("2026-07-06", 1), ("2026-07-07", 1), ("2026-07-08", 0.5)])]]
    let pending = calculator.balance(in: 2026, leave: asked, today: date("2026-06-01"))
    #expect(pending.pending == HalfDays(rounding: 2.5))
    #expect(pending.remaining == HalfDays(rounding: 20.5))
    let approved = calculator.balance(
      in: 2026, leave: [2026: [leave(.approved, [("2026-07-06", 1), ("2026-07-07", 1), ("2026-07-08", 0.5)])]],
      today: date("2026-06-01"))
    #expect(approved.pending == .zero)
    #expect(approved.approved == HalfDays(rounding: 2.5))
    #expect(approved.remaining == HalfDays(rounding: 20.5))
  }

  @Test func carryOverIsCappedAndUsableBeforeTheDeadline() {
    let calculator = BalanceCalculator(policy: policy, startDate: date("2025-01-01"))
    // 2025: 20 of 23 days left unused -> 5 carried (the cap).
    let history = [2025: [leave(.approved, [("2025-08-04", 1), ("2025-08-05", 1), ("2025-08-06", 1)])]]
    let before = calculator.balance(in: 2026, leave: history, today: date("2026-02-01"))
    #expect(before.carriedOver == HalfDays(days: 5))
    #expect(before.carriedOverUntil == date("2026-03-31"))
    #expect(before.remaining == HalfDays(days: 28))
    let after = calculator.balance(in: 2026, leave: history, today: date("2026-04-01"))
    #expect(after.expired == HalfDays(days: 5))
    #expect(after.remaining == HalfDays(days: 23))
  }

  @Test func carriedDaysServeEarlyLeaveFirst() {
    let calculator = BalanceCalculator(policy: policy, startDate: date("2025-01-01"))
    var history: [Int: [ChargedLeave]] = [2025: []]
    history[2026] = [leave(.approved, [("2026-03-02", 1), ("2026-03-03", 1)])]
    let balance = calculator.balance(in: 2026, leave: history, today: date("2026-05-01"))
    // 2 of the 5 carried days used in March; 3 expired; the allowance is untouched.
    #expect(balance.expired == HalfDays(days: 3))
    #expect(balance.remaining == HalfDays(days: 23))
  }

  @Test func carriedDaysNeverServeLeaveAfterTheDeadline() {
    let calculator = BalanceCalculator(policy: policy, startDate: date("2025-01-01"))
    let history: [Int: [ChargedLeave]] = [2025: [], 2026: [leave(.approved, [("2026-03-02", 1)])]]
    // In February the balance counts the 5 carried days (27 left), but August is after the
    // deadline: only the 23-day allowance serves it.
    #expect(calculator.balance(in: 2026, leave: history, today: date("2026-02-01")).remaining == HalfDays(days: 27))
    let august24 = leave(.pending, (1...24).map { (String(format: "2026-08-%02d", $0), 1.0) })
    #expect(!calculator.fits(august24, in: 2026, leave: history, today: date("2026-02-01")))
    let august23 = leave(.pending, (1...23).map { (String(format: "2026-08-%02d", $0), 1.0) })
    #expect(calculator.fits(august23, in: 2026, leave: history, today: date("2026-02-01")))
    // With August taking the whole allowance, March can still use the 4 carried days left.
    let booked: [Int: [ChargedLeave]] = [2025: [], 2026: history[2026]! + [august23]]
    let fourInMarch = leave(.pending, (9...12).map { (String(format: "2026-03-%02d", $0), 1.0) })
    let fiveInMarch = leave(.pending, (9...13).map { (String(format: "2026-03-%02d", $0), 1.0) })
    #expect(calculator.fits(fourInMarch, in: 2026, leave: booked, today: date("2026-02-01")))
    #expect(!calculator.fits(fiveInMarch, in: 2026, leave: booked, today: date("2026-02-01")))
  }

  @Test func goingBelowZeroIsAllowedOnlyWhenThePolicySaysSo() {
    let strict = BalanceCalculator(policy: policy, startDate: date("2026-01-01"))
    var lenientPolicy = policy
    lenientPolicy.allowsNegativeBalance = true
    let lenient = BalanceCalculator(policy: lenientPolicy, startDate: date("2026-01-01"))
    let exactlyAll = ChargedLeave(state: .pending, daysByDate: [date("2026-06-01"): HalfDays(days: 23)])
    let big = ChargedLeave(state: .pending, daysByDate: [date("2026-06-01"): HalfDays(days: 24)])
    #expect(!strict.fits(big, in: 2026, leave: [:], today: date("2026-01-01")))
    #expect(lenient.fits(big, in: 2026, leave: [:], today: date("2026-01-01")))
    #expect(strict.fits(exactlyAll, in: 2026, leave: [:], today: date("2026-01-01")))
  }

  @Test func firstYearIsProRatedToTheNearestHalfDay() {
    // Started 2026-07-01: 184 of 365 days employed -> 23 * 184 / 365 = 11.59 -> 11.5.
    let calculator = BalanceCalculator(policy: policy, startDate: date("2026-07-01"))
    #expect(calculator.allowance(in: 2026) == HalfDays(rounding: 11.5))
    #expect(calculator.allowance(in: 2025) == .zero)
    #expect(calculator.allowance(in: 2027) == HalfDays(days: 23))
    // Nothing carries into 2027 from the months before starting.
    let balance = calculator.balance(in: 2027, leave: [:], today: date("2027-01-10"))
    #expect(balance.carriedOver == HalfDays(days: 5), "11.5 unused in 2026, capped at 5")
  }

  @Test func anOverrideWinsOverTheDefaultAndProRating() {
    let calculator = BalanceCalculator(
      policy: policy, startDate: date("2026-07-01"), allowanceOverrides: [2026: HalfDays(days: 15)])
    #expect(calculator.allowance(in: 2026) == HalfDays(days: 15))
  }

  @Test func deadlineOnFebruary29thFallsBackInCommonYears() {
    var leapPolicy = policy
    leapPolicy.carryOverUntilMonth = 2
    leapPolicy.carryOverUntilDay = 29
    #expect(leapPolicy.carryOverDeadline(in: 2026) == date("2026-02-28"))
    #expect(leapPolicy.carryOverDeadline(in: 2028) == date("2028-02-29"))
  }

  @Test func halfDaysPrintAsPeopleWriteThem() {
    #expect(HalfDays(halves: 5).description == "2.5")
    #expect(HalfDays(halves: 4).description == "2")
    #expect(HalfDays(exactly: 0.3) == nil)
    #expect(HalfDays(exactly: 1.5) == HalfDays(halves: 3))
  }
}

/// The company's leave rules.
public struct LeavePolicy: Hashable, Sendable {
  /// Days of allowance per year for someone employed the whole year.
  public var defaultAllowance: HalfDays
  /// The most unused days that carry over into the next year (0: nothing carries over).
  public var carryOverMaximum: HalfDays
  /// Carried-over days can be used only by leave dated on or before this day of the year
  /// (month, day), e.g. March 31; what is unused then expires.
  public var carryOverUntilMonth: Int
  public var carryOverUntilDay: Int
  /// Whether a request may take the balance below zero.
  public var allowsNegativeBalance: Bool

  public init(
    defaultAllowance: HalfDays = HalfDays(days: 23), carryOverMaximum: HalfDays = HalfDays(days: 5),
    carryOverUntilMonth: Int = 3, carryOverUntilDay: Int = 31, allowsNegativeBalance: Bool = false
  ) {
    self.defaultAllowance = defaultAllowance
    self.carryOverMaximum = carryOverMaximum
    self.carryOverUntilMonth = carryOverUntilMonth
    self.carryOverUntilDay = carryOverUntilDay
    self.allowsNegativeBalance = allowsNegativeBalance
  }

  public static let standard = LeavePolicy()

  /// The last day carried-over days can be used in `year` (Feb 29 becomes Feb 28 in
  /// common years).
  public func carryOverDeadline(in year: Int) -> CalendarDate {
    let day = min(carryOverUntilDay, CalendarDate.daysIn(month: carryOverUntilMonth, year: year))
    return CalendarDate(year: year, month: carryOverUntilMonth, day: day)!
  }

  /// Checks the fields an admin may set.
  public func validate() throws(ValidationFailure) {
    var validator = Validator()
    validator.require(
      (HalfDays.zero...HalfDays(days: 366)).contains(defaultAllowance), "defaultAllowance", .daysBetween(0, 366))
    validator.require(
      (HalfDays.zero...HalfDays(days: 366)).contains(carryOverMaximum), "carryOverDays", .daysBetween(0, 366))
    validator.require(
      (1...12).contains(carryOverUntilMonth)
        && (1...CalendarDate.daysIn(month: carryOverUntilMonth, year: 2024))
          .contains(carryOverUntilDay),
      "carryOverUntil", .monthAndDay)
    try validator.check()
  }
}

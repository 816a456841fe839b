/// Counting days: a date as a number of days, so ranges can be walked and measured.
extension CalendarDate {
  /// Days since 0001-01-01 (day 0), in the proleptic Gregorian calendar.
  public var dayNumber: Int {
    let y = year - 1
    var days = y * 365 + y / 4 - y / 100 + y / 400
    for month in 1..<month { days += CalendarDate.daysIn(month: month, year: year) }
    return days + day - 1
  }

  /// The date `dayNumber` days after 0001-01-01, or nil outside years 1 to 9999.
  public init?(dayNumber: Int) {
    guard dayNumber >= 0 else { return nil }
    // Start from an estimate of the year and correct it; at most a step or two.
    var year = max(1, dayNumber / 366)
    while CalendarDate(year: year + 1, month: 1, day: 1).map({ $0.dayNumber <= dayNumber }) ?? false { year += 1 }
    guard let january = CalendarDate(year: year, month: 1, day: 1) else { return nil }
    var remaining = dayNumber - january.dayNumber
    var month = 1
    while remaining >= CalendarDate.daysIn(month: month, year: year) {
      remaining -= CalendarDate.daysIn(month: month, year: year)
      month += 1
    }
    self.init(year: year, month: month, day: remaining + 1)
  }

  /// The date `days` later (earlier when negative).
  public func adding(days: Int) -> CalendarDate {
    CalendarDate(dayNumber: dayNumber + days)!
  }

  /// Days from `self` to `other` (positive when `other` is later).
  public func days(to other: CalendarDate) -> Int {
    other.dayNumber - dayNumber
  }

  /// Every date from `start` to `end`, both included; empty when `end` is before `start`.
  public static func range(_ start: CalendarDate, _ end: CalendarDate) -> [CalendarDate] {
    guard start <= end else { return [] }
    return (start.dayNumber...end.dayNumber).map { CalendarDate(dayNumber: $0)! }
  }

  /// Days in the year (365 or 366).
  public static func daysIn(year: Int) -> Int { isLeapYear(year) ? 366 : 365 }

  public var weekday: Weekday { Weekday(rawValue: dayNumber % 7 + 1)! }
}

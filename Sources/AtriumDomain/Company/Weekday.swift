/// A day of the week, numbered as ISO 8601 does (Monday 1 ... Sunday 7).
public enum Weekday: Int, CaseIterable, Codable, Sendable, Comparable {
  case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

  public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The weekday of a calendar date (Zeller-free: days since 0001-01-01, a Monday).
  public init(_ date: CalendarDate) {
    let y = date.year - 1
    var days = y * 365 + y / 4 - y / 100 + y / 400
    for month in 1..<date.month { days += CalendarDate.daysIn(month: month, year: date.year) }
    days += date.day - 1
    self = Weekday(rawValue: days % 7 + 1)!
  }
}

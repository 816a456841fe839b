/// A day of the week, numbered as ISO 8601 does (Monday 1 ... Sunday 7).
public enum Weekday: Int, CaseIterable, Codable, Sendable, Comparable {
  case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

  public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The weekday of a calendar date (0001-01-01 was a Monday).
  public init(_ date: CalendarDate) {
    self = date.weekday
  }
}

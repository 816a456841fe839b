import Foundation

/// When an open check-in ends by itself: at the building's local midnight or 12 hours after it
/// was made, whichever comes first (a check-out ends it sooner).
public enum CheckInExpiry {
  public static let longestHours = 12

  /// - Parameters:
  ///   - checkedInAt: Milliseconds since 1970.
  ///   - timeZone: The building's campus's.
  /// - Returns: Milliseconds since 1970.
  public static func endsAt(checkedInAt: Int64, timeZone: TimeZone) -> Int64 {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let start = Date(timeIntervalSince1970: Double(checkedInAt) / 1000)
    // The next local midnight, as the calendar counts it (a day of 23 or 25 hours included).
    let midnight =
      calendar.nextDate(
        after: start, matching: DateComponents(hour: 0, minute: 0, second: 0), matchingPolicy: .nextTime)
      ?? start.addingTimeInterval(24 * 3600)
    let midnightMilliseconds = Int64((midnight.timeIntervalSince1970 * 1000).rounded())
    return min(midnightMilliseconds, checkedInAt + Int64(longestHours) * 3_600_000)
  }
}

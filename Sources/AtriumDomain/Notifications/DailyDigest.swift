/// When a person's daily digest goes: at 08:00 in their time zone, once a local day. A server
/// that was down at 08:00 sends it when it is back (one digest, gathering everything since
/// the last), and a person who just chose the digest gets the first at the next 08:00.
public enum DailyDigest {
  /// Minutes after local midnight: 08:00.
  public static let sendsAt = 8 * 60

  /// The local day of the newest 08:00 that has passed.
  /// - Parameters:
  ///   - date: The person's local day now.
  ///   - minutes: Minutes since their local midnight now.
  public static func lastSendingDay(date: CalendarDate, minutes: Int) -> CalendarDate {
    minutes >= sendsAt ? date : date.adding(days: -1)
  }

  public enum Decision: Equatable, Sendable {
    /// Send one now, covering what came since the last; remember `day` as sent.
    case send(day: CalendarDate)
    /// The digest was just chosen: remember `day` as if sent, so the first comes at the next 08:00.
    case start(day: CalendarDate)
    case wait
  }

  /// - Parameter lastSent: The local day of the last digest (or of its start); nil before the first.
  public static func decide(date: CalendarDate, minutes: Int, lastSent: CalendarDate?) -> Decision {
    let day = lastSendingDay(date: date, minutes: minutes)
    guard let lastSent else { return .start(day: day) }
    return lastSent < day ? .send(day: day) : .wait
  }
}

import AtriumDomain
import Foundation
import Synchronization

/// Each time zone's offset from UTC, kept from the instant it was asked for until the zone's
/// next transition (an hour at most): "today where the person works" is asked at nearly every
/// request, and Foundation answers each through ICU under the zone's own lock (1.4% of the
/// server's samples under a load of `/me/leave`, `perf`).
package enum ZoneOffsets {
  private struct Kept {
    let offset: Int
    let from: Date
    let until: Date
  }

  private static let kept = Mutex<[String: Kept]>([:])

  /// The date at `instant` in the zone named `name` (`LeaveContext.zone(named:)`: GMT when
  /// there is no such zone, or no name: a person without a location), as
  /// `LeaveContext.date(of:in:)` gives it.
  package static func date(of instant: Date, inZoneNamed name: String?) -> CalendarDate {
    guard let name else { return LeaveContext.date(of: instant, in: .gmt) }
    if let kept = kept.withLock({ $0[name] }), kept.from <= instant, instant < kept.until {
      return LeaveContext.date(of: instant, offset: kept.offset)
    }
    let zone = LeaveContext.zone(named: name)
    let offset = zone.secondsFromGMT(for: instant)
    let transition = zone.nextDaylightSavingTimeTransition(after: instant) ?? .distantFuture
    let until = min(transition, instant.addingTimeInterval(3600))
    kept.withLock { $0[name] = Kept(offset: offset, from: instant, until: until) }
    return LeaveContext.date(of: instant, offset: offset)
  }
}

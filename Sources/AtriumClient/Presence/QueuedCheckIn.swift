import AtriumAPI
import AtriumDomain
import Foundation

/// A check-in made offline, kept in the outbox. It is sent later only while what it says is
/// still true: its fix, aged by the time it waited, must be younger than the server accepts
/// (`PresenceRules.maximumFixAge`); a check-in without a position holds as long. Past that it
/// is reported as expired and never sent, so nobody is checked in where they were an hour ago.
public struct QueuedCheckIn: Codable, Hashable, Sendable {
  public var buildingId: String
  public var position: PositionReport?
  /// When the fix was read (or the person tapped, without one), by this device's clock: only
  /// the time it waited is taken from it, never a decision of the server.
  public var madeAt: Date

  public init(buildingId: String, position: PositionReport?, madeAt: Date) {
    self.buildingId = buildingId
    self.position = position
    self.madeAt = madeAt
  }

  /// The check-in to send at `now`, its fix aged by the wait; nil once it no longer holds.
  public func fresh(at now: Date) -> NewCheckIn? {
    let waited = max(0, now.timeIntervalSince(madeAt))
    let age = (position?.fixAgeS ?? 0) + waited
    guard age <= Double(PresenceRules.maximumFixAge) else { return nil }
    var aged = position
    aged?.fixAgeS = age
    return NewCheckIn(buildingId: buildingId, position: aged)
  }
}

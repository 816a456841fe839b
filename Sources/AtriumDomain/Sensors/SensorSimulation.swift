import Foundation

/// Believable readings for a room's simulated sensor (`atrium sensors simulate`, the demo
/// and the benchmark): temperature on a day cycle, noise in office hours on weekdays, CO₂
/// that rises while a meeting fills the room and falls after, each with a little noise of its
/// own. Deterministic: the same room, kind and local time give the same value.
public struct SensorSimulation: Sendable {
  /// Distinguishes rooms, so two rooms never read alike.
  public let room: Int
  /// The meetings of a weekday, as local hours [start, end).
  public let meetings: [Range<Double>]

  public init(room: Int, meetings: [Range<Double>] = [9.5..<10.5, 12..<13, 15.5..<16.5]) {
    self.room = room
    self.meetings = meetings
  }

  /// The value at a local time: `hour` from 0 up to 24 (fractions for minutes) on a weekday
  /// (Monday to Friday) or not, `second` for the small noise.
  public func value(_ kind: SensorKind, hour: Double, isWeekday: Bool, second: Int) -> Double {
    let jitter = Self.noise(room: room, kind: kind, second: second)
    let office = isWeekday && (8.5..<18.5).contains(hour)
    let value: Double
    switch kind {
    case .temperature:
      // Coolest at 05:00, warmest at 15:00; the heating keeps offices a little warmer by day.
      value = 21.5 + 2 * sin((hour - 9) / 24 * 2 * .pi) + (office ? 0.8 : 0) + jitter * 0.2
    case .humidity:
      value = 45 - 6 * sin((hour - 9) / 24 * 2 * .pi) + jitter
    case .noise:
      value = (office ? 52 : 32) + (isWeekday && inMeeting(hour) ? 8 : 0) + jitter * 3
    case .co2:
      value = 450 + (office ? 150 : 0) + (isWeekday ? meetingCO2(hour) : 0) + jitter * 15
    }
    let range = kind.physicalRange
    return min(max(value, range.lowerBound), range.upperBound)
  }

  func inMeeting(_ hour: Double) -> Bool { meetings.contains { $0.contains(hour) } }

  /// CO₂ a meeting adds: rising about 700 ppm an hour while people are in, falling by half
  /// every 20 minutes once they leave.
  func meetingCO2(_ hour: Double) -> Double {
    meetings.reduce(0) { total, meeting in
      guard hour >= meeting.lowerBound else { return total }
      let inside = min(hour, meeting.upperBound) - meeting.lowerBound
      let risen = 700 * inside
      let after = max(0, hour - meeting.upperBound)
      return total + risen * pow(0.5, after * 3)
    }
  }

  /// A repeatable number from −1 to 1 for a room, a kind and a second.
  static func noise(room: Int, kind: SensorKind, second: Int) -> Double {
    var state = UInt64(bitPattern: Int64(second)) &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(room) &* 0xBF58_476D_1CE4_E5B9
    state ^= UInt64(kind.rawValue.utf8.reduce(0) { $0 &* 31 &+ Int($1) })
    state = (state ^ (state >> 30)) &* 0xBF58_476D_1CE4_E5B9
    state = (state ^ (state >> 27)) &* 0x94D0_49BB_1331_11EB
    state ^= state >> 31
    return Double(state % 2_000_001) / 1_000_000 - 1
  }
}

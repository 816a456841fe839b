/// The time ranges a sensor's series is read over, and the width of each point: a day in
/// five-minute points (288), a week in hourly ones (168), both from the one-minute buckets,
/// so reading a series never touches raw readings.
public enum SeriesRange: String, Sendable, Hashable, CaseIterable, Codable {
  case day = "24h"
  case week = "7d"

  /// The span, in milliseconds.
  public var span: Int64 {
    switch self {
    case .day: 86_400_000
    case .week: 7 * 86_400_000
    }
  }

  /// The width of one point, in milliseconds.
  public var step: Int64 {
    switch self {
    case .day: 300_000
    case .week: 3_600_000
    }
  }

  /// The first point's start for a series ending now: whole steps, so a point's bucket does
  /// not move as time passes.
  public func start(endingAt now: Int64) -> Int64 {
    let end = now - now % step + step
    return end - span
  }
}

/// What registering a sensor may say.
public enum SensorLimits {
  /// A sensor's or a room's name, in characters.
  public static let nameLength = 1...100
  /// How often a sensor usually reads, in seconds: a sensor reading less often than hourly
  /// would be silent for hours before anyone is told.
  public static let intervalSeconds = 1...3_600
  /// The interval a sensor is given when registration says none.
  public static let defaultIntervalSeconds = 60
  /// How many characters a rule's label may have.
  public static let labelLength = 1...120
  /// A rule's duration and a template's, in seconds (a day at most).
  public static let forSeconds = 0...86_400
  /// A rule's cooldown, in seconds (a week at most).
  public static let cooldownSeconds = 0...604_800
}

/// A building people check in at: its centre and the radius of the circle that counts as in it.
public struct PresenceBuilding: Sendable, Hashable {
  public let id: String
  public let campusID: String
  public let centre: GeoPoint
  /// Metres, 50 to 2,000.
  public let radius: Double

  public init(id: String, campusID: String, centre: GeoPoint, radius: Double) {
    self.id = id
    self.campusID = campusID
    self.centre = centre
    self.radius = radius
  }

  /// The radii a building may have, in metres.
  public static let radii: ClosedRange<Double> = 50...2_000
}

/// A position a device reports: where, how sure (the radius of its accuracy circle) and how old.
public struct PositionFix: Sendable, Hashable {
  public let point: GeoPoint
  /// Metres.
  public let accuracy: Double
  /// Seconds since the device took it.
  public let age: Double

  public init(point: GeoPoint, accuracy: Double, age: Double) {
    self.point = point
    self.accuracy = accuracy
    self.age = age
  }
}

/// Why a fix is not used.
public enum FixRefusal: Error, Sendable, Equatable {
  /// Older than the oldest fix taken (seconds).
  case stale(maximumAge: Int)
  /// Less precise than the area needs (metres).
  case inaccurate(limit: Int)
  /// A negative or infinite accuracy or age.
  case notAFix
}

/// How close a fix is to a building.
public enum Closeness: Int, Sendable, Comparable, Codable {
  /// Within 200 m of the circle.
  case nearby = 0
  /// The accuracy circle overlaps the building's.
  case possiblyInside = 1
  /// The whole accuracy circle is inside the building's.
  case inside = 2

  public static func < (lhs: Closeness, rhs: Closeness) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Where a fix puts a person among the buildings: the rules of check-in by hand and by
/// geofence, decided on the server from the device's fix alone (never the device's opinion).
public enum PresenceRules {
  /// A fix older than this (seconds) is refused.
  public static let maximumFixAge = 120
  /// The accuracy accepted anywhere, in metres; near a large building its radius is.
  public static let baseAccuracyLimit = 100.0
  /// Buildings this far (metres) decide the accuracy a fix needs.
  public static let accuracyArea = 2_000.0
  /// A building is nearby within its radius and this many metres.
  public static let nearbyMargin = 200.0

  /// A building and how close a fix is to it.
  public struct Match: Sendable, Hashable {
    public let building: PresenceBuilding
    public let closeness: Closeness
    /// From the fix to the building's centre, in metres.
    public let distance: Double
  }

  /// The worst accuracy a fix at `point` may have: max(100 m, the largest radius among the
  /// buildings within 2 km).
  public static func accuracyLimit(at point: GeoPoint, among buildings: [PresenceBuilding]) -> Double {
    buildings.filter { $0.centre.distance(to: point) <= accuracyArea }.map(\.radius)
      .reduce(baseAccuracyLimit, max)
  }

  /// Refuses a fix too old or too imprecise to decide anything.
  public static func check(_ fix: PositionFix, among buildings: [PresenceBuilding]) throws(FixRefusal) {
    guard fix.accuracy.isFinite, fix.accuracy >= 0, fix.age.isFinite, fix.age >= 0 else { throw .notAFix }
    guard fix.age <= Double(maximumFixAge) else { throw .stale(maximumAge: maximumFixAge) }
    let limit = accuracyLimit(at: fix.point, among: buildings)
    guard fix.accuracy <= limit else { throw .inaccurate(limit: Int(limit.rounded())) }
  }

  /// How close `fix` is to `building`, or nil when it is farther than nearby.
  public static func closeness(of fix: PositionFix, to building: PresenceBuilding) -> Closeness? {
    let distance = fix.point.distance(to: building.centre)
    if distance + fix.accuracy <= building.radius { return .inside }
    if distance - fix.accuracy <= building.radius { return .possiblyInside }
    if distance <= building.radius + nearbyMargin { return .nearby }
    return nil
  }

  /// Every building the fix is at least nearby, the nearest centre first (then the smaller
  /// radius): the order a person is offered them in, and the first wins where several qualify.
  public static func matches(_ fix: PositionFix, among buildings: [PresenceBuilding]) -> [Match] {
    buildings.compactMap { building in
      closeness(of: fix, to: building).map {
        Match(building: building, closeness: $0, distance: fix.point.distance(to: building.centre))
      }
    }.sorted { ($0.distance, $0.building.radius, $0.building.id) < ($1.distance, $1.building.radius, $1.building.id) }
  }

  /// The building a fix is at least `closeness` to that wins: the nearest centre, then the
  /// smaller radius.
  public static func best(
    _ fix: PositionFix, among buildings: [PresenceBuilding], atLeast closeness: Closeness
  ) -> Match? {
    matches(fix, among: buildings).first { $0.closeness >= closeness }
  }

  /// Whether a fix is clearly outside a building: d − min(accuracy, 100) > r + max(25, r / 4).
  /// The margin keeps a fix that jitters around the edge from counting as out.
  public static func isClearlyOutside(_ fix: PositionFix, _ building: PresenceBuilding) -> Bool {
    fix.point.distance(to: building.centre) - min(fix.accuracy, baseAccuracyLimit)
      > building.radius + max(25, building.radius / 4)
  }
}

import AtriumDomain
import Foundation
import Testing

/// Issue 19: where a fix puts a person among the buildings, and what a device's fixes decide.
@Suite struct PresenceRulesTests {
  /// "Madrid — Castellana".
  static let centre = GeoPoint(latitude: 40.4531, longitude: -3.6883)!
  static let castellana = PresenceBuilding(id: "castellana", campusID: "madrid", centre: centre, radius: 80)

  /// A point `metres` north of `from` (a meridian: the haversine distance back is exact to
  /// well under a millimetre).
  static func north(_ metres: Double, of from: GeoPoint = centre) -> GeoPoint {
    GeoPoint(latitude: from.latitude + metres / GeoPoint.meanEarthRadius * 180 / .pi, longitude: from.longitude)!
  }

  static func fix(_ metres: Double, accuracy: Double, age: Double = 5) -> PositionFix {
    PositionFix(point: north(metres), accuracy: accuracy, age: age)
  }

  @Test func coordinatesAreValidated() {
    #expect(GeoPoint(latitude: 90, longitude: 180) != nil && GeoPoint(latitude: -90, longitude: -180) != nil)
    #expect(GeoPoint(latitude: 90.0001, longitude: 0) == nil)
    #expect(GeoPoint(latitude: 0, longitude: -180.5) == nil)
    #expect(GeoPoint(latitude: .nan, longitude: 0) == nil && GeoPoint(latitude: 0, longitude: .infinity) == nil)
  }

  @Test func distancesAreHaversineOnTheMeanRadius() {
    let equator = GeoPoint(latitude: 0, longitude: 0)!
    // One degree of a great circle: R × π / 180.
    #expect(abs(equator.distance(to: GeoPoint(latitude: 1, longitude: 0)!) - 111_195.08) < 0.01)
    #expect(abs(equator.distance(to: GeoPoint(latitude: 0, longitude: 1)!) - 111_195.08) < 0.01)
    // Madrid (Puerta del Sol) to Valladolid (Plaza Mayor): about 162 km.
    let sol = GeoPoint(latitude: 40.4168, longitude: -3.7038)!
    let valladolid = GeoPoint(latitude: 41.6523, longitude: -4.7245)!
    #expect(abs(sol.distance(to: valladolid) - 162_000) < 1_500)
    #expect(abs(Self.centre.distance(to: Self.north(300)) - 300) < 0.001)
  }

  @Test(
    arguments: [
      // distance, accuracy → closeness (radius 80: inside when d + a ≤ 80, possibly when d − a ≤ 80,
      // nearby when d ≤ 280)
      (0.0, 79.99, Closeness?.some(.inside)), (60, 19.99, .inside), (60, 20.01, .possiblyInside),
      (100, 20.01, .possiblyInside), (100, 19.99, .nearby), (279.99, 5, .nearby), (280.01, 5, nil),
      (500, 10, nil),
    ] as [(Double, Double, Closeness?)])
  func closenessAtTheBoundaries(distance: Double, accuracy: Double, expected: Closeness?) {
    #expect(PresenceRules.closeness(of: Self.fix(distance, accuracy: accuracy), to: Self.castellana) == expected)
  }

  @Test func aStaleOrImpreciseFixIsRefused() throws {
    let buildings = [Self.castellana]
    try PresenceRules.check(Self.fix(10, accuracy: 100, age: 120), among: buildings)
    #expect(throws: FixRefusal.stale(maximumAge: 120)) {
      try PresenceRules.check(Self.fix(10, accuracy: 10, age: 120.5), among: buildings)
    }
    #expect(throws: FixRefusal.inaccurate(limit: 100)) {
      try PresenceRules.check(Self.fix(10, accuracy: 100.5), among: buildings)
    }
    #expect(throws: FixRefusal.notAFix) { try PresenceRules.check(Self.fix(10, accuracy: -1), among: buildings) }
    // Near a large building its radius is the limit; 2 km away it no longer counts.
    let park = PresenceBuilding(id: "park", campusID: "madrid", centre: Self.north(1_500), radius: 400)
    try PresenceRules.check(Self.fix(10, accuracy: 400), among: buildings + [park])
    #expect(throws: FixRefusal.inaccurate(limit: 100)) {
      try PresenceRules.check(
        PositionFix(point: Self.north(3_600), accuracy: 150, age: 1), among: buildings + [park])
    }
  }

  @Test func theNearestCentreWinsThenTheSmallerRadius() {
    let near = PresenceBuilding(id: "near", campusID: "madrid", centre: Self.north(30), radius: 100)
    let wide = PresenceBuilding(id: "wide", campusID: "madrid", centre: Self.north(30), radius: 300)
    let fix = Self.fix(0, accuracy: 10)
    #expect(
      PresenceRules.best(fix, among: [wide, Self.castellana, near], atLeast: .inside)?.building.id == "castellana")
    #expect(
      PresenceRules.best(Self.fix(30, accuracy: 10), among: [wide, near], atLeast: .inside)?.building.id == "near")
    #expect(
      PresenceRules.matches(Self.fix(200, accuracy: 10), among: [wide, near, Self.castellana]).map(\.building.id)
        == ["near", "wide", "castellana"])
  }

  @Test func twoFixesClearlyOutsideAMinuteApartCheckOut() {
    var state = AutomaticPresence.State()
    var decision: AutomaticPresence.Decision
    let buildings = [Self.castellana]
    (decision, state) = AutomaticPresence.decide(
      Self.fix(10, accuracy: 20), takenAt: 0, state: state, buildings: buildings)
    #expect(decision == .checkIn(buildingID: "castellana"))
    (decision, state) = AutomaticPresence.decide(
      Self.fix(20, accuracy: 20), takenAt: 10_000, state: state, buildings: buildings)
    #expect(decision == .nothing(.alreadyCheckedIn))
    // Clearly outside: d − min(a, 100) > 80 + 25.
    (decision, state) = AutomaticPresence.decide(
      Self.fix(140, accuracy: 30), takenAt: 20_000, state: state, buildings: buildings)
    #expect(decision == .nothing(.firstFixOutside))
    (decision, state) = AutomaticPresence.decide(
      Self.fix(150, accuracy: 30), takenAt: 79_999, state: state, buildings: buildings)
    #expect(decision == .nothing(.waitingForSecondFix))
    (decision, state) = AutomaticPresence.decide(
      Self.fix(160, accuracy: 30), takenAt: 80_000, state: state, buildings: buildings)
    #expect(decision == .checkOut(buildingID: "castellana"))
    #expect(state == AutomaticPresence.State())
  }

  @Test func aFixNearTheEdgeStartsTheExitAgain() {
    let buildings = [Self.castellana]
    var state = AutomaticPresence.State(openBuildingID: "castellana")
    var decision: AutomaticPresence.Decision
    (decision, state) = AutomaticPresence.decide(
      Self.fix(140, accuracy: 30), takenAt: 0, state: state, buildings: buildings)
    #expect(decision == .nothing(.firstFixOutside))
    // 104 − 0 is not more than 105: near the edge, and the count starts again.
    (decision, state) = AutomaticPresence.decide(
      Self.fix(104, accuracy: 0), takenAt: 30_000, state: state, buildings: buildings)
    #expect(decision == .nothing(.nearTheEdge))
    (decision, state) = AutomaticPresence.decide(
      Self.fix(140, accuracy: 30), takenAt: 70_000, state: state, buildings: buildings)
    #expect(decision == .nothing(.firstFixOutside), "not a check-out: the fixes outside were not in a row")
  }

  @Test func insideAnotherBuildingChecksInThere() {
    let annex = PresenceBuilding(id: "annex", campusID: "madrid", centre: Self.north(300), radius: 60)
    let (decision, state) = AutomaticPresence.decide(
      Self.fix(300, accuracy: 10), takenAt: 0, state: .init(openBuildingID: "castellana"),
      buildings: [Self.castellana, annex])
    #expect(decision == .checkIn(buildingID: "annex") && state.openBuildingID == "annex")
  }

  /// A phone's recorded walk: in, about 20 minutes with noisy fixes (some near the edge, two
  /// wild ones), and out. It must check in once and out once.
  @Test func aNoisyTrackChecksInOnceAndOutOnce() throws {
    let url = try #require(
      Bundle.module.url(forResource: "noisy-track", withExtension: "csv", subdirectory: "Resources"))
    let fixes = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
      .map { line -> (Int64, PositionFix) in
        let fields = line.split(separator: ",").map { Double($0)! }
        return (
          Int64(fields[0] * 1000),
          PositionFix(point: GeoPoint(latitude: fields[1], longitude: fields[2])!, accuracy: fields[3], age: 1)
        )
      }
    #expect(fixes.count >= 200)
    let nearTheEdge = fixes.filter { abs($0.1.point.distance(to: Self.centre) - Self.castellana.radius) <= 30 }
    #expect(nearTheEdge.count >= 20)
    var state = AutomaticPresence.State()
    var decisions: [AutomaticPresence.Decision] = []
    for (takenAt, fix) in fixes {
      let (decision, next) = AutomaticPresence.decide(fix, takenAt: takenAt, state: state, buildings: [Self.castellana])
      state = next
      if case .nothing = decision { continue }
      decisions.append(decision)
    }
    #expect(decisions == [.checkIn(buildingID: "castellana"), .checkOut(buildingID: "castellana")])
  }

  @Test func aCheckInEndsAtLocalMidnightOrAfterTwelveHours() throws {
    let madrid = try #require(TimeZone(identifier: "Europe/Madrid"))
    func instant(_ text: String) -> Int64 {
      Int64(ISO8601DateFormatter().date(from: text)!.timeIntervalSince1970 * 1000)
    }
    // 09:00 local: twelve hours first (21:00 local).
    #expect(
      CheckInExpiry.endsAt(checkedInAt: instant("2026-06-10T07:00:00Z"), timeZone: madrid)
        == instant("2026-06-10T19:00:00Z"))
    // 18:00 local: midnight first.
    #expect(
      CheckInExpiry.endsAt(checkedInAt: instant("2026-06-10T16:00:00Z"), timeZone: madrid)
        == instant("2026-06-10T22:00:00Z"))
    // The day the clocks go forward has 23 hours: 12:30 CEST ends at midnight, 22:00 UTC, not
    // at 22:30 UTC (twelve hours), and not at 23:00 UTC (a day of 24 hours from 00:00 CET).
    #expect(
      CheckInExpiry.endsAt(checkedInAt: instant("2026-03-29T10:30:00Z"), timeZone: madrid)
        == instant("2026-03-29T22:00:00Z"))
    // The day they go back has 25: 13:00 CET ends at midnight CET, 23:00 UTC.
    #expect(
      CheckInExpiry.endsAt(checkedInAt: instant("2026-10-25T12:00:00Z"), timeZone: madrid)
        == instant("2026-10-25T23:00:00Z"))
  }

  @Test(
    arguments: [
      // sharing, they added the viewer, the viewer added them → visible
      (PresenceSharing.off, true, true, false), (.mates, false, false, false), (.mates, true, false, false),
      (.mates, false, true, false), (.mates, true, true, true), (.everyone, false, false, true),
      (.everyone, true, true, true),
    ] as [(PresenceSharing, Bool, Bool, Bool)])
  func whoSeesWhom(sharing: PresenceSharing, theyAdded: Bool, viewerAdded: Bool, visible: Bool) {
    #expect(
      PresenceSharing.isVisible(
        sharing: sharing, isSelf: false, theyAddedViewer: theyAdded, viewerAddedThem: viewerAdded)
        == visible)
    #expect(PresenceSharing.isVisible(sharing: sharing, isSelf: true, theyAddedViewer: false, viewerAddedThem: false))
  }
}

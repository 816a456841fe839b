import AtriumAPI
import AtriumDomain
import Foundation

/// What an app implements with Core Location (region monitoring, or Android's geofencing):
/// the SDK says which circles to watch; the app hands the `GeofenceCoordinator` every region
/// event and every fix it gets.
public protocol GeofenceMonitor: AnyObject {
  /// Watch exactly these circles from now on (the platform's limit, 20 on iOS, is respected:
  /// the nearest are given first).
  func monitor(_ regions: [GeofenceRegion])
}

/// A building's circle, as a region to watch.
public struct GeofenceRegion: Equatable, Sendable {
  public let id: String
  public let latitude: Double
  public let longitude: Double
  public let radiusM: Double
}

/// What the platform reported: entering or leaving a watched region, or a plain fix; each with
/// the fix taken then.
public enum GeofenceEvent: Equatable, Sendable {
  case entered(regionID: String, PositionReport)
  case exited(regionID: String, PositionReport)
  case fix(PositionReport)

  var report: PositionReport {
    switch self {
    case .entered(_, let fix), .exited(_, let fix), .fix(let fix): fix
    }
  }
}

/// The device's side of automatic check-in. The server decides (`POST /presence/position`);
/// this decides which fixes are worth sending, so a phone neither checks in a person walking
/// past a building nor spends its battery reporting every fix:
/// - **dwell**: a building is reported only once the person has been inside it for `dwell`
///   seconds (two fixes inside, that far apart);
/// - **two-fix exit**: while checked in, fixes inside are not sent; a clearly outside fix is
///   (the server notes it), and so is the next one, which checks out when it is at least
///   `AutomaticPresence.exitSeconds` later and still clearly outside; a fix back near the
///   building is sent too, so the server forgets the first. One wild fix never checks anyone
///   out.
@MainActor
public final class GeofenceCoordinator {
  /// The most regions a platform watches at once (iOS's limit).
  public static let regionLimit = 20

  private let repository: any PresenceRepository
  private let monitor: any GeofenceMonitor
  private let dwell: TimeInterval
  private let now: @Sendable () -> Date
  private var buildings: [PresenceBuilding] = []
  /// A building the person has been inside since, not yet reported.
  private var arriving: (buildingID: String, since: Date)?
  /// The building the server checked the person in at.
  public private(set) var checkedInAt: String?
  /// Whether a clearly outside fix was sent and the server is waiting for the second.
  private var leaving = false

  public init(
    repository: any PresenceRepository, monitor: any GeofenceMonitor, dwell: TimeInterval = 60,
    now: @escaping @Sendable () -> Date = Date.init
  ) {
    self.repository = repository
    self.monitor = monitor
    self.dwell = dwell
    self.now = now
  }

  /// Loads the buildings (the cached copy offline) and the person's open check-in, and asks
  /// the platform to watch the buildings nearest to `near` (or the first ones).
  public func start(near: PositionReport? = nil) async throws(APIError) {
    let campuses: [CampusBody]
    do {
      campuses = try await repository.campuses()
    } catch .offline {
      campuses = repository.cachedCampuses() ?? []
    }
    buildings = campuses.flatMap { campus in
      campus.buildings.compactMap { building in
        GeoPoint(latitude: building.latitude, longitude: building.longitude).map {
          PresenceBuilding(id: building.id, campusID: campus.id, centre: $0, radius: building.radiusM)
        }
      }
    }
    checkedInAt = (try? await repository.me())?.checkIn.flatMap { $0.open ? $0.building.id : nil }
    let origin = near.flatMap { GeoPoint(latitude: $0.latitude, longitude: $0.longitude) }
    let nearest = origin.map { point in
      buildings.sorted { $0.centre.distance(to: point) < $1.centre.distance(to: point) }
    }
    monitor.monitor(
      (nearest ?? buildings).prefix(Self.regionLimit).map {
        GeofenceRegion(
          id: $0.id, latitude: $0.centre.latitude, longitude: $0.centre.longitude, radiusM: $0.radius)
      })
  }

  /// Handles what the platform reported; returns the server's decision when a fix was sent.
  @discardableResult
  public func handle(_ event: GeofenceEvent) async throws(APIError) -> PositionDecision? {
    let report = event.report
    guard let point = GeoPoint(latitude: report.latitude, longitude: report.longitude) else { return nil }
    let fix = PositionFix(point: point, accuracy: report.accuracyM, age: report.fixAgeS)
    let takenAt = now().addingTimeInterval(-report.fixAgeS)
    if let current = checkedInAt, let building = buildings.first(where: { $0.id == current }) {
      return try await whileCheckedIn(at: building, fix, report)
    }
    guard let inside = PresenceRules.best(fix, among: buildings, atLeast: .inside) else {
      arriving = nil
      return nil
    }
    guard let since = arriving, since.buildingID == inside.building.id else {
      arriving = (inside.building.id, takenAt)
      return nil
    }
    guard takenAt.timeIntervalSince(since.since) >= dwell else { return nil }
    var sent = report
    if case .entered = event { sent.event = "enter" }
    let decision = try await repository.report(sent)
    arriving = nil
    if decision.decision == "checkedIn" { checkedInAt = decision.checkIn?.building.id }
    return decision
  }

  private func whileCheckedIn(
    at building: PresenceBuilding, _ fix: PositionFix, _ report: PositionReport
  ) async throws(APIError) -> PositionDecision? {
    let isOutside = PresenceRules.isClearlyOutside(fix, building)
    // Inside or near, with nothing to take back: nothing worth sending.
    guard isOutside || leaving else { return nil }
    let decision = try await repository.report(report)
    leaving = isOutside && decision.decision != "checkedOut"
    switch decision.decision {
    case "checkedOut":
      checkedInAt = nil
    case "checkedIn":
      checkedInAt = decision.checkIn?.building.id
    default:
      // The server no longer has this check-in open (ended at midnight, or checked out elsewhere).
      if decision.checkIn == nil || decision.checkIn?.open == false { checkedInAt = nil }
    }
    return decision
  }
}

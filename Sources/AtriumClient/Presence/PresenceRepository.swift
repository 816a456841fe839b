import AtriumAPI
import AtriumDomain
import AtriumMessages
import Foundation

/// Presence: the campuses and buildings and the mates' check-ins, cached for a screen opened
/// offline; checking in now or, offline, kept to send while its fix is still fresh
/// (`QueuedCheckIn`); and a device's fixes for automatic check-in (`GeofenceCoordinator`).
public protocol PresenceRepository: Sendable {
  func cachedCampuses() -> [CampusBody]?
  func campuses() async throws(APIError) -> [CampusBody]
  func cachedMateCheckIns() -> [MateCheckIn]?
  /// The mates the caller may see, with their latest check-in.
  func mateCheckIns() async throws(APIError) -> [MateCheckIn]
  func cachedMe() -> MyPresence?
  func me() async throws(APIError) -> MyPresence
  func mates() async throws(APIError) -> [PersonName]
  func addMate(_ personID: String) async throws(APIError) -> PersonName
  func removeMate(_ personID: String) async throws(APIError)
  func nearby(_ fix: PositionReport) async throws(APIError) -> [NearbyBuilding]
  /// Checks in now, or offline keeps it to send while it still holds.
  func checkIn(at buildingID: String, position: PositionReport?) async throws(APIError) -> WriteOutcome<CheckInBody>
  func checkOut() async throws(APIError)
  /// A device's fix or geofence event: the server decides.
  func report(_ fix: PositionReport) async throws(APIError) -> PositionDecision
  func updateSettings(_ change: PresenceSettingsChange) async throws(APIError) -> PresenceSettingsBody
  /// Sends the check-ins kept offline; those that no longer hold are reported as expired.
  func replayOutbox() async -> [ReplayResult]
}

public struct LivePresenceRepository: PresenceRepository {
  let session: ClientSession
  let cache: ClientCache
  let sync: SyncEngine
  let now: @Sendable () -> Date

  /// - Parameter now: This device's clock (a test's fake one), which ages a kept check-in.
  public init(
    session: ClientSession, cache: ClientCache, language: ClientLanguage = .en,
    now: @escaping @Sendable () -> Date = Date.init
  ) {
    self.session = session
    self.cache = cache
    self.now = now
    self.sync = SyncEngine(session: session, cache: cache, language: language, now: now)
  }

  public func cachedCampuses() -> [CampusBody]? { cache.get([CampusBody].self, key: "presence-campuses") }

  public func campuses() async throws(APIError) -> [CampusBody] {
    try await session.fetch(keepingAs: "presence-campuses", in: cache) { try await $0.presenceCampuses() }
  }

  public func cachedMateCheckIns() -> [MateCheckIn]? { cache.get([MateCheckIn].self, key: "presence-mates") }

  public func mateCheckIns() async throws(APIError) -> [MateCheckIn] {
    try await session.fetch(keepingAs: "presence-mates", in: cache) { try await $0.mateCheckIns() }
  }

  public func cachedMe() -> MyPresence? { cache.get(MyPresence.self, key: "presence-me") }

  public func me() async throws(APIError) -> MyPresence {
    try await session.fetch(keepingAs: "presence-me", in: cache) { try await $0.myPresence() }
  }

  public func mates() async throws(APIError) -> [PersonName] {
    try await session.call { try await $0.mates() }
  }

  public func addMate(_ personID: String) async throws(APIError) -> PersonName {
    let key = UUID().uuidString
    return try await session.call { try await $0.addMate(personID, idempotencyKey: key) }
  }

  public func removeMate(_ personID: String) async throws(APIError) {
    let key = UUID().uuidString
    try await session.call { try await $0.removeMate(personID, idempotencyKey: key) }
  }

  public func nearby(_ fix: PositionReport) async throws(APIError) -> [NearbyBuilding] {
    try await session.call { try await $0.nearbyBuildings(fix) }
  }

  public func checkIn(
    at buildingID: String, position: PositionReport?
  ) async throws(APIError) -> WriteOutcome<CheckInBody> {
    let queued = QueuedCheckIn(buildingId: buildingID, position: position, madeAt: now())
    return try await sync.perform(.checkIn(queued)) { api, key in
      try await api.checkIn(NewCheckIn(buildingId: buildingID, position: position), idempotencyKey: key)
    }
  }

  public func checkOut() async throws(APIError) {
    let key = UUID().uuidString
    try await session.call { try await $0.checkOut(idempotencyKey: key) }
  }

  public func report(_ fix: PositionReport) async throws(APIError) -> PositionDecision {
    let key = UUID().uuidString
    return try await session.call { try await $0.reportPosition(fix, idempotencyKey: key) }
  }

  public func updateSettings(_ change: PresenceSettingsChange) async throws(APIError) -> PresenceSettingsBody {
    let key = UUID().uuidString
    return try await session.call { try await $0.updatePresenceSettings(change, idempotencyKey: key) }
  }

  public func replayOutbox() async -> [ReplayResult] { await sync.replay([.presence]) }
}

import AtriumAPI
import AtriumClient
import AtriumDomain
import AtriumMessages
import AtriumTestSupport
import Foundation
import Testing

/// Issue 19 through the SDK against the real server: a check-in kept offline is sent while its
/// fix is fresh and reported as expired after; mates and the map follow live events; the
/// geofence logic (dwell, two-fix exit) with a fake platform monitor.
@MainActor @Suite(.serialized) struct PresenceClientTests {
  let live: LiveServer

  init() throws { live = try LiveServer() }

  func castellana(_ repository: any PresenceRepository) async throws -> BuildingBody {
    try #require(try await repository.campuses().flatMap(\.buildings).first { $0.name == "Madrid — Castellana" })
  }

  /// A fix `north` metres north of a building's centre.
  func fix(_ building: BuildingBody, north: Double = 0, accuracy: Double = 10, age: Double = 2) -> PositionReport {
    PositionReport(
      latitude: building.latitude + north / GeoPoint.meanEarthRadius * 180 / .pi, longitude: building.longitude,
      accuracyM: accuracy, fixAgeS: age)
  }

  @Test func aCheckInMadeOfflineIsSentWhileFresh_andReportedAsExpiredAfter() async throws {
    let (session, cache) = try await live.signIn("eva")
    let repository = LivePresenceRepository(session: session, cache: cache, now: live.app.clock.function)
    let model = CheckInViewModel(repository: repository, timeZone: TimeZone(identifier: "Europe/Madrid")!)
    await model.appeared()
    #expect(model.state.current == "You are not checked in.")
    let building = try await castellana(repository)
    await model.positionReceived(fix(building, north: 20))
    #expect(model.state.nearby.first?.name == "Madrid — Castellana")
    #expect(model.state.nearby.first?.closeness == "You are inside")
    #expect(model.state.nearby.first?.canCheckIn == true)

    // Offline: kept, and sent 30 s later with its fix aged by the wait.
    live.isOffline = true
    await model.checkInTapped(buildingID: building.id)
    #expect(model.state.message == PresenceText.checkInQueued.text(in: .en))
    live.isOffline = false
    live.app.clock.advance(by: 30)
    #expect(await repository.replayOutbox() == [ReplayResult(kind: "checkIn", refusal: nil)])
    await model.appeared()
    #expect(model.state.current == "You are at Madrid — Castellana since 10:00")

    // Offline again, and back only after three minutes: never sent, reported as expired.
    await model.checkOutTapped()
    #expect(model.state.current == "You are not checked in.")
    live.isOffline = true
    await model.checkInTapped(buildingID: building.id)
    live.isOffline = false
    live.app.clock.advance(by: 180)
    #expect(
      await repository.replayOutbox() == [
        ReplayResult(kind: "checkIn", refusal: ConnectionMessage.expiredOffline.text(in: .en))
      ])
    await model.appeared()
    #expect(model.state.current == "You are not checked in.", "the expired check-in was not sent")
    #expect(await repository.replayOutbox().isEmpty)
  }

  @Test func marioSeesEvaThroughALiveEvent_luciaSeesNothing() async throws {
    let (evaSession, evaCache) = try await live.signIn("eva")
    let eva = LivePresenceRepository(session: evaSession, cache: evaCache)
    let (marioSession, marioCache) = try await live.signIn("mario")
    let mario = LivePresenceRepository(session: marioSession, cache: marioCache)
    let (luciaSession, luciaCache) = try await live.signIn("lucia")
    let lucia = LivePresenceRepository(session: luciaSession, cache: luciaCache)
    let ids = try ["eva", "mario"].map { try live.app.login($0).user.id }
    _ = try await eva.updateSettings(PresenceSettingsChange(sharing: "mates"))
    _ = try await eva.addMate(ids[1])
    let mates = MatesViewModel(repository: mario, timeZone: TimeZone(identifier: "Europe/Madrid")!)
    await mates.addTapped(personID: ids[0])
    #expect(mates.state.message == "Eva Fernández is one of your mates.")
    #expect(mates.state.rows.isEmpty && mates.state.emptyMessage != nil)
    let luciaMates = MatesViewModel(repository: lucia)
    await luciaMates.addTapped(personID: ids[0])
    let map = MapViewModel(repository: mario)

    let events = try await marioSession.events()
    let building = try await castellana(eva)
    #expect(try await eva.checkIn(at: building.id, position: fix(building)) != .queued)
    let event = try #require(try await nextEvent(named: "presence", from: events))
    await mates.eventReceived(event)
    #expect(mates.state.rows.map(\.name) == ["Eva Fernández"])
    #expect(mates.state.rows.first?.whereabouts == "At Madrid — Castellana since 10:00")
    #expect(mates.state.rows.first?.isThereNow == true)
    await map.eventReceived(event, campusID: building.campusId)
    let drawn = try #require(map.state.map)
    let marker = try #require(drawn.markers.first)
    let circle = try #require(drawn.buildings.first { $0.id == building.id })
    #expect(marker.initials == "EF" && marker.x == circle.x && marker.y == circle.y)
    #expect(abs(circle.radius - building.radiusM * drawn.unitsPerMetre) < 1e-9)

    await luciaMates.appeared()
    #expect(luciaMates.state.rows.isEmpty, "eva never added lucia")
  }

  final class FakeMonitor: GeofenceMonitor {
    var regions: [GeofenceRegion] = []
    func monitor(_ regions: [GeofenceRegion]) { self.regions = regions }
  }

  /// Counts what reaches the server.
  final class CountingRepository: PresenceRepository, @unchecked Sendable {
    let base: LivePresenceRepository
    var reports = 0
    init(_ base: LivePresenceRepository) { self.base = base }
    func cachedCampuses() -> [CampusBody]? { base.cachedCampuses() }
    func campuses() async throws(APIError) -> [CampusBody] { try await base.campuses() }
    func cachedMateCheckIns() -> [MateCheckIn]? { base.cachedMateCheckIns() }
    func mateCheckIns() async throws(APIError) -> [MateCheckIn] { try await base.mateCheckIns() }
    func cachedMe() -> MyPresence? { base.cachedMe() }
    func me() async throws(APIError) -> MyPresence { try await base.me() }
    func mates() async throws(APIError) -> [PersonName] { try await base.mates() }
    func addMate(_ personID: String) async throws(APIError) -> PersonName { try await base.addMate(personID) }
    func removeMate(_ personID: String) async throws(APIError) { try await base.removeMate(personID) }
    func nearby(_ fix: PositionReport) async throws(APIError) -> [NearbyBuilding] { try await base.nearby(fix) }
    func checkIn(at buildingID: String, position: PositionReport?) async throws(APIError) -> WriteOutcome<CheckInBody> {
      try await base.checkIn(at: buildingID, position: position)
    }
    func checkOut() async throws(APIError) { try await base.checkOut() }
    func report(_ fix: PositionReport) async throws(APIError) -> PositionDecision {
      reports += 1
      return try await base.report(fix)
    }
    func updateSettings(_ change: PresenceSettingsChange) async throws(APIError) -> PresenceSettingsBody {
      try await base.updateSettings(change)
    }
    func replayOutbox() async -> [ReplayResult] { await base.replayOutbox() }
  }

  @Test func theGeofenceDwellsBeforeCheckingIn_andLeavesOnlyAfterTwoClearFixes() async throws {
    let (session, cache) = try await live.signIn("eva")
    let repository = CountingRepository(LivePresenceRepository(session: session, cache: cache))
    _ = try await repository.updateSettings(PresenceSettingsChange(automatic: true))
    let building = try await castellana(repository)
    let monitor = FakeMonitor()
    let clock = live.app.clock
    let geofence = GeofenceCoordinator(repository: repository, monitor: monitor, dwell: 60, now: clock.function)
    try await geofence.start(near: fix(building, north: -600))
    #expect(monitor.regions.first?.id == building.id, "the nearest building first")
    #expect(monitor.regions.count == 3)

    // Walking past: in for 20 s, then out. Nothing is sent.
    #expect(try await geofence.handle(.entered(regionID: building.id, fix(building))) == nil)
    clock.advance(by: 20)
    #expect(try await geofence.handle(.fix(fix(building, north: -600))) == nil)
    #expect(repository.reports == 0)
    // Staying: a fix inside 60 s after the first one inside is sent, and checks in.
    #expect(try await geofence.handle(.entered(regionID: building.id, fix(building, north: 10))) == nil)
    clock.advance(by: 30)
    #expect(try await geofence.handle(.fix(fix(building, north: 5))) == nil)
    clock.advance(by: 31)
    let checkedIn = try await geofence.handle(.fix(fix(building, north: 5)))
    #expect(checkedIn?.decision == "checkedIn")
    #expect(geofence.checkedInAt == building.id)
    // Inside: nothing worth sending.
    clock.advance(by: 300)
    #expect(try await geofence.handle(.fix(fix(building))) == nil)
    #expect(repository.reports == 1)
    // One wild fix outside, then a fix back at the edge: sent, and nobody is checked out.
    let outside = building.radiusM + 200
    #expect(try await geofence.handle(.fix(fix(building, north: outside)))?.decision == "nothing")
    clock.advance(by: 70)
    #expect(try await geofence.handle(.fix(fix(building, north: building.radiusM)))?.decision == "nothing")
    clock.advance(by: 70)
    #expect(try await geofence.handle(.exited(regionID: building.id, fix(building, north: outside))) != nil)
    #expect(geofence.checkedInAt == building.id, "one clearly outside fix since the edge: still in")
    clock.advance(by: 61)
    let left = try await geofence.handle(.fix(fix(building, north: outside + 50)))
    #expect(left?.decision == "checkedOut")
    #expect(geofence.checkedInAt == nil)
    #expect(try await repository.me().checkIn == nil, "no open check-in on the server")
    #expect(repository.reports == 5)
  }
}

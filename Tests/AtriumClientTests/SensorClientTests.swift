import AtriumAPI
import AtriumClient
import AtriumDomain
import AtriumMessages
import AtriumServices
import AtriumStore
import AtriumTestSupport
import Foundation
import Synchronization
import Testing

/// The sensors' screens through the SDK against the real server (without a broker: the
/// readings are written as the ingestion writes them): the list offline with its age, the
/// refresh while visible, new values from live events, and the rule editor's clamps.
@MainActor @Suite(.serialized) struct SensorClientTests {
  let live: LiveServer

  init() throws {
    live = try LiveServer()
    let now = live.app.clock.now.milliseconds
    try live.app.database.write { connection in
      let sensors = SensorStore(connection)
      try sensors.insert(SensorStore.Room(id: "room-2", name: "Meeting room 2", buildingID: nil, floor: "2"), at: now)
      try sensors.insert(SensorStore.Room(id: "hall", name: "Hall", buildingID: nil, floor: "0"), at: now)
      try sensors.insert(
        SensorStore.Sensor(
          id: "s2", name: "Room 2 air", roomID: "room-2", kinds: [.co2, .temperature], intervalSeconds: 60),
        createdBy: "ana", at: now)
      try sensors.insert(
        SensorStore.Sensor(id: "s-hall", name: "Hall noise", roomID: "hall", kinds: [.noise], intervalSeconds: 60),
        createdBy: "ana", at: now)
      try SensorReadingStore(connection).keep(
        [
          "s2": [
            SensorReading(kind: .co2, value: 812, at: now), SensorReading(kind: .temperature, value: 21.5, at: now),
          ]
        ],
        refused: [:], at: now)
    }
  }

  func repository(_ username: String) async throws -> LiveSensorsRepository {
    let (session, cache) = try await live.signIn(username)
    return LiveSensorsRepository(session: session, cache: cache, now: live.app.clock.function)
  }

  /// A repository that counts the list's fetches, to see the screen refresh itself.
  final class Counting: SensorsRepository {
    let inner: LiveSensorsRepository
    let count = Mutex(0)
    var fetches: Int { count.withLock { $0 } }
    init(_ inner: LiveSensorsRepository) { self.inner = inner }
    func cachedSensors() -> SavedCopy<SensorList>? { inner.cachedSensors() }
    func sensors() async throws(APIError) -> SensorList {
      count.withLock { $0 += 1 }
      return try await inner.sensors()
    }
    func sensor(_ id: String) async throws(APIError) -> SensorBody { try await inner.sensor(id) }
    func series(_ id: String, range: SeriesRange) async throws(APIError) -> SensorSeriesBody {
      try await inner.series(id, range: range)
    }
    func alertHistory(_ id: String) async throws(APIError) -> [AlertEventBody] { try await inner.alertHistory(id) }
    func rules(sensorID: String?) async throws(APIError) -> [AlertRuleBody] {
      try await inner.rules(sensorID: sensorID)
    }
    func templates() async throws(APIError) -> [AlertTemplateBody] { try await inner.templates() }
    func createRule(_ rule: NewAlertRule) async throws(APIError) -> AlertRuleBody { try await inner.createRule(rule) }
    func updateRule(_ id: String, _ change: AlertRuleChange) async throws(APIError) -> AlertRuleBody {
      try await inner.updateRule(id, change)
    }
    func follow(rule id: String, _ follows: Bool) async throws(APIError) { try await inner.follow(rule: id, follows) }
    func register(_ sensor: NewSensor, idempotencyKey: String) async throws(APIError) -> RegisteredSensor {
      try await inner.register(sensor, idempotencyKey: idempotencyKey)
    }
  }

  @Test func theListShowsTilesAndOfflineTheSavedCopyWithItsAge() async throws {
    let repository = try await repository("eva")
    let model = SensorsViewModel(repository: repository, now: live.app.clock.function)
    await model.appeared()
    #expect(model.state.isConfigured == false, "the test server runs without a broker")
    let tile = try #require(model.state.tiles.first { $0.id == "s2" })
    #expect(tile.values.map(\.text) == ["812 ppm", "21.5 °C"])
    #expect(tile.seen == "just now" && tile.statusText == "OK")
    let hall = try #require(model.state.tiles.first { $0.id == "s-hall" })
    #expect(hall.statusText == "Silent — nothing received yet")

    model.filter(buildingID: nil, kind: .noise)
    #expect(model.state.tiles.map(\.id) == ["s-hall"])
    model.filter(buildingID: nil, kind: nil)

    live.isOffline = true
    live.app.clock.advance(by: 300)
    let later = SensorsViewModel(repository: repository, now: live.app.clock.function)
    await later.appeared()
    #expect(later.state.tiles.count == 2, "the saved list, offline")
    #expect(later.state.savedCopyNote == "Offline: showing what was read 5 min ago.")
    #expect(later.state.isOffline)
    #expect(later.state.tiles.first { $0.id == "s2" }?.seen == "5 min ago")
    live.isOffline = false
  }

  /// The screen's clock, not the network, is what this test is about: a repository that
  /// answers at once (a loaded machine's server took seconds a fetch and starved the count).
  final class Fixed: SensorsRepository {
    let list: SensorList
    let count = Mutex(0)
    var fetches: Int { count.withLock { $0 } }
    init(_ list: SensorList) { self.list = list }
    func cachedSensors() -> SavedCopy<SensorList>? { nil }
    func sensors() async throws(APIError) -> SensorList {
      count.withLock { $0 += 1 }
      return list
    }
    func sensor(_ id: String) async throws(APIError) -> SensorBody { throw .notFound }
    func series(_ id: String, range: SeriesRange) async throws(APIError) -> SensorSeriesBody { throw .notFound }
    func alertHistory(_ id: String) async throws(APIError) -> [AlertEventBody] { [] }
    func rules(sensorID: String?) async throws(APIError) -> [AlertRuleBody] { [] }
    func templates() async throws(APIError) -> [AlertTemplateBody] { [] }
    func createRule(_ rule: NewAlertRule) async throws(APIError) -> AlertRuleBody { throw .forbidden }
    func updateRule(_ id: String, _ change: AlertRuleChange) async throws(APIError) -> AlertRuleBody {
      throw .forbidden
    }
    func follow(rule id: String, _ follows: Bool) async throws(APIError) {}
    func register(_ sensor: NewSensor, idempotencyKey: String) async throws(APIError) -> RegisteredSensor {
      throw .forbidden
    }
  }

  /// The screen's clock, driven by the test: each interval ends when the test opens it (a
  /// full parallel run starves the main actor for seconds, so real 50 ms intervals could not
  /// be counted on).
  final class Gate: Sendable {
    private let waiting = Mutex<[CheckedContinuation<Void, Never>]>([])
    var waiters: Int { waiting.withLock { $0.count } }
    func wait() async { await withCheckedContinuation { continuation in waiting.withLock { $0.append(continuation) } } }
    func open() {
      for continuation in waiting.withLock({ list in
        defer { list = [] }; return list
      }) { continuation.resume() }
    }
  }

  /// Waits (30 s at most) on the main actor, sleeping between looks, for a condition.
  func until(_ condition: () -> Bool) async throws -> Bool {
    let end = ContinuousClock.now + .seconds(30)
    while !condition() && ContinuousClock.now < end { try await Task.sleep(for: .milliseconds(10)) }
    return condition()
  }

  @Test func theVisibleScreenRefreshesItself_andStopsWhenHidden() async throws {
    let fixed = Fixed(try await repository("eva").sensors())
    let gate = Gate()
    let model = SensorsViewModel(repository: fixed, sleep: { _ in await gate.wait() })
    #expect(model.refreshInterval == .seconds(10))
    model.becameVisible()
    #expect(try await until { fixed.fetches == 1 && gate.waiters == 1 }, "fetched on becoming visible, then waits")
    #expect(model.state.tiles.count == 2)
    gate.open()
    #expect(try await until { fixed.fetches == 2 && gate.waiters == 1 }, "fetched again when the interval ended")
    model.becameHidden()
    gate.open()
    try await Task.sleep(for: .milliseconds(300))
    #expect(fixed.fetches == 2 && gate.waiters == 0, "hidden: the interval's end fetches nothing")
    await model.enteredForeground()
    #expect(fixed.fetches == 3, "back in the foreground: refreshed")
  }

  @Test func aLiveValueUpdatesItsTileWithoutAskingTheServer() async throws {
    let counting = Counting(try await repository("eva"))
    let model = SensorsViewModel(repository: counting, now: live.app.clock.function)
    await model.appeared()
    let at = Instant.text(live.app.clock.now.milliseconds)
    await model.eventReceived(
      ServerEvent(
        id: nil, name: "sensorValues",
        data: #"{"sensors":{"s-hall":{"noise":{"at":"\#(at)","value":64}}}}"#))
    let hall = try #require(model.state.tiles.first { $0.id == "s-hall" })
    #expect(hall.values.map(\.text) == ["64 dB"] && hall.statusText == "OK")
    #expect(counting.fetches == 1)
  }

  @Test func theRuleEditorKeepsToTheLimitsAsTyped_andTheServersClampWins() async throws {
    let repository = try await repository("ana")
    let editor = RuleEditorViewModel(target: .sensor("s2"), repository: repository)
    await editor.appeared()
    editor.templateChosen("co2-above")
    #expect(editor.state.thresholdText == "1200" && editor.state.cooldownText == "300")
    #expect(editor.state.limits == "600 to 5000 ppm; at least 300 s")
    editor.thresholdTyped("9000")
    #expect(editor.state.thresholdText == "5000")
    #expect(editor.state.note == "threshold kept to 5000 ppm, the template's limit.")
    editor.cooldownTyped("30")
    #expect(editor.state.cooldownText == "300")

    // The admin narrows the template while the editor is open: the server's clamp wins.
    let ana = try live.app.login("ana").accessToken
    #expect(
      live.app.send(
        .sensorAlerts(.updateTemplate(id: "co2-above")), json: #"{"maxThreshold": 3000, "defaultThreshold": 1200}"#,
        token: ana
      )
      .status == 200)
    editor.thresholdTyped("4000")
    await editor.saveTapped()
    #expect(editor.state.saved?.threshold == 3_000)
    #expect(editor.state.thresholdText == "3000")
    #expect(editor.state.note == "The server kept threshold to the template's limits.")
  }

  @Test func theSensorScreenShowsItsRulesAndFollowsOne() async throws {
    let ana = try live.app.login("ana").accessToken
    let made = live.app.send(
      .sensorAlerts(.createRule), json: #"{"templateId": "co2-above", "roomId": "room-2", "threshold": 1000}"#,
      token: ana)
    #expect(made.status == 201)
    let model = SensorDetailViewModel(sensorID: "s2", repository: try await repository("eva"))
    await model.appeared()
    #expect(model.state.tile?.name == "Room 2 air")
    #expect(model.state.lines.map(\.kind) == [.co2, .temperature])
    #expect(model.state.rules.map(\.condition) == ["> 1000 ppm, 300 s"])
    let rule = try #require(model.state.rules.first)
    #expect(!rule.isFollowed)
    await model.followTapped(ruleID: rule.id, follows: true)
    #expect(model.state.rules.first?.isFollowed == true)
    #expect(model.state.message == "You will be told when it fires.")
    await model.rangeChosen(.week)
    #expect(model.state.range == .week && model.state.lines.count == 2)
  }
}

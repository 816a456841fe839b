import AtriumDomain
import AtriumMQTT
import AtriumSQL
import AtriumServices
import AtriumStore
import AtriumTestSupport
import Foundation
import Testing

/// Issue 21's ingestion through a real broker: a sensor publishes with its own account, Atrium
/// listens as the broker's admin, and what arrives is written in batches; bad readings are
/// counted per sensor and never stored.
@Suite(.serialized, .checksBalanceRows) struct SensorIngestTests {
  let app: TestApp
  let broker: MosquittoBroker

  init() throws {
    app = try TestApp()
    broker = try MosquittoBroker()
  }

  /// Atrium's side: the admin connection feeding `ingest`.
  func listen(_ ingest: SensorIngest) async throws -> (MQTTClient, DynamicSecurity) {
    let client = MQTTClient(
      MQTTConfiguration(
        host: "127.0.0.1", port: broker.port, clientID: "atrium-ingest-test", username: MosquittoBroker.adminUsername,
        password: broker.adminPassword, keepsSession: true))
    let security = DynamicSecurity(client: client)
    client.onMessage { message in
      if !security.take(message) { ingest.receive(topic: message.topic, payload: message.payload) }
    }
    client.subscribe("sensors/+/readings")
    client.start()
    try #require(await client.connected())
    return (client, security)
  }

  func register(_ id: String, kinds: Set<SensorKind>, security: DynamicSecurity) async throws {
    let now = app.clock.now.milliseconds
    try app.database.write { connection in
      let store = SensorStore(connection)
      try store.insert(
        SensorStore.Room(id: "room-\(id)", name: "Meeting room \(id)", buildingID: nil, floor: "2"), at: now)
      try store.insert(
        SensorStore.Sensor(id: id, name: "Sensor \(id)", roomID: "room-\(id)", kinds: kinds, intervalSeconds: 60),
        createdBy: "test", at: now)
    }
    try await security.run(.createRole("sensor-\(id)", acls: [.init(.publishClientSend, "sensors/\(id)/#")]))
    try await security.run(.createClient(username: id, password: "secret-\(id)", roles: ["sensor-\(id)"]))
  }

  @Test func readingsSentWithTheSensorsAccountAreKept_badOnesCountedAndDropped() async throws {
    let ingest = SensorIngest(environment: app.environment)
    let (atrium, security) = try await listen(ingest)
    defer { atrium.stop() }
    try await register("s1", kinds: [.co2, .temperature], security: security)
    let sensor = MQTTClient(
      MQTTConfiguration(host: "127.0.0.1", port: broker.port, clientID: "s1", username: "s1", password: "secret-s1"))
    sensor.start()
    defer { sensor.stop() }
    #expect(await sensor.connected())
    for payload in [
      #"{"kind": "co2", "value": 812, "ts": "2020-01-01T00:00:00Z"}"#,
      #"[{"kind": "temperature", "value": 21.5}, {"kind": "temperature", "value": 22}]"#,
      #"{"readings": [{"kind": "co2", "value": 900}, {"kind": "radon"}]}"#,
      "not json", #"{"kind": "co2", "value": -5}"#, #"{"kind": "humidity", "value": 40}"#,
      #"{"kind": "co2", "value": true}"#, String(repeating: " ", count: 20_000),
    ] {
      try await sensor.publish("sensors/s1/readings", Array(payload.utf8))
    }
    func last() throws -> [SensorKind: SensorReading] {
      try app.database.read { try SensorReadingStore($0).lastValues(of: ["s1"]) }["s1"] ?? [:]
    }
    var written = 0
    let arrived = await eventually(deadline: 10) {
      written += (try? ingest.flush()) ?? 0
      return written >= 4 && (try? SensorReadingStore.refusalsTotal(app, "s1")) == 6
    }
    #expect(arrived, "\(written) written")
    let values = try last()
    #expect(values[.co2]?.value == 900 && values[.temperature]?.value == 22)
    #expect(values[.co2]?.at == app.clock.now.milliseconds, "the server's time, not the sensor's")
    let minutes = try app.database.read {
      try SensorReadingStore($0).minutes(sensorID: "s1", kind: .temperature, from: 0)
    }
    #expect(minutes.map(\.count) == [2] && minutes.first?.low == 21.5 && minutes.first?.mean == 21.75)
    let refusals = try app.database.read { try SensorReadingStore($0).refusals(sensorID: "s1") }
    #expect(refusals == [.malformed: 3, .outOfRange: 1, .kindNotRegistered: 1, .oversized: 1])
    let stored = try app.database.read { try $0.query("SELECT value FROM sensor_readings").map { $0.double("value") } }
    #expect(stored.sorted() == [21.5, 22, 812, 900])
  }
}

/// Retention: raw readings 48 hours, minute buckets 90 days, daily ones kept; deleted in
/// small batches so the writer is never held long.
@Suite(.checksBalanceRows) struct SensorRetentionTests {
  @Test func oldRowsGoInSmallBatches_theDaysStay() throws {
    let app = try TestApp()
    let now = app.clock.now.milliseconds
    let day = SensorReadingStore.day
    // Every 10 minutes over the last 100 days.
    let instants = Array(stride(from: now - 100 * day, through: now, by: 600_000))
    let readings = instants.map { SensorReading(kind: .co2, value: 800, at: $0) }
    try app.database.write { connection in
      let store = SensorStore(connection)
      try store.insert(SensorStore.Room(id: "r", name: "Lobby", buildingID: nil, floor: nil), at: now)
      try store.insert(
        SensorStore.Sensor(id: "s", name: "Lobby air", roomID: "r", kinds: [.co2], intervalSeconds: 60), createdBy: "t",
        at: now)
      try SensorReadingStore(connection).keep(["s": readings], refused: [:], at: now)
    }
    func count(_ table: String, _ column: String, before: Int64) throws -> Int {
      try app.database.read {
        try $0.queryFirst("SELECT COUNT(*) AS n FROM \(table) WHERE \(column) < ?", .integer(before))?.int("n") ?? 0
      }
    }
    #expect(try count("sensor_readings", "at", before: now - 2 * day) > 14_000)
    var rounds = 0
    while try app.database.write({ try SensorReadingStore($0).purge(now: now, limit: 1_000) }) > 0 { rounds += 1 }
    #expect(rounds > 10, "in batches")
    #expect(try count("sensor_readings", "at", before: now - 2 * day) == 0)
    #expect(try count("sensor_readings", "at", before: now + 1) == 289, "the last 48 hours stay")
    #expect(try count("sensor_minutes", "minute", before: now - 90 * day) == 0)
    let minutesKept = Set(instants.map { $0 - $0 % SensorReadingStore.minute }.filter { $0 >= now - 90 * day })
    #expect(try count("sensor_minutes", "minute", before: now + 1) == minutesKept.count)
    #expect(
      try count("sensor_days", "day", before: now + 1) == Set(instants.map { $0 - $0 % day }).count,
      "daily buckets stay")
  }
}

extension SensorReadingStore {
  static func refusalsTotal(_ app: TestApp, _ sensor: String) throws -> Int {
    try app.database.read { try SensorReadingStore($0).refusals(sensorID: sensor) }.values.reduce(0, +)
  }
}

import AtriumAPI
import AtriumDomain
import AtriumHTTP
import AtriumHTTPTypes
import AtriumMQTT
import AtriumServer
import AtriumServices
import AtriumTestSupport
import Foundation
import Testing

/// The sensors' API through a real broker: registration gives credentials a sensor publishes
/// with, its values show in the API; a retried registration makes no second sensor; deletion
/// and a new password take effect at the broker at once.
@Suite(.serialized) struct SensorAPITests {
  let broker: MosquittoBroker
  let app: TestApp
  let ana: String

  init() throws {
    broker = try MosquittoBroker()
    let settings = try broker.atriumSettings(
      clientID: "atrium-api-test-\(UUID().uuidString.prefix(8))", publicURL: "mqtt://sensors.atrium-demo.example:1884")
    app = try TestApp { $0.sensors = settings }
    app.app.sensorBroker?.start()
    ana = try app.login("ana").accessToken
    #expect(app.app.sensorBroker?.waitUntilConnected() == true)
  }

  func stop() {
    app.app.sensorBroker?.stop()
    broker.stop()
  }

  /// Runs the job that writes what the broker delivered (every quarter second in `atrium serve`).
  func writeReadings() {
    app.app.backgroundJobs { _ in }.first { $0.name == "sensor-readings" }?.run()
  }

  func register(_ json: String, key: String? = nil, token: String? = nil) -> HTTPResponse {
    app.send(
      .sensors(.register), json: json, token: token ?? ana, headers: key.map { [("Idempotency-Key", $0)] } ?? [])
  }

  func connect(_ credentials: MQTTCredentials, password: String? = nil) -> MQTTClient {
    let client = MQTTClient(
      MQTTConfiguration(
        host: "127.0.0.1", port: broker.port, clientID: "device-" + UUID().uuidString.prefix(8),
        username: credentials.username, password: password ?? credentials.password,
        retryDelay: .milliseconds(100), maximumRetryDelay: .milliseconds(300)))
    client.start()
    return client
  }

  func sensor(_ id: String) throws -> SensorBody {
    try JSONText.decode(SensorBody.self, from: app.send(.sensors(.show(id: id)), token: ana))
  }

  /// Waits (10 s at most) until the API shows `value` as the sensor's last of `kind`.
  func waitForValue(_ value: Double, _ kind: String, of id: String) -> Bool {
    waitUntil(
      {
        writeReadings()
        return (try? sensor(id).last[kind]?.value) == value
      }, deadline: 10)
  }

  func isRefused(_ client: MQTTClient) -> Bool {
    waitUntil({ if case .disconnected(.refused) = client.state { true } else { false } }, deadline: 10)
  }

  @Test func registrationGivesCredentials_aReadingPublishedWithThemShowsInTheAPI() throws {
    defer { stop() }
    let made = register(
      #"{"name": "Room 2 air", "room": "Meeting room 2", "floor": "2", "kinds": ["co2", "temperature"], "intervalSec": 10}"#
    )
    #expect(made.status == 201, "\(made.text)")
    let registered = try JSONText.decode(RegisteredSensor.self, from: made)
    let id = registered.sensor.id
    #expect(registered.mqtt.username == id)
    #expect(registered.mqtt.topic == "sensors/\(id)/readings")
    #expect(registered.mqtt.host == "sensors.atrium-demo.example" && registered.mqtt.port == 1884)
    #expect(registered.mqtt.password.count >= 32)
    #expect(registered.sensor.room.name == "Meeting room 2" && registered.sensor.room.floor == "2")
    #expect(registered.sensor.status == .silent, "nothing was read yet")
    #expect(!made.text.contains("null"), "the answer's sensor fields sit beside mqtt")

    let device = connect(registered.mqtt)
    defer { device.stop() }
    #expect(device.waitUntilConnected())
    try device.publishAndWait(registered.mqtt.topic, Array(#"{"kind": "co2", "value": 812}"#.utf8))
    #expect(waitForValue(812, "co2", of: id), "the reading reaches the API")
    let shown = try sensor(id)
    #expect(shown.status == .ok)
    #expect(shown.lastSeenAt == shown.last["co2"]?.at)
    #expect(shown.refused == [:], "ana sees the refusals: none")

    // The list, filtered by kind, shows it; eva sees it but not the refusals.
    let eva = try app.login("eva").accessToken
    let list = try JSONText.decode(
      SensorList.self, from: app.send(.sensors(.list(SensorFilter(kind: .co2))), token: eva))
    #expect(list.configured)
    #expect(list.items.map(\.id) == [id])
    #expect(list.items.first?.refused == nil)
    let noise = try JSONText.decode(
      SensorList.self, from: app.send(.sensors(.list(SensorFilter(kind: .noise))), token: eva))
    #expect(noise.items.isEmpty)
  }

  @Test func aSensorPublishingOnAnothersTopicChangesNothingThere() throws {
    defer { stop() }
    let first = try JSONText.decode(
      RegisteredSensor.self, from: register(#"{"name": "A", "room": "Lab", "kinds": ["co2"]}"#))
    let second = try JSONText.decode(
      RegisteredSensor.self, from: register(#"{"name": "B", "room": "Lab", "kinds": ["co2"]}"#))
    let device = connect(first.mqtt)
    defer { device.stop() }
    #expect(device.waitUntilConnected())
    try? device.publishAndWait(second.mqtt.topic, Array(#"{"kind": "co2", "value": 5000}"#.utf8))
    try device.publishAndWait(first.mqtt.topic, Array(#"{"kind": "co2", "value": 700}"#.utf8))
    #expect(waitForValue(700, "co2", of: first.sensor.id))
    #expect(try sensor(second.sensor.id).last.isEmpty, "the broker dropped the publish on B's topic")
  }

  @Test func aRegistrationRetriedWithItsKeyMakesNoSecondSensor_andTheLastPasswordIsTheOneThatWorks() throws {
    defer { stop() }
    let body = #"{"name": "Hall noise", "room": "Hall", "kinds": ["noise"]}"#
    let first = try JSONText.decode(RegisteredSensor.self, from: register(body, key: "phone-1"))
    let again = register(body, key: "phone-1")
    #expect(again.status == 201)
    let retried = try JSONText.decode(RegisteredSensor.self, from: again)
    #expect(retried.sensor.id == first.sensor.id)
    #expect(retried.mqtt.password != first.mqtt.password)
    let list = try JSONText.decode(SensorList.self, from: app.send(.sensors(.list(SensorFilter())), token: ana))
    #expect(list.items.count == 1)

    let old = connect(first.mqtt)
    defer { old.stop() }
    #expect(isRefused(old), "the first answer's password was replaced")
    let current = connect(retried.mqtt)
    defer { current.stop() }
    #expect(current.waitUntilConnected())

    let other = register(#"{"name": "Hall CO₂", "room": "Hall", "kinds": ["co2"]}"#, key: "phone-1")
    #expect(other.status == 422, "the key was used for another sensor")
  }

  @Test func aDeletedSensorIsKickedAndRefused_aNewPasswordReplacesTheOld() throws {
    defer { stop() }
    let registered = try JSONText.decode(
      RegisteredSensor.self, from: register(#"{"name": "Desk", "room": "Open space", "kinds": ["temperature"]}"#))
    let id = registered.sensor.id
    let rotated = app.send(.sensors(.rotatePassword(id: id)), token: ana)
    #expect(rotated.status == 200)
    let credentials = try JSONText.decode(MQTTCredentials.self, from: rotated)
    #expect(credentials.username == id && credentials.password != registered.mqtt.password)
    let old = connect(registered.mqtt)
    defer { old.stop() }
    #expect(isRefused(old))
    let device = connect(credentials)
    defer { device.stop() }
    #expect(device.waitUntilConnected())

    #expect(app.send(.sensors(.delete(id: id)), token: ana).status == 204)
    #expect(waitUntil({ device.state != .connected }, deadline: 10), "its live connection ends")
    #expect(isRefused(device), "and it is refused from then on")
    #expect(app.send(.sensors(.show(id: id)), token: ana).status == 404)
  }

  @Test func aSensorIsSilentAfterThreeOfItsIntervals_andShowsWhenItWasLastSeen() throws {
    defer { stop() }
    let registered = try JSONText.decode(
      RegisteredSensor.self,
      from: register(#"{"name": "Kitchen", "room": "Kitchen", "kinds": ["humidity"], "intervalSec": 5}"#))
    let device = connect(registered.mqtt)
    defer { device.stop() }
    #expect(device.waitUntilConnected())
    try device.publishAndWait(registered.mqtt.topic, Array(#"{"kind": "humidity", "value": 41}"#.utf8))
    #expect(waitForValue(41, "humidity", of: registered.sensor.id))
    app.clock.advance(by: 15)
    #expect(try sensor(registered.sensor.id).status == .ok, "three intervals exactly: not yet")
    app.clock.advance(by: 1)
    let silent = try sensor(registered.sensor.id)
    #expect(silent.status == .silent)
    #expect(silent.lastSeenAt != nil)
  }

  @Test func aSeriesAndASparklineReadTheMinuteBuckets() throws {
    defer { stop() }
    let registered = try JSONText.decode(
      RegisteredSensor.self, from: register(#"{"name": "Room 3", "room": "Meeting room 3", "kinds": ["co2"]}"#))
    let device = connect(registered.mqtt)
    defer { device.stop() }
    #expect(device.waitUntilConnected())
    for value in [600, 700, 800] {
      try device.publishAndWait(registered.mqtt.topic, Array(#"{"kind": "co2", "value": \#(value)}"#.utf8))
    }
    #expect(waitForValue(800, "co2", of: registered.sensor.id))
    let series = try JSONText.decode(
      SensorSeriesBody.self, from: app.send(.sensors(.series(id: registered.sensor.id, range: .day)), token: ana))
    #expect(series.stepSec == 300)
    let points = series.kinds["co2"] ?? []
    #expect(points.count == 1)
    #expect(points.first.map { ($0.min, $0.max, $0.mean, $0.count) } ?? (0, 0, 0, 0) == (600, 800, 700, 3))
    let svg = app.send(.sensors(.sparkline(id: registered.sensor.id, kind: nil)), token: ana)
    #expect(svg.status == 200)
    #expect(svg.headers["Content-Type"]?.hasPrefix("image/svg+xml") == true)
    #expect(svg.text.hasPrefix("<svg") && svg.text.contains("aria-label=\"Room 3: co2, 24 h\""))
    let wrongKind = app.send(.sensors(.sparkline(id: registered.sensor.id, kind: .noise)), token: ana)
    #expect(wrongKind.status == 400)
  }

  /// New values reach open pages as one `sensorValues` event a second (the job's interval),
  /// sent straight to the streams and never kept in the live-event log.
  @Test func newValuesReachOpenPagesOnceASecond_withoutBeingKeptInTheEventLog() throws {
    defer { stop() }
    let server = try app.startedServer()
    defer { server.stop() }
    let registered = try JSONText.decode(
      RegisteredSensor.self, from: register(#"{"name": "Room 4", "room": "Meeting room 4", "kinds": ["noise"]}"#))
    let stream = try EventStreamReader(port: server.port, token: try app.login("eva").accessToken)
    #expect(waitUntil { app.app.openEventStreams == 1 })
    let device = connect(registered.mqtt)
    defer { device.stop() }
    #expect(device.waitUntilConnected())
    for value in [52, 55, 58] {
      try device.publishAndWait(registered.mqtt.topic, Array(#"{"kind": "noise", "value": \#(value)}"#.utf8))
    }
    #expect(waitForValue(58, "noise", of: registered.sensor.id))
    let job = try #require(app.app.backgroundJobs { _ in }.first { $0.name == "sensor-values" })
    job.run()
    let event = try stream.next(named: "sensorValues")
    #expect(event.id == nil, "no id: a reconnect does not replay it")
    #expect(event.data.contains(#""\#(registered.sensor.id)":{"noise":{"at":"#))
    #expect(event.data.contains(#""value":58"#) && !event.data.contains(#""value":55"#), "the last value only")
    let kept = try app.database.read {
      try $0.queryFirst("SELECT COUNT(*) AS n FROM live_events WHERE kind = 'sensorValues'")?.int("n") ?? -1
    }
    #expect(kept == 0)
  }

  @Test func withoutTheBrokerARegistrationSaysSoAndKeepsNothing() throws {
    defer { stop() }
    broker.stop()
    #expect(waitUntil({ app.app.sensorBroker?.waitUntilConnected(timeout: .milliseconds(1)) == false }, deadline: 10))
    let refused = register(#"{"name": "Lost", "room": "Hall", "kinds": ["co2"]}"#)
    #expect(refused.status == 503)
    #expect(refused.problem?.detail?.contains("broker") == true)
    let list = try JSONText.decode(SensorList.self, from: app.send(.sensors(.list(SensorFilter())), token: ana))
    #expect(list.items.isEmpty)
    let rooms = try JSONText.decode(Page<RoomBody>.self, from: app.send(.sensors(.rooms), token: ana))
    #expect(rooms.items.isEmpty, "the room the registration named was not kept either")
  }
}

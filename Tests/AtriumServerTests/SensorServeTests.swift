import AtriumDomain
import AtriumMQTT
import AtriumSQL
import AtriumServer
import AtriumStore
import AtriumTestSupport
import Foundation
import Testing

/// `atrium serve --mqtt` as a real process beside a real broker: readings published while
/// Atrium is killed wait in its kept session and arrive when it is back.
@Suite(.serialized) struct SensorServeTests {
  @Test func atriumKilledAndRestartedWhileASensorPublishes_theReadingsSentMeanwhileArrive() async throws {
    let broker = try MosquittoBroker()
    let folder = TemporaryDirectory()
    let data = folder.path + "/data"
    let databaseURL = TestDatabase.engine == .postgres ? try PostgresServer.shared().makeDatabase() : nil
    let database = try DataDirectory(path: data).openDatabase(url: databaseURL)
    try database.write { connection in
      let store = SensorStore(connection)
      try store.insert(SensorStore.Room(id: "lab", name: "Lab", buildingID: nil, floor: "1"), at: 0)
      try store.insert(
        SensorStore.Sensor(id: "s9", name: "Lab air", roomID: "lab", kinds: [.co2], intervalSeconds: 1), createdBy: "t",
        at: 0)
    }
    // The sensor's account, made by the test as the broker's admin.
    let admin = MQTTClient(
      MQTTConfiguration(
        host: "127.0.0.1", port: broker.port, clientID: "test-admin", username: MosquittoBroker.adminUsername,
        password: broker.adminPassword))
    let security = DynamicSecurity(client: admin)
    admin.onMessage { _ = security.take($0) }
    admin.start()
    defer { admin.stop() }
    #expect(await admin.connected())
    try await security.run(.createRole("sensor-s9", acls: [.init(.publishClientSend, "sensors/s9/#")]))
    try await security.run(.createClient(username: "s9", password: "secret-s9", roles: ["sensor-s9"]))
    let sensor = MQTTClient(
      MQTTConfiguration(host: "127.0.0.1", port: broker.port, clientID: "s9", username: "s9", password: "secret-s9"))
    sensor.start()
    defer { sensor.stop() }
    #expect(await sensor.connected())

    let arguments = ["--mqtt", broker.url, "--mqtt-admin", "\(MosquittoBroker.adminUsername):\(broker.adminPassword)"]
    /// The numbered readings stored (400, the warm-up's, left out).
    func stored() throws -> [Double] {
      try database.read {
        try $0.query("SELECT value FROM sensor_readings WHERE value > 400 ORDER BY value").map { $0.double("value") }
      }
    }
    func publish(_ numbers: ClosedRange<Int>) async throws {
      for number in numbers {
        try await sensor.publish("sensors/s9/readings", Array(#"{"kind": "co2", "value": \#(400 + number)}"#.utf8))
      }
    }
    let first = try ServerProcess(dataPath: data, databaseURL: databaseURL, demo: false, arguments: arguments)
    // Atrium's session exists once it has connected and subscribed: until one warm-up reading
    // is stored, what a sensor sends has no one to wait for.
    var warm = false
    for _ in 0..<200 where !warm {
      try? await sensor.publish("sensors/s9/readings", Array(#"{"kind": "co2", "value": 400}"#.utf8))
      try await Task.sleep(for: .milliseconds(100))
      warm = (try? database.read { try $0.queryFirst("SELECT 1 AS one FROM sensor_readings") }) != nil
    }
    try #require(warm, "atrium never stored a reading: \(broker.log)")
    try await publish(1...20)
    #expect(await eventually(deadline: 10) { (try? stored().count) == 20 }, "\(broker.log)")
    first.crash()
    try await publish(21...60)
    let again = try ServerProcess(dataPath: data, databaseURL: databaseURL, demo: false, arguments: arguments)
    defer { again.crash() }
    #expect(await eventually(deadline: 10) { (try? stored().count) == 60 }, "\((try? stored().count) ?? 0) of 60")
    #expect(try stored() == (1...60).map { Double(400 + $0) }, "each once")
  }
}

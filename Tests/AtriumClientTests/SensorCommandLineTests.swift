import AtriumAPI
import AtriumServices
import AtriumTestSupport
import Foundation
import Testing

/// Sensors from the command line, as real processes against a real server and broker: ana
/// registers a sensor and keeps its credentials, the simulator publishes with them, eva sees
/// the value, a rule is made (its threshold kept to the template's limit) and followed.
@Suite(.serialized) struct SensorCommandLineTests {
  let cli = CommandLineTests()
  let folders = TemporaryDirectory()

  func signIn(_ name: String, port: Int) throws -> String {
    try cli.signIn(name, port: port, in: folders)
  }

  @Test func anaRegistersASensor_theSimulatorPublishes_evaSeesItAndFollowsARule() throws {
    let broker = try MosquittoBroker()
    defer { broker.stop() }
    let settings = try broker.atriumSettings(clientID: "atrium-cli-test")
    let app = try TestApp { $0.sensors = settings }
    app.app.sensorBroker?.start()
    defer { app.app.sensorBroker?.stop() }
    let server = try CommandLineTests.serve(app)
    defer { server.stop() }
    let ana = try signIn("ana", port: server.port)
    let eva = try signIn("eva", port: server.port)
    let credentials = folders.path + "/sensors.json"

    let registered = try cli.atrium(
      [
        "sensors", "register", "Room 2 air", "--room", "Meeting room 2", "--kinds", "co2,temperature", "--credentials",
        credentials,
      ], config: ana, server: server.port)
    #expect(registered.status == 0, "\(registered.errors)")
    #expect(registered.output.contains("password: "))
    let kept = try JSONDecoder().decode(
      [MQTTCredentials].self, from: Data(contentsOf: URL(fileURLWithPath: credentials)))
    let sensorID = try #require(kept.first?.username)
    #expect(registered.output.hasPrefix(sensorID))
    let refused = try cli.atrium(
      ["sensors", "register", "Hall", "--room", "Hall", "--kinds", "co2"], config: eva, server: server.port)
    #expect(refused.status == 4 && refused.errors.contains("not allowed"), "\(refused.errors)")

    let simulated = try cli.atrium(
      ["sensors", "simulate", "--credentials", credentials, "--once", "--co2", "1400"], config: ana, server: server.port
    )
    #expect(simulated.status == 0, "\(simulated.errors)")
    #expect(simulated.output.contains("published 1 sensor(s)"))
    let arrived = waitUntil(
      {
        app.app.backgroundJobs { _ in }.first { $0.name == "sensor-readings" }?.run()
        let token = try? app.login("eva").accessToken
        let sensor = try? JSONText.decode(SensorBody.self, from: app.send(.sensors(.show(id: sensorID)), token: token))
        return (sensor?.last["co2"]?.value ?? 0) > 1_300
      }, deadline: 10)
    #expect(arrived, "the simulator's reading reaches the server")

    let listed = try cli.atrium(["sensors"], config: eva, server: server.port)
    #expect(listed.status == 0, "\(listed.errors)")
    // The test server's clock stands still in March: the reading reads as long ago.
    #expect(listed.output.hasPrefix("\(sensorID.prefix(8))  Meeting room 2 · Room 2 air · 1"), "\(listed.output)")
    #expect(listed.output.contains(" ppm · ") && listed.output.contains(" °C · ") && listed.output.contains(" · OK"))

    let rule = try cli.atrium(
      ["rule", "add", "co2-above", "--sensor", String(sensorID.prefix(6)), "--threshold", "99999"], config: ana,
      server: server.port)
    #expect(rule.status == 0, "\(rule.errors)")
    #expect(rule.errors.contains("threshold kept to 5000 ppm"))
    #expect(rule.output.contains("CO₂ above 5000 ppm · sensor Room 2 air · > 5000 ppm"))
    let ruleID = String(rule.output.prefix(8))

    let followed = try cli.atrium(["rule", "follow", ruleID], config: eva, server: server.port)
    #expect(followed.status == 0 && followed.output.contains("You will be told when it fires."), "\(followed.errors)")
    let rules = try cli.atrium(["rules"], config: eva, server: server.port)
    #expect(rules.output.contains("· following"))
    let shown = try cli.atrium(["sensor", String(sensorID.prefix(6))], config: eva, server: server.port)
    #expect(shown.status == 0, "\(shown.errors)")
    #expect(shown.output.contains("  \(ruleID)  CO₂ above 5000 ppm · > 5000 ppm, 300 s · following"))
  }
}

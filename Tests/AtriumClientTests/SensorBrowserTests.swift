import AtriumServer
import AtriumServices
import AtriumTestSupport
import Foundation
import Testing

/// Issue 21's web with script, in headless Chromium (`browser-tests/sensors.py`) against a real
/// broker: register a sensor, see its tile follow a reading live, add a rule, see the alert on
/// the board. The server's jobs (writing readings, sending values) run as in `atrium serve`,
/// its clock moving with them.
@Suite(.serialized) struct SensorBrowserTests {
  @Test func registerASensor_seeItsTileLive_addARule_andSeeTheAlertOnTheBoard() throws {
    let broker = try MosquittoBroker()
    defer { broker.stop() }
    let settings = try broker.atriumSettings(clientID: "atrium-browser-test")
    let live = try LiveServer { $0.sensors = settings }
    live.app.app.sensorBroker?.start()
    defer { live.app.app.sensorBroker?.stop() }
    let clock = live.app.clock
    let jobs = BackgroundJobs(
      live.app.app.backgroundJobs { _ in }.filter { ["sensor-readings", "sensor-values"].contains($0.name) }
        + [BackgroundJob(name: "clock", firstRunAfter: 0.25, interval: 0.25) { clock.advance(by: 0.25) }])
    jobs.start()
    defer { jobs.stop() }
    let outcome = try BrowserScript.run(
      "sensors.py", [live.address.absoluteString, BrowserScript.screenshots, String(broker.port)])
    #expect(outcome.passed, "\(outcome.output)")
  }
}

import AtriumLog
import AtriumMQTT
import AtriumServices
import AtriumStore
import Foundation

/// The sensors' side of `atrium serve`: one connection to the broker as its dynamic-security
/// admin, with a kept session (what arrives while Atrium is down waits for it), feeding every
/// sensor's readings to `SensorIngest` and answering account commands; and the jobs that write
/// the readings (every quarter second, on each instance: each writes what it received), step
/// the alert rules' clock (every second, one instance) and delete old readings (every minute,
/// one instance, in small batches).
public final class SensorBroker: Sendable {
  public let settings: SensorSettings
  let client: MQTTClient
  let security: DynamicSecurity
  let ingest: SensorIngest
  let environment: ServerEnvironment

  public init(settings: SensorSettings, environment: ServerEnvironment) {
    self.settings = settings
    self.environment = environment
    client = MQTTClient(
      MQTTConfiguration(
        host: settings.host, port: settings.port, clientID: settings.clientID, username: settings.adminUsername,
        password: settings.adminPassword, caFile: settings.caFile, keepsSession: true))
    let security = DynamicSecurity(client: client)
    let ingest = SensorIngest(environment: environment)
    self.security = security
    self.ingest = ingest
    client.onMessage { message in
      if !security.take(message) { ingest.receive(topic: message.topic, payload: message.payload) }
    }
    client.subscribe(settings.readingsFilter)
    // A lost or refused connection is logged once (the client retries by itself).
    client.onStateChange { [environment] state in
      guard case .disconnected(let error) = state else { return }
      environment.log.write(ErrorLogEntry(requestId: "mqtt", error: "\(error); retrying").line)
    }
  }

  /// Sensors' accounts at the broker, through this connection.
  package var accounts: any SensorAccounts { BrokerSensorAccounts(security: security) }

  public func start() { client.start() }

  /// Waits until connected to the broker, or `timeout`.
  public func waitUntilConnected(timeout: Duration = .seconds(10)) -> Bool {
    client.waitUntilConnected(timeout: timeout)
  }

  /// Stops reading (the broker keeps what comes next for the session), then writes what came.
  public func stop() {
    client.stop()
    flush()
  }

  var jobs: [BackgroundJob] {
    [
      BackgroundJob(name: "sensor-readings", firstRunAfter: 0.25, interval: 0.25, onEveryInstance: true) {
        [self] in flush()
      },
      BackgroundJob(name: "sensor-alerts", firstRunAfter: 1, interval: 1) { [self] in
        report("sensor-alerts") { try ingest.tick() }
      },
      BackgroundJob(name: "sensor-retention", firstRunAfter: 30, interval: 60) { [self] in
        report("sensor-retention") {
          try SensorRetention.run(on: environment.database, now: environment.now().milliseconds)
        }
      },
    ]
  }

  private func flush() {
    report("sensor-readings") { _ = try ingest.flush() }
  }

  private func report(_ job: String, _ work: () throws -> Void) {
    do {
      try work()
    } catch {
      environment.log.write(ErrorLogEntry(requestId: "job-\(job)", error: String(describing: error)).line)
    }
  }
}

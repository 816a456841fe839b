import AtriumAPI
import AtriumDomain
import AtriumServices
import AtriumStore
import Foundation

/// The demo company's sensors: four rooms of Madrid — Castellana with a sensor each, registered
/// through the broker as any sensor is (by ana), and a "CO₂ above 1,000" rule on Meeting room 2
/// that fires on the first reading over it (no duration) and tells at most once in 5 minutes.
/// Their credentials go to a file of the data folder only its owner reads, for `atrium
/// sensors simulate` (`make demo` starts it).
public enum DemoSensors {
  /// Registers the sensors when there are none yet.
  /// - Returns: Whether it registered them.
  @discardableResult
  public static func seed(into app: AtriumApp, credentialsFile: String) throws -> Bool {
    let environment = app.environment
    guard let broker = app.sensorBroker else { return false }
    let (ana, building, existing) = try environment.database.read { connection in
      (
        try PeopleStore(connection).employee(username: "ana"),
        try PresencePlacesStore(connection).buildings().first { $0.name == "Madrid — Castellana" }?.id,
        try SensorStore(connection).sensors().count
      )
    }
    guard let ana, existing == 0 else { return false }
    let principal = Principal(employee: ana, sessionID: "demo")
    let service = SensorService(environment: environment, accounts: broker.accounts, ingest: broker.ingest)
    let rooms: [(room: String, floor: String, sensor: String, kinds: [SensorKind])] = [
      ("Meeting room 1", "3", "Meeting room 1 air", [.co2, .temperature, .humidity]),
      ("Meeting room 2", "3", "Meeting room 2 air", [.co2, .temperature, .humidity, .noise]),
      ("Open space", "2", "Open space", [.noise, .temperature, .co2]),
      ("Kitchen", "1", "Kitchen", [.temperature, .humidity, .noise]),
    ]
    var credentials: [MQTTCredentials] = []
    var meetingRoom2: String?
    for room in rooms {
      let registered = try service.register(
        NewSensor(
          name: room.sensor, room: room.room, buildingId: building, floor: room.floor,
          kinds: room.kinds.map(\.rawValue), intervalSec: 5),
        key: "demo-" + room.sensor.replacingOccurrences(of: " ", with: "-"), by: principal)
      credentials.append(registered.mqtt)
      if room.room == "Meeting room 2" { meetingRoom2 = registered.sensor.room.id }
    }
    if let meetingRoom2 {
      _ = try AlertRuleService(environment: environment).create(
        NewAlertRule(
          templateId: "co2-above", roomId: meetingRoom2, threshold: 1_000, forSec: 0, cooldownSec: 300,
          label: "CO₂ above 1,000"), by: principal)
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    _ = FileManager.default.createFile(
      atPath: credentialsFile, contents: try encoder.encode(credentials), attributes: [.posixPermissions: 0o600])
    return true
  }
}

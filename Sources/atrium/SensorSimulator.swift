import AtriumAPI
import AtriumClient
import AtriumDomain
import AtriumMQTT
import AtriumMessages
import Foundation

/// `atrium sensors simulate`: believable readings (`SensorSimulation`) published through the
/// broker with each sensor's own credentials, as the sensors themselves would. The
/// credentials come from `--credentials FILE` (what `atrium sensors register --credentials
/// FILE` kept); with `--new-passwords` a sensor without them is given a new password first
/// (admins and facilities staff, and only for sensors that are simulated anyway).
///
/// Options: `--sensor ID,ID` (by the first characters of their ids; default all), `--broker
/// mqtt://HOST:PORT` (instead of the address registration gave), `--interval S` (default 5),
/// `--for S` (default until stopped), `--once`, `--co2 PPM` (a meeting that has gone on too
/// long: CO₂ near that level instead of the day's). Each sensor is a connection of its own
/// (as real sensors are), with a few descriptors each: past about 200 sensors, run several
/// simulators, each with a credentials file of its share.
@MainActor
struct SensorSimulator {
  typealias Exit = ClientCommands.Exit

  let options: Options
  let repository: LiveSensorsRepository
  let language: ClientLanguage

  func run() async throws {
    let sensors = try await chosenSensors()
    let credentials = try await self.credentials(for: sensors)
    let broker = try options.value("broker").map(Self.address)
    var clients: [(SensorBody, MQTTCredentials, MQTTClient)] = []
    defer { for (_, _, client) in clients { client.stop() } }
    for sensor in sensors {
      guard let account = credentials[sensor.id] else { continue }
      let client = MQTTClient(
        MQTTConfiguration(
          host: broker?.host ?? account.host, port: broker?.port ?? account.port,
          clientID: "simulator-\(sensor.id)-\(UUID().uuidString.prefix(8))",
          username: account.username, password: account.password, keepsSession: false))
      client.start()
      clients.append((sensor, account, client))
    }
    // A sensor the broker refuses is said and left out; the others go on.
    var refused: Set<String> = []
    for (sensor, _, client) in clients where !(await client.connected(within: .seconds(10))) {
      FileHandle.standardError.write(Data("\(sensor.name): the broker refused the connection (\(client.state))\n".utf8))
      client.stop()
      refused.insert(sensor.id)
    }
    clients.removeAll { refused.contains($0.0.id) }
    guard !clients.isEmpty else { throw Exit(code: 5, message: "the broker accepted no sensor's connection") }
    let interval = options.value("interval").flatMap(Double.init).map { max(0.2, $0) } ?? 5
    let end = options.value("for").flatMap(Double.init).map { Date().addingTimeInterval($0) }
    var rounds = 0
    repeat {
      let now = Date()
      for (sensor, account, client) in clients {
        let payload = try Self.payload(
          for: sensor, at: now, second: rounds, co2: options.value("co2").flatMap(Double.init))
        do {
          try await client.publish(account.topic, payload)
        } catch {
          FileHandle.standardError.write(Data("\(sensor.name): \(error)\n".utf8))
        }
      }
      rounds += 1
      print("published \(clients.count) sensor(s) at \(Self.clock(now))")
      fflush(nil)
      if options.flag("once") { break }
      try await Task.sleep(for: .seconds(interval))
    } while end.map { Date() < $0 } ?? true
  }

  private func chosenSensors() async throws -> [SensorBody] {
    let all = try await ClientCommands.guarded(language) { try await repository.sensors() }.items
    guard let wanted = options.value("sensor") else { return all }
    let prefixes = wanted.split(separator: ",").map(String.init)
    let chosen = all.filter { sensor in prefixes.contains { sensor.id.hasPrefix($0) } }
    guard !chosen.isEmpty else {
      throw Exit(code: 4, message: ProblemMessage.admin(.noSuch(.sensor, id: wanted)).text(in: language))
    }
    return chosen
  }

  /// The credentials kept in the file, and with `--new-passwords` new ones for the rest
  /// (kept in the file too, so the next run needs none).
  private func credentials(for sensors: [SensorBody]) async throws -> [String: MQTTCredentials] {
    let file = options.value("credentials").map(SensorCredentialsFile.init)
    var known = Dictionary(try (file?.all() ?? []).map { ($0.username, $0) }, uniquingKeysWith: { $1 })
    let without = sensors.filter { known[$0.id] == nil }
    if !without.isEmpty && !options.flag("new-passwords") {
      FileHandle.standardError.write(
        Data("\(without.count) sensor(s) without credentials (--credentials FILE, or --new-passwords): skipped\n".utf8))
    }
    for sensor in without {
      guard options.flag("new-passwords") else { continue }
      let fresh = try await ClientCommands.guarded(language) { try await repository.rotatePassword(sensor.id) }
      try file?.add(fresh)
      known[sensor.id] = fresh
    }
    guard sensors.contains(where: { known[$0.id] != nil }) else {
      throw Exit(code: 2, message: "no sensor to simulate: give --credentials FILE or --new-passwords")
    }
    return known
  }

  /// One round's readings of a sensor, as one batch.
  static func payload(for sensor: SensorBody, at date: Date, second: Int, co2: Double?) throws -> [UInt8] {
    let calendar = Calendar.current
    let parts = calendar.dateComponents([.hour, .minute, .second, .weekday], from: date)
    let hour = Double(parts.hour ?? 0) + Double(parts.minute ?? 0) / 60 + Double(parts.second ?? 0) / 3_600
    let isWeekday = !(parts.weekday == 1 || parts.weekday == 7)
    let simulation = SensorSimulation(room: sensor.room.id.utf8.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFF })
    let readings = sensor.kinds.map { kind -> [String: Any] in
      var value = simulation.value(kind, hour: hour, isWeekday: isWeekday, second: second)
      if kind == .co2, let co2 {
        value = min(max(co2 + (value - 600) / 20, kind.physicalRange.lowerBound), kind.physicalRange.upperBound)
      }
      return ["kind": kind.rawValue, "value": (value * 10).rounded() / 10]
    }
    return Array(try JSONSerialization.data(withJSONObject: ["readings": readings], options: [.sortedKeys]))
  }

  static func address(_ url: String) throws -> (host: String, port: Int) {
    guard let components = URLComponents(string: url), components.scheme == "mqtt", let host = components.host else {
      throw Exit(code: 2, message: "--broker takes mqtt://HOST:PORT, got \(url)")
    }
    return (host, components.port ?? 1883)
  }

  static func clock(_ date: Date) -> String {
    let parts = Calendar.current.dateComponents([.hour, .minute, .second], from: date)
    return String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
  }
}

/// The sensors' credentials a simulator (or an installer) keeps: a JSON list in a file only
/// its owner reads, one entry per sensor.
struct SensorCredentialsFile {
  let path: String

  func all() throws -> [MQTTCredentials] {
    guard FileManager.default.fileExists(atPath: path) else { return [] }
    return try JSONDecoder().decode([MQTTCredentials].self, from: Data(contentsOf: URL(fileURLWithPath: path)))
  }

  /// Keeps `credentials`, replacing the sensor's earlier ones.
  func add(_ credentials: MQTTCredentials) throws {
    let kept = try all().filter { $0.username != credentials.username } + [credentials]
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    _ = FileManager.default.createFile(
      atPath: path, contents: try encoder.encode(kept), attributes: [.posixPermissions: 0o600])
  }
}

import AtriumAPI
import AtriumCrypto
import AtriumDomain
import AtriumSQL
import AtriumStore
import Foundation

/// Sensors: everyone signed in reads them; admins and facilities staff register, change and
/// delete them. A sensor's broker account is made, given a new password and deleted here,
/// through `accounts`; without a broker, reads still answer and changes say it is not set up.
package struct SensorService: Sendable {
  package let environment: ServerEnvironment
  /// The broker's accounts; nil when the server runs without a broker.
  package let accounts: (any SensorAccounts)?
  /// Told of registrations and deletions, so a sensor's readings are taken or stop at once.
  package let ingest: SensorIngest?

  package init(environment: ServerEnvironment, accounts: (any SensorAccounts)?, ingest: SensorIngest?) {
    self.environment = environment
    self.accounts = accounts
    self.ingest = ingest
  }

  private var audit: AuditTrail { AuditTrail(environment: environment) }
  private var now: Int64 { environment.now().milliseconds }

  package func list(_ filter: SensorFilter, principal: Principal) throws -> SensorList {
    try environment.database.read { connection in
      let model = SensorReadModel(connection: connection, viewer: principal, now: now)
      let every = try SensorStore(connection).sensors()
      let chosen = try model.bodies(every, every: every).filter { sensor in
        (filter.roomId.map { $0 == sensor.room.id } ?? true)
          && (filter.buildingId.map { $0 == sensor.room.buildingId } ?? true)
          && (filter.kind.map { sensor.kinds.contains($0) } ?? true)
      }.sorted { ($0.room.name, $0.name) < ($1.room.name, $1.name) }
      return SensorList(items: chosen, configured: accounts != nil)
    }
  }

  package func sensor(id: String, principal: Principal) throws -> SensorBody {
    try environment.database.read { connection in
      try SensorReadModel(connection: connection, viewer: principal, now: now).body(try Self.sensor(id, connection))
    }
  }

  /// Registers a sensor: its row first, then its broker account (a failure there takes the
  /// row back). A retry with the same `Idempotency-Key` finds the sensor the first attempt
  /// made and gives it a new password, since the first answer's was never kept.
  package func register(_ body: NewSensor, key: String?, by principal: Principal) throws -> RegisteredSensor {
    try SensorAccess.require(principal, to: "register sensors")
    guard let accounts, let settings = environment.sensors else { throw Self.notConfigured }
    let fields = try Self.validated(body, key: key)
    if let key,
      let earlier = try environment.database.read({
        try SensorStore($0).sensor(registeredBy: principal.employee.id, key: key)
      })
    {
      guard earlier.name == fields.name, earlier.kinds == fields.kinds else {
        throw Problem.unprocessable(.idempotencyKeyReused)
      }
      return try RegisteredSensor(
        sensor: sensor(id: earlier.id, principal: principal),
        mqtt: credentials(earlier.id, password: try replacePassword(earlier.id, accounts), settings))
    }
    let (sensor, room, madeRoom) = try environment.database.write {
      connection -> (SensorStore.Sensor, SensorStore.Room, Bool) in
      let (room, made) = try self.room(for: body, named: fields.room, connection: connection)
      let sensor = SensorStore.Sensor(
        id: environment.makeID(), name: fields.name, roomID: room.id, kinds: fields.kinds,
        intervalSeconds: fields.interval)
      try SensorStore(connection).insert(sensor, createdBy: principal.employee.id, registrationKey: key, at: now)
      return (sensor, room, made)
    }
    let password = Self.newPassword()
    do {
      try accounts.create(sensorID: sensor.id, password: password)
    } catch {
      // Nothing of this registration stays: the row, and the room it made.
      try? environment.database.write { connection in
        try SensorStore(connection).deleteSensor(id: sensor.id)
        if madeRoom { try SensorStore(connection).deleteRoom(id: room.id) }
      }
      throw brokerUnavailable(error)
    }
    // Audited once the sensor exists at the broker too.
    try environment.database.write { connection in
      if madeRoom {
        try audit.record(
          "room.create", target: ("room", room.id), after: ["name": room.name], by: principal, connection: connection)
      }
      try audit.record(
        "sensor.register", target: ("sensor", sensor.id),
        after: [
          "name": sensor.name, "room": room.name, "kinds": sensor.kinds.map(\.rawValue).sorted().joined(separator: ","),
        ], by: principal, connection: connection)
    }
    ingest?.learn(sensor.id, kinds: sensor.kinds)
    return RegisteredSensor(
      sensor: try self.sensor(id: sensor.id, principal: principal),
      mqtt: credentials(sensor.id, password: password, settings))
  }

  /// A new name, room or interval.
  package func update(id: String, _ change: SensorChange, by principal: Principal) throws -> SensorBody {
    try SensorAccess.require(principal, to: "change sensors")
    var validator = Validator()
    let name = change.name.map { PlaceRules.validName($0, into: &validator) }
    if let interval = change.intervalSec {
      validator.require(
        SensorLimits.intervalSeconds.contains(interval), "intervalSec",
        .secondsBetween(SensorLimits.intervalSeconds.lowerBound, SensorLimits.intervalSeconds.upperBound))
    }
    try validator.check()
    return try environment.database.write { connection in
      let store = SensorStore(connection)
      var sensor = try Self.sensor(id, connection)
      let before = sensor
      if let roomID = change.roomId {
        guard try store.room(id: roomID) != nil else {
          throw Problem.invalid(ValidationFailure([FieldError(field: "roomId", rule: .notA(.room))]))
        }
        sensor.roomID = roomID
      }
      if let name { sensor.name = name }
      if let interval = change.intervalSec { sensor.intervalSeconds = interval }
      try store.update(sensor)
      try audit.record(
        "sensor.update", target: ("sensor", id),
        before: ["name": before.name, "roomId": before.roomID, "intervalSec": String(before.intervalSeconds)],
        after: ["name": sensor.name, "roomId": sensor.roomID, "intervalSec": String(sensor.intervalSeconds)],
        by: principal, connection: connection)
      return try SensorReadModel(connection: connection, viewer: principal, now: now).body(sensor)
    }
  }

  /// Deletes the broker account first (which ends a live connection), then everything kept
  /// of the sensor: its readings, its own rules and their states.
  package func delete(id: String, by principal: Principal) throws {
    try SensorAccess.require(principal, to: "delete sensors")
    guard let accounts else { throw Self.notConfigured }
    let sensor = try environment.database.read { try Self.sensor(id, $0) }
    do {
      try accounts.delete(sensorID: id)
    } catch .refused {
      // The account is already gone (a registration that died half-way): the row goes anyway.
    } catch {
      throw brokerUnavailable(error)
    }
    ingest?.forget(id)
    try environment.database.write { connection in
      let alerts = SensorAlertStore(connection)
      for rule in try alerts.ruleIDs(onSensor: id) { try alerts.deleteRule(id: rule) }
      try alerts.forget(sensorID: id)
      try SensorReadingStore(connection).forget(sensorID: id)
      try SensorStore(connection).deleteSensor(id: id)
      try audit.record(
        "sensor.delete", target: ("sensor", id), before: ["name": sensor.name, "roomId": sensor.roomID],
        by: principal, connection: connection)
    }
  }

  /// A new password; the old one stops working at once.
  package func rotatePassword(id: String, by principal: Principal) throws -> MQTTCredentials {
    try SensorAccess.require(principal, to: "give sensors new passwords")
    guard let accounts, let settings = environment.sensors else { throw Self.notConfigured }
    _ = try environment.database.read { try Self.sensor(id, $0) }
    let password = try replacePassword(id, accounts)
    try environment.database.write { connection in
      try audit.record("sensor.password", target: ("sensor", id), by: principal, connection: connection)
    }
    return credentials(id, password: password, settings)
  }

  // MARK: - Helpers

  /// Sets a new password, making the account when it is missing (a registration that died
  /// between its row and its account).
  private func replacePassword(_ id: String, _ accounts: any SensorAccounts) throws -> String {
    let password = Self.newPassword()
    do {
      do {
        try accounts.setPassword(sensorID: id, password: password)
      } catch .refused {
        try accounts.create(sensorID: id, password: password)
      }
    } catch {
      throw brokerUnavailable(error)
    }
    return password
  }

  private func credentials(_ id: String, password: String, _ settings: SensorSettings) -> MQTTCredentials {
    MQTTCredentials(
      host: settings.publicHost, port: settings.publicPort, username: id, password: password,
      topic: "sensors/\(id)/readings", tls: settings.usesTLS)
  }

  /// The room a registration names: a room's id, or a name, found in the building (any case)
  /// or made there (`made`).
  private func room(
    for body: NewSensor, named name: String, connection: any DatabaseConnection
  ) throws -> (room: SensorStore.Room, made: Bool) {
    let store = SensorStore(connection)
    if let room = try store.room(id: body.room) { return (room, false) }
    if let buildingID = body.buildingId, try PresencePlacesStore(connection).building(id: buildingID) == nil {
      throw Problem.invalid(ValidationFailure([FieldError(field: "buildingId", rule: .notA(.building))]))
    }
    if let room = try store.room(named: name, buildingID: body.buildingId) { return (room, false) }
    let room = SensorStore.Room(
      id: environment.makeID(), name: name, buildingID: body.buildingId,
      floor: body.floor.map(\.trimmingWhitespace).flatMap { $0.isEmpty ? nil : $0 })
    try store.insert(room, at: now)
    return (room, true)
  }

  private static func validated(
    _ body: NewSensor, key: String?
  ) throws -> (name: String, room: String, kinds: Set<SensorKind>, interval: Int) {
    var validator = Validator()
    let name = PlaceRules.validName(body.name, into: &validator)
    let room = PlaceRules.validName(body.room, field: "room", into: &validator)
    let kinds = body.kinds.compactMap(SensorKind.init(rawValue:))
    validator.require(!body.kinds.isEmpty, "kinds", .notEmpty)
    validator.require(
      kinds.count == body.kinds.count, "kinds", .unknownValue(allowed: SensorKind.allCases.map(\.rawValue)))
    let interval = body.intervalSec ?? SensorLimits.defaultIntervalSeconds
    validator.require(
      SensorLimits.intervalSeconds.contains(interval), "intervalSec",
      .secondsBetween(SensorLimits.intervalSeconds.lowerBound, SensorLimits.intervalSeconds.upperBound))
    if let floor = body.floor { validator.require(floor.count <= 50, "floor", .atMostCharacters(50)) }
    if let key {
      validator.require(
        (1...255).contains(key.utf8.count) && key.utf8.allSatisfy { (0x21...0x7e).contains($0) }, "Idempotency-Key",
        .notAccepted)
    }
    try validator.check()
    return (name, room, Set(kinds), interval)
  }

  static func sensor(_ id: String, _ connection: any DatabaseConnection) throws -> SensorStore.Sensor {
    guard let sensor = try SensorStore(connection).sensor(id: id) else {
      throw Problem.notFound(.admin(.noSuch(.sensor, id: id)))
    }
    return sensor
  }

  /// 24 random bytes as 32 characters of base64url: what a sensor's firmware can hold.
  static func newPassword() -> String { Base64URL.encode(Crypto.randomBytes(24)) }

  static let notConfigured = Problem(status: 503, .sensor(.notConfigured))

  /// The broker failed a command: the reason goes to the log, the caller is told to retry.
  private func brokerUnavailable(_ error: any Error) -> Problem {
    environment.log.write(ErrorLogEntry(requestId: "mqtt", error: "sensor account: \(error)").line)
    return Problem(status: 503, .sensor(.brokerUnavailable))
  }
}

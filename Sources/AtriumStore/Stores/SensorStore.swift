import AtriumDomain
import AtriumSQL

/// Rooms and the sensors in them.
public struct SensorStore {
  let connection: any DatabaseConnection

  public init(_ connection: any DatabaseConnection) {
    self.connection = connection
  }

  public struct Room: Sendable, Hashable {
    public let id: String
    public var name: String
    public var buildingID: String?
    public var floor: String?

    public init(id: String, name: String, buildingID: String?, floor: String?) {
      self.id = id
      self.name = name
      self.buildingID = buildingID
      self.floor = floor
    }
  }

  public struct Sensor: Sendable, Hashable {
    public let id: String
    public var name: String
    public var roomID: String
    public let kinds: Set<SensorKind>
    public var intervalSeconds: Int
    public let lastSeenAt: Int64?

    public init(
      id: String, name: String, roomID: String, kinds: Set<SensorKind>, intervalSeconds: Int, lastSeenAt: Int64? = nil
    ) {
      self.id = id
      self.name = name
      self.roomID = roomID
      self.kinds = kinds
      self.intervalSeconds = intervalSeconds
      self.lastSeenAt = lastSeenAt
    }
  }

  public func insert(_ room: Room, at instant: Int64) throws {
    _ = try connection.execute(
      "INSERT INTO rooms (id, name, name_key, building_id, floor, created_at) VALUES (?, ?, ?, ?, ?, ?)",
      .text(room.id), .text(room.name), .text(room.name.lowercased()), DatabaseValue(room.buildingID),
      DatabaseValue(room.floor), .integer(instant))
  }

  /// - Parameter registrationKey: The `Idempotency-Key` it was registered with, if any: one
  ///   sensor per key and person.
  public func insert(_ sensor: Sensor, createdBy: String, registrationKey: String? = nil, at instant: Int64) throws {
    _ = try connection.execute(
      """
      INSERT INTO sensors (id, name, room_id, kinds, interval_seconds, created_by, registration_key, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)
      """, .text(sensor.id), .text(sensor.name), .text(sensor.roomID), .text(Self.text(sensor.kinds)),
      .integer(Int64(sensor.intervalSeconds)), .text(createdBy), DatabaseValue(registrationKey), .integer(instant))
  }

  /// Name, room and interval (the id, the account and the kinds stay).
  public func update(_ sensor: Sensor) throws {
    _ = try connection.execute(
      "UPDATE sensors SET name = ?, room_id = ?, interval_seconds = ? WHERE id = ?", .text(sensor.name),
      .text(sensor.roomID), .integer(Int64(sensor.intervalSeconds)), .text(sensor.id))
  }

  public func deleteSensor(id: String) throws {
    _ = try connection.execute("DELETE FROM sensors WHERE id = ?", .text(id))
  }

  /// The sensor `person` registered with `key`, if any.
  public func sensor(registeredBy person: String, key: String) throws -> Sensor? {
    try connection.queryFirst(
      "SELECT * FROM sensors WHERE created_by = ? AND registration_key = ?", .text(person), .text(key)
    ).map(Self.sensor)
  }

  /// Every sensor, by name.
  public func sensors() throws -> [Sensor] {
    try connection.query("SELECT * FROM sensors ORDER BY name, id").map(Self.sensor)
  }

  /// Every room, by name.
  public func rooms() throws -> [Room] {
    try connection.query("SELECT * FROM rooms ORDER BY name_key, id").map(Self.room)
  }

  /// The room of that name (any case) in the building, or in none.
  public func room(named name: String, buildingID: String?) throws -> Room? {
    if let buildingID {
      return try connection.queryFirst(
        "SELECT * FROM rooms WHERE building_id = ? AND name_key = ?", .text(buildingID), .text(name.lowercased())
      ).map(Self.room)
    }
    return try connection.queryFirst(
      "SELECT * FROM rooms WHERE building_id IS NULL AND name_key = ?", .text(name.lowercased())
    ).map(Self.room)
  }

  public func update(_ room: Room) throws {
    _ = try connection.execute(
      "UPDATE rooms SET name = ?, name_key = ?, building_id = ?, floor = ? WHERE id = ?", .text(room.name),
      .text(room.name.lowercased()), DatabaseValue(room.buildingID), DatabaseValue(room.floor), .text(room.id))
  }

  public func deleteRoom(id: String) throws {
    _ = try connection.execute("DELETE FROM rooms WHERE id = ?", .text(id))
  }

  public func sensorCount(roomID: String) throws -> Int {
    try connection.queryFirst("SELECT COUNT(*) AS n FROM sensors WHERE room_id = ?", .text(roomID))?.int("n") ?? 0
  }

  public func room(id: String) throws -> Room? {
    try connection.queryFirst("SELECT * FROM rooms WHERE id = ?", .text(id)).map(Self.room)
  }

  public func sensor(id: String) throws -> Sensor? {
    try connection.queryFirst("SELECT * FROM sensors WHERE id = ?", .text(id)).map(Self.sensor)
  }

  /// Every sensor's kinds: what the ingestion accepts from whom.
  public func kindsBySensor() throws -> [String: Set<SensorKind>] {
    Dictionary(
      uniqueKeysWithValues: try connection.query("SELECT id, kinds FROM sensors").map {
        ($0.string("id"), Self.kinds($0.string("kinds")))
      })
  }

  static func text(_ kinds: Set<SensorKind>) -> String { kinds.map(\.rawValue).sorted().joined(separator: ",") }

  static func kinds(_ text: String) -> Set<SensorKind> {
    Set(text.split(separator: ",").compactMap { SensorKind(rawValue: String($0)) })
  }

  static func room(_ row: DatabaseRow) -> Room {
    Room(
      id: row.string("id"), name: row.string("name"), buildingID: row.optionalString("building_id"),
      floor: row.optionalString("floor"))
  }

  static func sensor(_ row: DatabaseRow) -> Sensor {
    Sensor(
      id: row.string("id"), name: row.string("name"), roomID: row.string("room_id"), kinds: kinds(row.string("kinds")),
      intervalSeconds: row.int("interval_seconds"), lastSeenAt: row.optionalInt("last_seen_at").map(Int64.init))
  }
}

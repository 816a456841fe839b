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
    public let name: String
    public let buildingID: String?
    public let floor: String?

    public init(id: String, name: String, buildingID: String?, floor: String?) {
      self.id = id
      self.name = name
      self.buildingID = buildingID
      self.floor = floor
    }
  }

  public struct Sensor: Sendable, Hashable {
    public let id: String
    public let name: String
    public let roomID: String
    public let kinds: Set<SensorKind>
    public let intervalSeconds: Int
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

  public func insert(_ sensor: Sensor, createdBy: String, at instant: Int64) throws {
    _ = try connection.execute(
      """
      INSERT INTO sensors (id, name, room_id, kinds, interval_seconds, created_by, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?)
      """, .text(sensor.id), .text(sensor.name), .text(sensor.roomID), .text(Self.text(sensor.kinds)),
      .integer(Int64(sensor.intervalSeconds)), .text(createdBy), .integer(instant))
  }

  public func room(id: String) throws -> Room? {
    try connection.queryFirst("SELECT * FROM rooms WHERE id = ?", .text(id)).map {
      Room(
        id: $0.string("id"), name: $0.string("name"), buildingID: $0.optionalString("building_id"),
        floor: $0.optionalString("floor"))
    }
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

  static func sensor(_ row: DatabaseRow) -> Sensor {
    Sensor(
      id: row.string("id"), name: row.string("name"), roomID: row.string("room_id"), kinds: kinds(row.string("kinds")),
      intervalSeconds: row.int("interval_seconds"), lastSeenAt: row.optionalInt("last_seen_at").map(Int64.init))
  }
}

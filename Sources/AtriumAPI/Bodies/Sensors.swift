import AtriumDomain

/// A room on the wire: where sensors are, in a building of presence (or in none).
public struct RoomBody: Codable, Hashable, Sendable {
  public var id: String
  public var name: String
  public var buildingId: String?
  public var floor: String?
  public var sensorCount: Int
  /// Whether the caller follows every alert rule firing on the room's sensors.
  public var subscribed: Bool

  public init(id: String, name: String, buildingId: String?, floor: String?, sensorCount: Int, subscribed: Bool) {
    self.id = id
    self.name = name
    self.buildingId = buildingId
    self.floor = floor
    self.sensorCount = sensorCount
    self.subscribed = subscribed
  }
}

/// `POST /api/v1/rooms` and `PATCH /api/v1/rooms/{id}`: a change names only what changes
/// (an empty `floor` clears it).
public struct RoomChange: Codable, Hashable, Sendable {
  public var name: String?
  public var buildingId: String?
  public var floor: String?

  public init(name: String? = nil, buildingId: String? = nil, floor: String? = nil) {
    self.name = name
    self.buildingId = buildingId
    self.floor = floor
  }
}

/// The last value of one kind.
public struct SensorValue: Codable, Hashable, Sendable {
  public var value: Double
  /// When the server received it.
  public var at: String

  public init(value: Double, at: String) {
    self.value = value
    self.at = at
  }
}

/// A sensor as people see it: where it is, what it measures, its last values and how it is.
public struct SensorBody: Codable, Hashable, Sendable {
  public var id: String
  public var name: String
  public var room: RoomBody
  public var kinds: [SensorKind]
  /// How often it usually reads, in seconds (silent after three of them).
  public var intervalSec: Int
  /// The last value of each kind it measures, by kind (`{"co2": {"value": 812, "at": …}}`).
  public var last: [String: SensorValue]
  public var lastSeenAt: String?
  public var status: SensorStatus
  /// When it began alerting (its earliest firing rule), while it alerts.
  public var alertSince: String?
  /// Readings refused, by reason (admins and facilities staff only).
  public var refused: [String: Int]?

  public init(
    id: String, name: String, room: RoomBody, kinds: [SensorKind], intervalSec: Int, last: [String: SensorValue],
    lastSeenAt: String?, status: SensorStatus, alertSince: String?, refused: [String: Int]?
  ) {
    self.id = id
    self.name = name
    self.room = room
    self.kinds = kinds
    self.intervalSec = intervalSec
    self.last = last
    self.lastSeenAt = lastSeenAt
    self.status = status
    self.alertSince = alertSince
    self.refused = refused
  }
}

/// `GET /api/v1/sensors`: the sensors (by room, then name) and whether a broker is set up.
public struct SensorList: Codable, Hashable, Sendable {
  public var items: [SensorBody]
  /// False when the server runs without a broker: nothing can be registered or read.
  public var configured: Bool

  public init(items: [SensorBody], configured: Bool) {
    self.items = items
    self.configured = configured
  }
}

/// `POST /api/v1/sensors`: `room` is a room's id, or a name that makes the room (in
/// `buildingId`, on `floor`).
public struct NewSensor: Codable, Hashable, Sendable {
  public var name: String
  public var room: String
  public var buildingId: String?
  public var floor: String?
  public var kinds: [String]
  public var intervalSec: Int?

  public init(
    name: String, room: String, buildingId: String? = nil, floor: String? = nil, kinds: [String],
    intervalSec: Int? = nil
  ) {
    self.name = name
    self.room = room
    self.buildingId = buildingId
    self.floor = floor
    self.kinds = kinds
    self.intervalSec = intervalSec
  }
}

/// `PATCH /api/v1/sensors/{id}`: a new name, room or interval; the id (its broker account)
/// never changes.
public struct SensorChange: Codable, Hashable, Sendable {
  public var name: String?
  public var roomId: String?
  public var intervalSec: Int?

  public init(name: String? = nil, roomId: String? = nil, intervalSec: Int? = nil) {
    self.name = name
    self.roomId = roomId
    self.intervalSec = intervalSec
  }
}

/// How a sensor reaches the broker. The password is shown once: at registration and when it
/// is replaced.
public struct MQTTCredentials: Codable, Hashable, Sendable {
  public var host: String
  public var port: Int
  /// The sensor's id.
  public var username: String
  public var password: String
  /// Where it publishes (`sensors/<id>/readings`).
  public var topic: String
  public var tls: Bool

  public init(host: String, port: Int, username: String, password: String, topic: String, tls: Bool) {
    self.host = host
    self.port = port
    self.username = username
    self.password = password
    self.topic = topic
    self.tls = tls
  }
}

/// The answer to a registration: the sensor and its broker account.
public struct RegisteredSensor: Codable, Hashable, Sendable {
  public var sensor: SensorBody
  public var mqtt: MQTTCredentials

  public init(sensor: SensorBody, mqtt: MQTTCredentials) {
    self.sensor = sensor
    self.mqtt = mqtt
  }

  // The sensor's fields at the top, beside `mqtt` (what the issue asks: "the sensor plus mqtt").
  enum CodingKeys: String, CodingKey { case mqtt }

  public init(from decoder: any Decoder) throws {
    sensor = try SensorBody(from: decoder)
    mqtt = try decoder.container(keyedBy: CodingKeys.self).decode(MQTTCredentials.self, forKey: .mqtt)
  }

  public func encode(to encoder: any Encoder) throws {
    try sensor.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(mqtt, forKey: .mqtt)
  }
}

/// One point of a series: the step's start and its readings' low, high, mean and count.
public struct SeriesPoint: Codable, Hashable, Sendable {
  public var at: String
  public var min: Double
  public var max: Double
  public var mean: Double
  public var count: Int

  public init(at: String, min: Double, max: Double, mean: Double, count: Int) {
    self.at = at
    self.min = min
    self.max = max
    self.mean = mean
    self.count = count
  }
}

/// `GET /api/v1/sensors/{id}/series?range=24h|7d`: each kind's points (steps without a
/// reading are left out), oldest first.
public struct SensorSeriesBody: Codable, Hashable, Sendable {
  public var sensorId: String
  public var range: SeriesRange
  /// The width of a point, in seconds.
  public var stepSec: Int
  public var from: String
  public var kinds: [String: [SeriesPoint]]

  public init(sensorId: String, range: SeriesRange, stepSec: Int, from: String, kinds: [String: [SeriesPoint]]) {
    self.sensorId = sensorId
    self.range = range
    self.stepSec = stepSec
    self.from = from
    self.kinds = kinds
  }
}

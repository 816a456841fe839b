import AtriumAPI
import AtriumDomain
import AtriumSQL
import AtriumStore

/// Sensors and rooms as the API shows them. Built for many at once: the rooms, last values,
/// firing states and what the viewer follows are read once per answer, not once per sensor.
struct SensorReadModel {
  let connection: any DatabaseConnection
  let viewer: Principal
  let now: Int64

  /// Whether the viewer sees what only admins and facilities staff see (refused readings).
  var seesOperations: Bool { SensorAccess.manages(viewer) }

  /// - Parameter every: Every sensor, when the caller has read them (the rooms' counts come
  ///   from them instead of a second read).
  func bodies(_ sensors: [SensorStore.Sensor], every: [SensorStore.Sensor]? = nil) throws -> [SensorBody] {
    let store = SensorStore(connection)
    let rooms = Dictionary(uniqueKeysWithValues: try store.rooms().map { ($0.id, $0) })
    let counted = try every ?? store.sensors()
    let counts = Dictionary(grouping: counted, by: \.roomID).mapValues(\.count)
    let last = try SensorReadingStore(connection).lastValues(of: sensors.map(\.id))
    let firing = try SensorAlertStore(connection).firingSince()
    let followed = try SensorAlertStore(connection).following(viewer.employee.id).rooms
    let refused = seesOperations ? try SensorReadingStore(connection).refusals() : nil
    return sensors.compactMap { sensor in
      guard let room = rooms[sensor.roomID] else { return nil }
      return body(
        sensor, room: Self.body(room, sensorCount: counts[room.id] ?? 0, subscribed: followed.contains(room.id)),
        last: last[sensor.id] ?? [:], firingSince: firing[sensor.id], refused: refused.map { $0[sensor.id] ?? [:] })
    }
  }

  func body(_ sensor: SensorStore.Sensor) throws -> SensorBody {
    guard let body = try bodies([sensor]).first else { throw Problem.notFound(.admin(.noSuch(.sensor, id: sensor.id))) }
    return body
  }

  private func body(
    _ sensor: SensorStore.Sensor, room: RoomBody, last: [SensorKind: SensorReading], firingSince: Int64?,
    refused: [ReadingRefusal: Int]?
  ) -> SensorBody {
    let status = SensorStatus.of(
      lastSeen: sensor.lastSeenAt, interval: sensor.intervalSeconds, isFiring: firingSince != nil, now: now)
    return SensorBody(
      id: sensor.id, name: sensor.name, room: room, kinds: sensor.kinds.sorted { $0.rawValue < $1.rawValue },
      intervalSec: sensor.intervalSeconds,
      last: Dictionary(
        uniqueKeysWithValues: last.map {
          ($0.key.rawValue, SensorValue(value: $0.value.value, at: Instant.text($0.value.at)))
        }),
      lastSeenAt: sensor.lastSeenAt.map(Instant.text), status: status,
      alertSince: status == .alerting ? firingSince.map(Instant.text) : nil,
      refused: refused.map { counts in Dictionary(uniqueKeysWithValues: counts.map { ($0.key.rawValue, $0.value) }) })
  }

  func rooms() throws -> [RoomBody] {
    let store = SensorStore(connection)
    let counts = Dictionary(grouping: try store.sensors(), by: \.roomID).mapValues(\.count)
    let followed = try SensorAlertStore(connection).following(viewer.employee.id).rooms
    return try store.rooms().map {
      Self.body($0, sensorCount: counts[$0.id] ?? 0, subscribed: followed.contains($0.id))
    }
  }

  func room(_ room: SensorStore.Room) throws -> RoomBody {
    Self.body(
      room, sensorCount: try SensorStore(connection).sensorCount(roomID: room.id),
      subscribed: try SensorAlertStore(connection).following(viewer.employee.id).rooms.contains(room.id))
  }

  static func body(_ room: SensorStore.Room, sensorCount: Int, subscribed: Bool) -> RoomBody {
    RoomBody(
      id: room.id, name: room.name, buildingId: room.buildingID, floor: room.floor, sensorCount: sensorCount,
      subscribed: subscribed)
  }
}

/// Who may change sensors, rooms and rules: admins, and people an admin granted
/// `facilities` (a permission beside the role).
package enum SensorAccess {
  package static func manages(_ principal: Principal) -> Bool {
    principal.employee.role.managesCompany || principal.employee.permissions.contains(.facilities)
  }

  /// - Parameter action: completes "Only an administrator or someone with the facilities
  ///   permission may …".
  static func require(_ principal: Principal, to action: String) throws {
    guard manages(principal) else { throw Problem.forbidden(.sensor(.onlyFacilities(action: action))) }
  }
}

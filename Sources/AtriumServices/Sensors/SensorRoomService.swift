import AtriumAPI
import AtriumDomain
import AtriumSQL
import AtriumStore

/// Rooms: everyone reads and follows them; admins and facilities staff make, change and
/// remove them (a room with sensors stays).
package struct SensorRoomService: Sendable {
  package let environment: ServerEnvironment

  package init(environment: ServerEnvironment) {
    self.environment = environment
  }

  private var audit: AuditTrail { AuditTrail(environment: environment) }
  private var now: Int64 { environment.now().milliseconds }

  package func rooms(principal: Principal) throws -> Page<RoomBody> {
    Page(
      items: try environment.database.read {
        try SensorReadModel(connection: $0, viewer: principal, now: now).rooms()
      }, nextCursor: nil)
  }

  package func create(_ change: RoomChange, by principal: Principal) throws -> RoomBody {
    try SensorAccess.require(principal, to: "add rooms")
    var validator = Validator()
    validator.require(change.name != nil, "name", .required)
    let fields = Self.fields(change, into: &validator)
    try validator.check()
    return try environment.database.write { connection in
      try Self.requireBuilding(change.buildingId, connection)
      let room = SensorStore.Room(
        id: environment.makeID(), name: fields.name ?? "", buildingID: change.buildingId, floor: fields.floor)
      try refusingDuplicateName(room.name, of: .room) { try SensorStore(connection).insert(room, at: now) }
      let body = try SensorReadModel(connection: connection, viewer: principal, now: now).room(room)
      try audit.record("room.create", target: ("room", room.id), after: body, by: principal, connection: connection)
      return body
    }
  }

  package func update(id: String, _ change: RoomChange, by principal: Principal) throws -> RoomBody {
    try SensorAccess.require(principal, to: "change rooms")
    var validator = Validator()
    let fields = Self.fields(change, into: &validator)
    try validator.check()
    return try environment.database.write { connection in
      let store = SensorStore(connection)
      let model = SensorReadModel(connection: connection, viewer: principal, now: now)
      guard var room = try store.room(id: id) else { throw Problem.notFound(.noSuch(.room, id: id)) }
      let before = try model.room(room)
      if let buildingID = change.buildingId {
        try Self.requireBuilding(buildingID, connection)
        room.buildingID = buildingID
      }
      if let name = fields.name { room.name = name }
      if change.floor != nil { room.floor = fields.floor }
      try refusingDuplicateName(room.name, of: .room) { try store.update(room) }
      let after = try model.room(room)
      try audit.record(
        "room.update", target: ("room", id), before: before, after: after, by: principal, connection: connection)
      return after
    }
  }

  package func delete(id: String, by principal: Principal) throws {
    try SensorAccess.require(principal, to: "remove rooms")
    try environment.database.write { connection in
      let store = SensorStore(connection)
      guard let room = try store.room(id: id) else { throw Problem.notFound(.noSuch(.room, id: id)) }
      let count = try store.sensorCount(roomID: id)
      guard count == 0 else { throw Problem.conflict(.sensor(.roomHasSensors(count: count))) }
      let alerts = SensorAlertStore(connection)
      for rule in try alerts.rules() where rule.scope == .room && rule.scopeID == id {
        try alerts.deleteRule(id: rule.id)
      }
      try alerts.forget(roomID: id)
      try store.deleteRoom(id: id)
      try audit.record(
        "room.delete", target: ("room", id), before: ["name": room.name], by: principal, connection: connection)
    }
  }

  /// The caller follows (or stops following) every rule firing on the room's sensors.
  package func follow(id: String, _ follows: Bool, principal: Principal) throws {
    try environment.database.write { connection in
      guard try SensorStore(connection).room(id: id) != nil else { throw Problem.notFound(.noSuch(.room, id: id)) }
      let alerts = SensorAlertStore(connection)
      if follows {
        try alerts.subscribe(principal.employee.id, to: .room, id: id, at: now)
      } else {
        try alerts.unsubscribe(principal.employee.id, from: .room, id: id)
      }
    }
  }

  private static func fields(_ change: RoomChange, into validator: inout Validator) -> (name: String?, floor: String?) {
    let name = change.name.map { PlaceRules.validName($0, into: &validator) }
    let floor = change.floor.map(\.trimmingWhitespace)
    if let floor { validator.require(floor.count <= 50, "floor", .atMostCharacters(50)) }
    return (name, floor.flatMap { $0.isEmpty ? nil : $0 })
  }

  private static func requireBuilding(_ id: String?, _ connection: any DatabaseConnection) throws {
    guard let id else { return }
    guard try PresencePlacesStore(connection).building(id: id) != nil else {
      throw Problem.invalid(ValidationFailure([FieldError(field: "buildingId", rule: .notA(.building))]))
    }
  }
}

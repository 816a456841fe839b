import AtriumAPI
import AtriumDomain
import AtriumStore
import AtriumTestSupport

extension PermissionMatrixTests.Fixture {
  static func makeSensors(in app: TestApp, room: String, emptyRoom: String, sensor: String, rule: String) throws {
    let now = app.clock.now.milliseconds
    try app.database.write { connection in
      let sensors = SensorStore(connection)
      try sensors.insert(SensorStore.Room(id: room, name: "Meeting room 2", buildingID: nil, floor: "2"), at: now)
      try sensors.insert(SensorStore.Room(id: emptyRoom, name: "Storage", buildingID: nil, floor: nil), at: now)
      try sensors.insert(
        SensorStore.Sensor(id: sensor, name: "Room 2 air", roomID: room, kinds: [.co2], intervalSeconds: 60),
        createdBy: "ana", at: now)
      try SensorAlertStore(connection).insert(
        SensorAlertStore.Rule(
          id: rule, templateID: "co2-above", kind: .co2, scope: .room, scopeID: room,
          condition: AlertCondition(
            comparison: .above, threshold: 1_000, forSeconds: 0, hysteresis: 0, cooldownSeconds: 300),
          label: "CO₂ above 1,000"), createdBy: "ana", at: now)
    }
  }
}

extension PermissionMatrixTests {
  /// Sensors: everyone reads them; admins and facilities staff (silvia) change them. Without a
  /// broker, registering, deleting and a new password answer 503 to those allowed.
  static let sensorRows: [Row] = [
    Row("sensors", [401, 200, 200, 200, 200, 200]) { _ in .sensors(.list(SensorFilter())) },
    Row(
      "registerSensor", [401, 403, 403, 403, 503, 503],
      body: .json(#"{"name": "Room 2 noise", "room": "ROOM", "kinds": ["noise"]}"#)
    ) { _ in .sensors(.register) },
    Row("sensor", [401, 200, 200, 200, 200, 200]) { .sensors(.show(id: $0.sensor)) },
    Row("updateSensor", [401, 403, 403, 403, 200, 200], body: .json(#"{"name": "Room 2 CO₂"}"#)) {
      .sensors(.update(id: $0.sensor))
    },
    Row("deleteSensor", [401, 403, 403, 403, 503, 503]) { .sensors(.delete(id: $0.sensor)) },
    Row("rotateSensorPassword", [401, 403, 403, 403, 503, 503]) { .sensors(.rotatePassword(id: $0.sensor)) },
    Row("sensorSeries", [401, 200, 200, 200, 200, 200]) { .sensors(.series(id: $0.sensor, range: .week)) },
    Row("sensorSparkline", [401, 200, 200, 200, 200, 200]) { .sensors(.sparkline(id: $0.sensor, kind: nil)) },
    Row("sensorAlerts", [401, 200, 200, 200, 200, 200]) { .sensors(.alerts(id: $0.sensor)) },
  ]

  /// Rooms: everyone reads and follows them; admins and facilities staff change them.
  static let roomRows: [Row] = [
    Row("rooms", [401, 200, 200, 200, 200, 200]) { _ in .sensors(.rooms) },
    Row("createRoom", [401, 403, 403, 403, 201, 201], body: .json(#"{"name": "Library", "floor": "1"}"#)) { _ in
      .sensors(.createRoom)
    },
    Row("updateRoom", [401, 403, 403, 403, 200, 200], body: .json(#"{"floor": "3"}"#)) {
      .sensors(.updateRoom(id: $0.room))
    },
    Row("deleteRoom", [401, 403, 403, 403, 204, 204]) { .sensors(.deleteRoom(id: $0.emptyRoom)) },
    Row("followRoom", [401, 204, 204, 204, 204, 204]) { .sensors(.followRoom(id: $0.room)) },
    Row("unfollowRoom", [401, 204, 204, 204, 204, 204]) { .sensors(.unfollowRoom(id: $0.room)) },
  ]

  /// Templates: everyone reads them (the rule editor shows their limits); only admins change
  /// them, facilities staff included in the refusal.
  static let alertTemplateRows: [Row] = [
    Row("alertTemplates", [401, 200, 200, 200, 200, 200]) { _ in .sensorAlerts(.templates) },
    Row(
      "createAlertTemplate", [401, 403, 403, 403, 403, 201],
      body: .json(
        #"{"name": "Humidity above", "kind": "humidity", "operator": ">", "defaultThreshold": 60, "minThreshold": 40, "maxThreshold": 90, "minCooldownSec": 600, "defaultForSec": 300}"#
      )
    ) { _ in .sensorAlerts(.createTemplate) },
    Row("updateAlertTemplate", [401, 403, 403, 403, 403, 200], body: .json(#"{"defaultThreshold": 1100}"#)) { _ in
      .sensorAlerts(.updateTemplate(id: "co2-above"))
    },
    Row("deleteAlertTemplate", [401, 403, 403, 403, 403, 204]) { _ in
      .sensorAlerts(.deleteTemplate(id: "noise-above"))
    },
  ]

  /// Rules: everyone reads and follows them; admins and facilities staff make and change them.
  static let alertRuleRows: [Row] = [
    Row("alertRules", [401, 200, 200, 200, 200, 200]) { .sensorAlerts(.rules(sensorId: $0.sensor)) },
    Row(
      "createAlertRule", [401, 403, 403, 403, 201, 201],
      body: .json(#"{"templateId": "co2-above", "roomId": "ROOM", "threshold": 1000}"#)
    ) { _ in .sensorAlerts(.createRule) },
    Row("updateAlertRule", [401, 403, 403, 403, 200, 200], body: .json(#"{"threshold": 900}"#)) {
      .sensorAlerts(.updateRule(id: $0.rule))
    },
    Row("deleteAlertRule", [401, 403, 403, 403, 204, 204]) { .sensorAlerts(.deleteRule(id: $0.rule)) },
    Row("followAlertRule", [401, 204, 204, 204, 204, 204]) { .sensorAlerts(.follow(id: $0.rule)) },
    Row("unfollowAlertRule", [401, 204, 204, 204, 204, 204]) { .sensorAlerts(.unfollow(id: $0.rule)) },
  ]
}

import AtriumDomain
import AtriumMessages
import AtriumSQL
import AtriumStore
import Foundation

/// Alert rules at work, in the transaction that keeps the readings (and in the tick's): each
/// rule watching a sensor steps its state machine (`AlertEvaluation`) with each new value of
/// its kind, the state is kept, a firing or a resolution is recorded, and a firing within the
/// rule's cooldown rules tells each follower on the board, by mail and by push as they chose,
/// with a live event.
struct SensorAlerts {
  let environment: ServerEnvironment
  let connection: any DatabaseConnection

  /// Steps the rules of each sensor that sent readings, value by value, in order. The rules
  /// are read once per batch; without any, the batch costs no further query.
  func evaluate(_ readings: [String: [SensorReading]]) throws {
    let alerts = SensorAlertStore(connection)
    let enabled = try alerts.enabledRules()
    guard !enabled.isEmpty else { return }
    let sensors = SensorStore(connection)
    for (sensorID, list) in readings.sorted(by: { $0.key < $1.key }) {
      guard let sensor = try sensors.sensor(id: sensorID), let room = try sensors.room(id: sensor.roomID) else {
        continue
      }
      let rules = enabled.filter { $0.watches(sensor: sensorID, room: room.id, building: room.buildingID) }
      guard !rules.isEmpty else { continue }
      var states = try alerts.states(sensor: sensorID)
      for rule in rules {
        var state = states[rule.id] ?? .ok
        var lastValue: Double?
        for reading in list where reading.kind == rule.kind {
          let step = AlertEvaluation.reading(reading.value, at: reading.at, rule.condition, state)
          try record(step, rule: rule, sensor: sensor, room: room, value: reading.value, at: reading.at)
          state = step.state
          lastValue = reading.value
        }
        guard let lastValue else { continue }
        try alerts.save(state, rule: rule.id, sensor: sensorID, lastValue: lastValue)
        states[rule.id] = state
      }
    }
  }

  /// The one-second tick: a pending rule whose duration passed without a new reading fires.
  func tick() throws {
    let now = environment.now().milliseconds
    let alerts = SensorAlertStore(connection)
    let sensors = SensorStore(connection)
    for (ruleID, sensorID, state) in try alerts.pending() {
      guard let rule = try alerts.rule(id: ruleID), rule.isEnabled, let sensor = try sensors.sensor(id: sensorID),
        let room = try sensors.room(id: sensor.roomID)
      else { continue }
      let step = AlertEvaluation.tick(at: now, rule.condition, state)
      guard step.state != state else { continue }
      let value = try alerts.lastValue(rule: ruleID, sensor: sensorID)
      try record(step, rule: rule, sensor: sensor, room: room, value: value, at: now)
      try alerts.save(step.state, rule: ruleID, sensor: sensorID, lastValue: nil)
    }
  }

  private func record(
    _ step: AlertStep, rule: SensorAlertStore.Rule, sensor: SensorStore.Sensor, room: SensorStore.Room,
    value: Double?, at instant: Int64
  ) throws {
    let alerts = SensorAlertStore(connection)
    if step.fired || step.resolved {
      try alerts.record(
        step.fired ? "fired" : "resolved", id: environment.makeID(), rule: rule.id, sensor: sensor.id, value: value,
        at: instant)
      let event = LiveEventStore.json([
        "sensorId": sensor.id, "ruleId": rule.id, "change": step.fired ? "fired" : "resolved",
      ])
      for follower in try alerts.subscribers(rule: rule.id, room: room.id) {
        try LiveEventStore(connection).append(
          kind: "sensorAlert", data: event, audience: .person(id: follower), at: instant)
      }
    }
    guard step.notifies else { return }
    try tell(rule: rule, sensor: sensor, room: room, value: value, since: step.state.since ?? instant, at: instant)
  }

  /// The notice for each follower, in their language, on the channels they chose.
  private func tell(
    rule: SensorAlertStore.Rule, sensor: SensorStore.Sensor, room: SensorStore.Room, value: Double?, since: Int64,
    at instant: Int64
  ) throws {
    let people = PeopleStore(connection)
    let settings = SettingsStore(connection)
    let timeZone = try self.timeZone(of: room)
    for follower in try SensorAlertStore(connection).subscribers(rule: rule.id, room: room.id) {
      guard let person = try people.employee(id: follower), person.isActive else { continue }
      let chosen = try settings.settings(employeeID: follower)
      let choice = chosen.choice(for: .sensorAlerts)
      guard choice != .nothing else { continue }
      let language = Language.reader(chosen: chosen.languageChosen ? chosen.language : nil, acceptLanguage: nil)
      let title = SensorText.alertFired(
        label: rule.label, room: room.name, value: value.map { Self.text($0, rule.kind) } ?? "—",
        since: Self.clock(since, in: timeZone)
      ).text(in: language)
      // One firing tells each follower once, whatever retries the flush makes.
      try PersonalNotice(
        kind: .sensorAlerts, noticeKind: "sensor.alert", title: title, detail: sensor.name,
        path: "/sensors/\(sensor.id)", key: "sensor:\(rule.id):\(sensor.id):\(instant):\(follower)"
      ).deliver(to: person, choice: choice, language: language, environment: environment, connection: connection)
    }
  }

  /// The time zone of the room's campus (UTC for a room in no building).
  private func timeZone(of room: SensorStore.Room) throws -> TimeZone {
    let places = PresencePlacesStore(connection)
    guard let building = try room.buildingID.flatMap({ try places.building(id: $0) }),
      let campus = try places.campus(id: building.campusID)
    else { return .gmt }
    return TimeZone(identifier: campus.timeZone) ?? .gmt
  }

  static func text(_ value: Double, _ kind: SensorKind) -> String { kind.text(value) }

  static func clock(_ instant: Int64, in timeZone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents(
      [.hour, .minute], from: Date(timeIntervalSince1970: TimeInterval(instant) / 1000))
    return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
  }
}

extension RegisteredNotificationKind {
  /// A sensor alert rule the person follows fired.
  public static let sensorAlerts = RegisteredNotificationKind(
    .sensorAlerts, name: { SensorText.sensorAlertsKind.text(in: $0) },
    collapsed: { (SensorText.alertsFired($0).text(in: $1), "/sensors") })
}

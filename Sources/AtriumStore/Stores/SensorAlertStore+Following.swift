import AtriumSQL

extension SensorAlertStore {
  public func unsubscribe(_ employee: String, from target: Target, id: String) throws {
    _ = try connection.execute(
      "DELETE FROM alert_subscriptions WHERE employee_id = ? AND target = ? AND target_id = ?", .text(employee),
      .text(target.rawValue), .text(id))
  }

  /// What a person follows: rule ids and room ids.
  public func following(_ employee: String) throws -> (rules: Set<String>, rooms: Set<String>) {
    var rules: Set<String> = []
    var rooms: Set<String> = []
    for row in try connection.query(
      "SELECT target, target_id FROM alert_subscriptions WHERE employee_id = ?", .text(employee))
    {
      if row.string("target") == Target.rule.rawValue { rules.insert(row.string("target_id")) }
      if row.string("target") == Target.room.rawValue { rooms.insert(row.string("target_id")) }
    }
    return (rules, rooms)
  }

  /// A firing or a resolution, as the sensor's page lists them.
  public struct Event: Sendable, Hashable {
    public let ruleID: String
    public let sensorID: String
    public let fired: Bool
    public let value: Double?
    public let at: Int64
  }

  /// A sensor's latest firings and resolutions, newest first.
  public func events(sensor: String, limit: Int) throws -> [Event] {
    try connection.query(
      "SELECT * FROM alert_events WHERE sensor_id = ? ORDER BY at DESC, id DESC LIMIT ?", .text(sensor),
      .integer(Int64(limit))
    ).map {
      Event(
        ruleID: $0.string("rule_id"), sensorID: $0.string("sensor_id"), fired: $0.string("event") == "fired",
        value: $0.optionalDouble("value"), at: Int64($0.int("at")))
    }
  }

  /// Everything alerting kept for a deleted sensor (its states go by cascade).
  public func forget(sensorID: String) throws {
    _ = try connection.execute("DELETE FROM alert_events WHERE sensor_id = ?", .text(sensorID))
    _ = try connection.execute("DELETE FROM alert_states WHERE sensor_id = ?", .text(sensorID))
  }

  /// A deleted room's followers.
  public func forget(roomID: String) throws {
    _ = try connection.execute(
      "DELETE FROM alert_subscriptions WHERE target = 'room' AND target_id = ?", .text(roomID))
  }
}

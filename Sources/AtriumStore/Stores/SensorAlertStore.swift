import AtriumDomain
import AtriumSQL

/// Alert templates and rules, each rule's state per sensor, who follows them, and what fired.
public struct SensorAlertStore {
  let connection: any DatabaseConnection

  public init(_ connection: any DatabaseConnection) {
    self.connection = connection
  }

  /// What a rule watches: one sensor, every sensor of a room, or of a building.
  public enum Scope: String, Sendable, Hashable, Codable {
    case sensor, room, building
  }

  public struct Rule: Sendable, Hashable {
    public let id: String
    public let templateID: String
    public let kind: SensorKind
    public let scope: Scope
    public let scopeID: String
    public var condition: AlertCondition
    public var label: String
    public var isEnabled: Bool

    /// Whether the rule watches a sensor: its own, its room's or its building's.
    public func watches(sensor: String, room: String, building: String?) -> Bool {
      switch scope {
      case .sensor: scopeID == sensor
      case .room: scopeID == room
      case .building: building == scopeID
      }
    }

    public init(
      id: String, templateID: String, kind: SensorKind, scope: Scope, scopeID: String, condition: AlertCondition,
      label: String, isEnabled: Bool = true
    ) {
      self.id = id
      self.templateID = templateID
      self.kind = kind
      self.scope = scope
      self.scopeID = scopeID
      self.condition = condition
      self.label = label
      self.isEnabled = isEnabled
    }
  }

  public func insert(_ rule: Rule, createdBy: String, at instant: Int64) throws {
    let condition = rule.condition
    _ = try connection.execute(
      """
      INSERT INTO alert_rules (id, template_id, kind, scope, scope_id, comparison, threshold, for_seconds, hysteresis,
        cooldown_seconds, label, enabled, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """, .text(rule.id), .text(rule.templateID), .text(rule.kind.rawValue), .text(rule.scope.rawValue),
      .text(rule.scopeID), .text(condition.comparison.rawValue), .real(condition.threshold),
      .integer(Int64(condition.forSeconds)), .real(condition.hysteresis), .integer(Int64(condition.cooldownSeconds)),
      .text(rule.label), DatabaseValue(rule.isEnabled), .text(createdBy), .integer(instant))
  }

  /// Every enabled rule: read once per batch of readings, and matched to each sensor in
  /// memory (`Rule.watches`), instead of a query per sensor.
  public func enabledRules() throws -> [Rule] {
    try connection.query("SELECT * FROM alert_rules WHERE enabled = 1 ORDER BY created_at, id").compactMap(Self.rule)
  }

  /// Every rule (enabled or not), oldest first.
  public func rules() throws -> [Rule] {
    try connection.query("SELECT * FROM alert_rules ORDER BY created_at, id").compactMap(Self.rule)
  }

  /// A rule's condition, label and switch (what it watches and its template stay).
  public func update(_ rule: Rule) throws {
    let condition = rule.condition
    _ = try connection.execute(
      """
      UPDATE alert_rules SET comparison = ?, threshold = ?, for_seconds = ?, hysteresis = ?, cooldown_seconds = ?,
        label = ?, enabled = ? WHERE id = ?
      """, .text(condition.comparison.rawValue), .real(condition.threshold), .integer(Int64(condition.forSeconds)),
      .real(condition.hysteresis), .integer(Int64(condition.cooldownSeconds)), .text(rule.label),
      DatabaseValue(rule.isEnabled), .text(rule.id))
  }

  /// A rule, its states (cascade) and who followed it.
  public func deleteRule(id: String) throws {
    _ = try connection.execute(
      "DELETE FROM alert_subscriptions WHERE target = 'rule' AND target_id = ?", .text(id))
    _ = try connection.execute("DELETE FROM alert_rules WHERE id = ?", .text(id))
  }

  /// The rules that watch exactly this sensor (deleted with it).
  public func ruleIDs(onSensor sensorID: String) throws -> [String] {
    try connection.query("SELECT id FROM alert_rules WHERE scope = 'sensor' AND scope_id = ?", .text(sensorID)).map {
      $0.string("id")
    }
  }

  public func rule(id: String) throws -> Rule? {
    try connection.queryFirst("SELECT * FROM alert_rules WHERE id = ?", .text(id)).flatMap(Self.rule)
  }

  /// Each rule's state for a sensor (a rule never evaluated for it is ok).
  public func states(sensor: String) throws -> [String: AlertState] {
    Dictionary(
      uniqueKeysWithValues: try connection.query("SELECT * FROM alert_states WHERE sensor_id = ?", .text(sensor)).map {
        ($0.string("rule_id"), Self.state($0))
      })
  }

  /// The (rule, sensor) pairs waiting for their duration to pass: what the tick looks at.
  public func pending() throws -> [(rule: String, sensor: String, state: AlertState)] {
    try connection.query("SELECT * FROM alert_states WHERE phase = 'pending'").map {
      ($0.string("rule_id"), $0.string("sensor_id"), Self.state($0))
    }
  }

  public func save(_ state: AlertState, rule: String, sensor: String, lastValue: Double?) throws {
    _ = try connection.execute(
      """
      INSERT INTO alert_states (rule_id, sensor_id, phase, since, last_notified_at, last_value) VALUES (?, ?, ?, ?, ?, ?)
      ON CONFLICT (rule_id, sensor_id) DO UPDATE SET phase = excluded.phase, since = excluded.since,
        last_notified_at = excluded.last_notified_at, last_value = COALESCE(excluded.last_value, alert_states.last_value)
      """, .text(rule), .text(sensor), .text(state.phase.rawValue), state.since.map { .integer($0) } ?? .null,
      state.lastNotifiedAt.map { .integer($0) } ?? .null, lastValue.map { .real($0) } ?? .null)
  }

  /// The value that last moved a (rule, sensor) pair.
  public func lastValue(rule: String, sensor: String) throws -> Double? {
    try connection.queryFirst(
      "SELECT last_value FROM alert_states WHERE rule_id = ? AND sensor_id = ?", .text(rule), .text(sensor)
    )?.optionalDouble("last_value")
  }

  /// Since when each firing sensor fires (its earliest firing rule's start).
  public func firingSince() throws -> [String: Int64] {
    var since: [String: Int64] = [:]
    for row in try connection.query("SELECT sensor_id, since FROM alert_states WHERE phase = 'firing'") {
      let start = row.optionalInt("since").map(Int64.init) ?? 0
      since[row.string("sensor_id")] = min(since[row.string("sensor_id")] ?? .max, start)
    }
    return since
  }

  /// Each rule's firing sensors, with since when.
  public func firing(rule: String) throws -> [String: Int64] {
    Dictionary(
      uniqueKeysWithValues: try connection.query(
        "SELECT sensor_id, since FROM alert_states WHERE rule_id = ? AND phase = 'firing'", .text(rule)
      ).map { ($0.string("sensor_id"), $0.optionalInt("since").map(Int64.init) ?? 0) })
  }

  /// Whether any rule fires for the sensor now.
  public func isFiring(sensor: String) throws -> Bool {
    try connection.queryFirst(
      "SELECT 1 AS one FROM alert_states WHERE sensor_id = ? AND phase = 'firing' LIMIT 1", .text(sensor)) != nil
  }

  public enum Target: String, Sendable {
    case rule, room
  }

  public func subscribe(_ employee: String, to target: Target, id: String, at instant: Int64) throws {
    _ = try connection.execute(
      """
      INSERT INTO alert_subscriptions (employee_id, target, target_id, created_at) VALUES (?, ?, ?, ?)
      ON CONFLICT (employee_id, target, target_id) DO NOTHING
      """, .text(employee), .text(target.rawValue), .text(id), .integer(instant))
  }

  /// Who is told when `rule` fires on a sensor in `room`: its followers and the room's.
  public func subscribers(rule: String, room: String) throws -> [String] {
    try connection.query(
      """
      SELECT DISTINCT employee_id FROM alert_subscriptions
      WHERE (target = 'rule' AND target_id = ?) OR (target = 'room' AND target_id = ?) ORDER BY employee_id
      """, .text(rule), .text(room)
    ).map { $0.string("employee_id") }
  }

  /// A firing or a resolution, for the sensor's history.
  public func record(
    _ event: String, id: String, rule: String, sensor: String, value: Double?, at instant: Int64
  )
    throws
  {
    _ = try connection.execute(
      "INSERT INTO alert_events (id, rule_id, sensor_id, event, value, at) VALUES (?, ?, ?, ?, ?, ?)", .text(id),
      .text(rule), .text(sensor), .text(event), value.map { .real($0) } ?? .null, .integer(instant))
  }

  static func rule(_ row: DatabaseRow) -> Rule? {
    guard let kind = SensorKind(rawValue: row.string("kind")), let scope = Scope(rawValue: row.string("scope")),
      let comparison = AlertOperator(rawValue: row.string("comparison"))
    else { return nil }
    return Rule(
      id: row.string("id"), templateID: row.string("template_id"), kind: kind, scope: scope,
      scopeID: row.string("scope_id"),
      condition: AlertCondition(
        comparison: comparison, threshold: row.double("threshold"), forSeconds: row.int("for_seconds"),
        hysteresis: row.double("hysteresis"), cooldownSeconds: row.int("cooldown_seconds")),
      label: row.string("label"), isEnabled: row.bool("enabled"))
  }

  static func state(_ row: DatabaseRow) -> AlertState {
    AlertState(
      phase: AlertState.Phase(rawValue: row.string("phase")) ?? .ok, since: row.optionalInt("since").map(Int64.init),
      lastNotifiedAt: row.optionalInt("last_notified_at").map(Int64.init))
  }
}

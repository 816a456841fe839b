import AtriumAPI
import AtriumDomain
import AtriumSQL
import AtriumStore

/// Alert rules: everyone reads and follows them; admins and facilities staff make, change
/// and delete them. A rule is made from a template, whose limits the server keeps: a
/// threshold or a cooldown past them is moved to the nearest limit, and the answer names
/// what was moved (`clamped`).
package struct AlertRuleService: Sendable {
  package let environment: ServerEnvironment

  package init(environment: ServerEnvironment) {
    self.environment = environment
  }

  private var audit: AuditTrail { AuditTrail(environment: environment) }
  private var now: Int64 { environment.now().milliseconds }

  /// Every rule, or those watching one sensor (its own, its room's and its building's).
  package func rules(sensorID: String?, principal: Principal) throws -> Page<AlertRuleBody> {
    try environment.database.read { connection in
      var rules = try SensorAlertStore(connection).rules()
      if let sensorID {
        let sensor = try SensorService.sensor(sensorID, connection)
        let room = try SensorStore(connection).room(id: sensor.roomID)
        rules = rules.filter { $0.watches(sensor: sensorID, room: sensor.roomID, building: room?.buildingID) }
      }
      let bodies = try RuleBodies(connection: connection, viewer: principal)
      return Page(items: try rules.map { try bodies.body($0, clamped: []) }, nextCursor: nil)
    }
  }

  package func create(_ body: NewAlertRule, by principal: Principal) throws -> AlertRuleBody {
    try SensorAccess.require(principal, to: "set alert rules")
    return try environment.database.write { connection in
      guard let named = try AlertTemplateStore(connection).template(id: body.templateId) else {
        throw Problem.invalid(ValidationFailure([FieldError(field: "templateId", rule: .notA(.alertTemplate))]))
      }
      let template = named.template
      let (scope, scopeID) = try Self.scope(of: body, kind: template.kind, connection)
      let asked = AlertRuleChange(
        operator: body.operator, threshold: body.threshold, forSec: body.forSec, hysteresis: body.hysteresis,
        cooldownSec: body.cooldownSec, label: body.label, enabled: body.enabled)
      let start = AlertCondition(
        comparison: template.comparison, threshold: template.defaultThreshold, forSeconds: template.defaultForSeconds,
        hysteresis: 0, cooldownSeconds: template.minimumCooldownSeconds)
      let (condition, clamped) = try Self.condition(asked, from: start, template: template)
      let label = try Self.label(
        body.label, default: "\(named.name) \(SensorAlerts.text(condition.threshold, template.kind))")
      let rule = SensorAlertStore.Rule(
        id: environment.makeID(), templateID: named.id, kind: template.kind, scope: scope, scopeID: scopeID,
        condition: condition, label: label, isEnabled: body.enabled ?? true)
      try SensorAlertStore(connection).insert(rule, createdBy: principal.employee.id, at: now)
      let answer = try RuleBodies(connection: connection, viewer: principal).body(rule, clamped: clamped)
      try audit.record(
        "alert-rule.create", target: ("alert-rule", rule.id), after: answer, by: principal, connection: connection)
      return answer
    }
  }

  package func update(id: String, _ change: AlertRuleChange, by principal: Principal) throws -> AlertRuleBody {
    try SensorAccess.require(principal, to: "change alert rules")
    return try environment.database.write { connection in
      let alerts = SensorAlertStore(connection)
      guard var rule = try alerts.rule(id: id) else { throw Problem.notFound(.noSuch(.alertRule, id: id)) }
      guard let named = try AlertTemplateStore(connection).template(id: rule.templateID) else {
        throw Problem.notFound(.noSuch(.alertTemplate, id: rule.templateID))
      }
      let bodies = try RuleBodies(connection: connection, viewer: principal)
      let before = try bodies.body(rule, clamped: [])
      let (condition, clamped) = try Self.condition(change, from: rule.condition, template: named.template)
      rule.condition = condition
      if let label = change.label { rule.label = try Self.label(label, default: rule.label) }
      if let enabled = change.enabled { rule.isEnabled = enabled }
      try alerts.update(rule)
      let after = try bodies.body(rule, clamped: clamped)
      try audit.record(
        "alert-rule.update", target: ("alert-rule", id), before: before, after: after, by: principal,
        connection: connection)
      return after
    }
  }

  package func delete(id: String, by principal: Principal) throws {
    try SensorAccess.require(principal, to: "delete alert rules")
    try environment.database.write { connection in
      let alerts = SensorAlertStore(connection)
      guard let rule = try alerts.rule(id: id) else { throw Problem.notFound(.noSuch(.alertRule, id: id)) }
      try alerts.deleteRule(id: id)
      try audit.record(
        "alert-rule.delete", target: ("alert-rule", id), before: ["label": rule.label], by: principal,
        connection: connection)
    }
  }

  /// The caller follows (or stops following) a rule: told on the board, by mail and by push
  /// as their settings say when it fires.
  package func follow(id: String, _ follows: Bool, principal: Principal) throws {
    try environment.database.write { connection in
      let alerts = SensorAlertStore(connection)
      guard try alerts.rule(id: id) != nil else { throw Problem.notFound(.noSuch(.alertRule, id: id)) }
      if follows {
        try alerts.subscribe(principal.employee.id, to: .rule, id: id, at: now)
      } else {
        try alerts.unsubscribe(principal.employee.id, from: .rule, id: id)
      }
    }
  }

  // MARK: - Rules of a rule

  /// The condition a change makes of `current`, within the template's limits: a threshold
  /// or cooldown past them is clamped (and named), anything else out of range refused.
  static func condition(
    _ change: AlertRuleChange, from current: AlertCondition, template: AlertTemplate
  ) throws -> (AlertCondition, clamped: [String]) {
    var validator = Validator()
    var condition = current
    var clamped: [String] = []
    if let text = change.operator {
      let comparison = AlertOperator(rawValue: text)
      validator.require(comparison != nil, "operator", .unknownValue(allowed: AlertOperator.allCases.map(\.rawValue)))
      if let comparison { condition.comparison = comparison }
    }
    if let threshold = change.threshold {
      validator.require(threshold.isFinite, "threshold", .number)
      if threshold.isFinite {
        let result = template.clamp(threshold: threshold)
        condition.threshold = result.value
        if result.wasClamped { clamped.append("threshold") }
      }
    }
    if let forSeconds = change.forSec {
      let range = SensorLimits.forSeconds
      validator.require(range.contains(forSeconds), "forSec", .secondsBetween(range.lowerBound, range.upperBound))
      condition.forSeconds = forSeconds
    }
    if let hysteresis = change.hysteresis {
      let physical = template.kind.physicalRange
      let widest = physical.upperBound - physical.lowerBound
      validator.require(
        hysteresis.isFinite && (0...widest).contains(hysteresis), "hysteresis", .numberBetween(0, widest))
      condition.hysteresis = hysteresis
    }
    if let cooldown = change.cooldownSec {
      let range = SensorLimits.cooldownSeconds
      validator.require(range.contains(cooldown), "cooldownSec", .secondsBetween(range.lowerBound, range.upperBound))
      let result = template.clamp(cooldownSeconds: cooldown)
      condition.cooldownSeconds = result.value
      if result.wasClamped { clamped.append("cooldownSec") }
    }
    try validator.check()
    return (condition, clamped)
  }

  static func label(_ text: String?, default fallback: String) throws -> String {
    guard let text else { return fallback }
    let trimmed = text.trimmingWhitespace
    let range = SensorLimits.labelLength
    guard range.contains(trimmed.count) else {
      throw Problem.invalid(
        ValidationFailure([FieldError(field: "label", rule: .charactersBetween(range.lowerBound, range.upperBound))]))
    }
    return trimmed
  }

  /// What a new rule watches: exactly one of a sensor (which must measure the template's
  /// kind), a room or a building.
  static func scope(
    of body: NewAlertRule, kind: SensorKind, _ connection: any DatabaseConnection
  ) throws -> (SensorAlertStore.Scope, String) {
    let given = [("sensorId", body.sensorId), ("roomId", body.roomId), ("buildingId", body.buildingId)].filter {
      $0.1 != nil
    }
    guard given.count == 1, let (field, value) = given.first, let id = value else {
      let rule: FieldRule =
        given.isEmpty ? .required : .onlyOneOf(["sensorId", "roomId", "buildingId"])
      throw Problem.invalid(ValidationFailure([FieldError(field: given.last?.0 ?? "sensorId", rule: rule)]))
    }
    switch field {
    case "sensorId":
      guard let sensor = try SensorStore(connection).sensor(id: id) else {
        throw Problem.invalid(ValidationFailure([FieldError(field: field, rule: .notA(.sensor))]))
      }
      guard sensor.kinds.contains(kind) else {
        throw Problem.badRequest(.sensor(.sensorDoesNotMeasure(kind: kind.rawValue)))
      }
      return (.sensor, id)
    case "roomId":
      guard try SensorStore(connection).room(id: id) != nil else {
        throw Problem.invalid(ValidationFailure([FieldError(field: field, rule: .notA(.room))]))
      }
      return (.room, id)
    default:
      guard try PresencePlacesStore(connection).building(id: id) != nil else {
        throw Problem.invalid(ValidationFailure([FieldError(field: field, rule: .notA(.building))]))
      }
      return (.building, id)
    }
  }
}

/// Rules as the API shows them, with their scope's name, who follows and what fires: read
/// once per answer.
struct RuleBodies {
  let connection: any DatabaseConnection
  let followed: Set<String>
  let sensors: [String: String]
  let rooms: [String: String]
  let buildings: [String: String]

  init(connection: any DatabaseConnection, viewer: Principal) throws {
    self.connection = connection
    followed = try SensorAlertStore(connection).following(viewer.employee.id).rules
    sensors = Dictionary(uniqueKeysWithValues: try SensorStore(connection).sensors().map { ($0.id, $0.name) })
    rooms = Dictionary(uniqueKeysWithValues: try SensorStore(connection).rooms().map { ($0.id, $0.name) })
    buildings = Dictionary(
      uniqueKeysWithValues: try PresencePlacesStore(connection).buildings().map { ($0.id, $0.name) })
  }

  func body(_ rule: SensorAlertStore.Rule, clamped: [String]) throws -> AlertRuleBody {
    let names = [SensorAlertStore.Scope.sensor: sensors, .room: rooms, .building: buildings][rule.scope] ?? [:]
    let condition = rule.condition
    let firing = try SensorAlertStore(connection).firing(rule: rule.id).sorted { $0.key < $1.key }.map {
      FiringSensor(sensorId: $0.key, since: Instant.text($0.value))
    }
    return AlertRuleBody(
      id: rule.id, templateId: rule.templateID, kind: rule.kind,
      scope: AlertScopeBody(type: rule.scope.rawValue, id: rule.scopeID, name: names[rule.scopeID] ?? ""),
      operator: condition.comparison, threshold: condition.threshold, forSec: condition.forSeconds,
      hysteresis: condition.hysteresis, cooldownSec: condition.cooldownSeconds, label: rule.label,
      enabled: rule.isEnabled, subscribed: followed.contains(rule.id), firing: firing, clamped: clamped)
  }
}

import AtriumAPI
import AtriumDomain
import AtriumSQL
import AtriumStore

/// The kinds of rule admins offer: everyone reads them (the rule editor shows their limits);
/// admins add, change and remove them (checked by the route). A change applies to rules made
/// afterwards; a rule keeps the values it was given.
package struct AlertTemplateService: Sendable {
  package let environment: ServerEnvironment

  package init(environment: ServerEnvironment) {
    self.environment = environment
  }

  private var audit: AuditTrail { AuditTrail(environment: environment) }

  package func templates() throws -> Page<AlertTemplateBody> {
    Page(
      items: try environment.database.read { try AlertTemplateStore($0).templates().map(Self.body) }, nextCursor: nil)
  }

  package func create(_ change: AlertTemplateChange, by principal: Principal) throws -> AlertTemplateBody {
    var validator = Validator()
    for (field, given) in [
      ("name", change.name != nil), ("kind", change.kind != nil), ("operator", change.operator != nil),
      ("defaultThreshold", change.defaultThreshold != nil), ("minThreshold", change.minThreshold != nil),
      ("maxThreshold", change.maxThreshold != nil), ("minCooldownSec", change.minCooldownSec != nil),
      ("defaultForSec", change.defaultForSec != nil),
    ] {
      validator.require(given, field, .required)
    }
    try validator.check()
    let named = try Self.merged(change, into: nil)
    return try environment.database.write { connection in
      let created = AlertTemplateStore.Named(id: environment.makeID(), name: named.name, template: named.template)
      try AlertTemplateStore(connection).insert(created)
      let body = Self.body(created)
      try audit.record(
        "alert-template.create", target: ("alert-template", created.id), after: body, by: principal,
        connection: connection)
      return body
    }
  }

  package func update(id: String, _ change: AlertTemplateChange, by principal: Principal) throws -> AlertTemplateBody {
    try environment.database.write { connection in
      let store = AlertTemplateStore(connection)
      guard let current = try store.template(id: id) else {
        throw Problem.notFound(.noSuch(.alertTemplate, id: id))
      }
      var updated = try Self.merged(change, into: current)
      updated = AlertTemplateStore.Named(id: id, name: updated.name, template: updated.template)
      try store.update(updated)
      let body = Self.body(updated)
      try audit.record(
        "alert-template.update", target: ("alert-template", id), before: Self.body(current), after: body,
        by: principal, connection: connection)
      return body
    }
  }

  package func delete(id: String, by principal: Principal) throws {
    try environment.database.write { connection in
      let store = AlertTemplateStore(connection)
      guard let current = try store.template(id: id) else {
        throw Problem.notFound(.noSuch(.alertTemplate, id: id))
      }
      let rules = try store.ruleCount(templateID: id)
      guard rules == 0 else { throw Problem.conflict(.sensor(.templateInUse(rules: rules))) }
      try store.delete(id: id)
      try audit.record(
        "alert-template.delete", target: ("alert-template", id), before: Self.body(current), by: principal,
        connection: connection)
    }
  }

  /// The template a change makes of `current` (or of nothing, every field given), checked
  /// whole: limits in the kind's physical range, the default between them.
  private static func merged(
    _ change: AlertTemplateChange, into current: AlertTemplateStore.Named?
  ) throws -> AlertTemplateStore.Named {
    var validator = Validator()
    let name = change.name.map { PlaceRules.validName($0, into: &validator) } ?? current?.name ?? ""
    let kind = change.kind.flatMap(SensorKind.init(rawValue:)) ?? current?.template.kind ?? .co2
    if change.kind != nil {
      validator.require(
        SensorKind(rawValue: change.kind ?? "") != nil, "kind",
        .unknownValue(allowed: SensorKind.allCases.map(\.rawValue)))
    }
    let comparison = change.operator.flatMap(AlertOperator.init(rawValue:)) ?? current?.template.comparison ?? .above
    if change.operator != nil {
      validator.require(
        AlertOperator(rawValue: change.operator ?? "") != nil, "operator",
        .unknownValue(allowed: AlertOperator.allCases.map(\.rawValue)))
    }
    let physical = kind.physicalRange
    let low = change.minThreshold ?? current?.template.thresholdRange.lowerBound ?? 0
    let high = change.maxThreshold ?? current?.template.thresholdRange.upperBound ?? 0
    let threshold = change.defaultThreshold ?? current?.template.defaultThreshold ?? 0
    let between = FieldRule.numberBetween(physical.lowerBound, physical.upperBound)
    validator.require(low.isFinite && physical.contains(low), "minThreshold", between)
    validator.require(high.isFinite && physical.contains(high) && high >= low, "maxThreshold", between)
    validator.require(
      threshold.isFinite && threshold >= low && threshold <= high, "defaultThreshold",
      .numberBetween(low, max(low, high)))
    let cooldown = change.minCooldownSec ?? current?.template.minimumCooldownSeconds ?? 0
    let forSeconds = change.defaultForSec ?? current?.template.defaultForSeconds ?? 0
    for (field, value, range) in [
      ("minCooldownSec", cooldown, SensorLimits.cooldownSeconds),
      ("defaultForSec", forSeconds, SensorLimits.forSeconds),
    ] {
      validator.require(range.contains(value), field, .secondsBetween(range.lowerBound, range.upperBound))
    }
    try validator.check()
    return AlertTemplateStore.Named(
      id: current?.id ?? "", name: name,
      template: AlertTemplate(
        kind: kind, comparison: comparison, defaultThreshold: threshold, thresholdRange: low...max(low, high),
        minimumCooldownSeconds: cooldown, defaultForSeconds: forSeconds))
  }

  static func body(_ named: AlertTemplateStore.Named) -> AlertTemplateBody {
    let template = named.template
    return AlertTemplateBody(
      id: named.id, name: named.name, kind: template.kind, operator: template.comparison,
      defaultThreshold: template.defaultThreshold, minThreshold: template.thresholdRange.lowerBound,
      maxThreshold: template.thresholdRange.upperBound, minCooldownSec: template.minimumCooldownSeconds,
      defaultForSec: template.defaultForSeconds)
  }
}

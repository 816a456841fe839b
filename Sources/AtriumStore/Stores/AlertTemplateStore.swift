import AtriumDomain
import AtriumSQL

/// The kinds of rule admins offer (`AlertTemplate`), each with a name people pick it by.
public struct AlertTemplateStore {
  let connection: any DatabaseConnection

  public init(_ connection: any DatabaseConnection) {
    self.connection = connection
  }

  public struct Named: Sendable, Hashable {
    public let id: String
    public var name: String
    public var template: AlertTemplate

    public init(id: String, name: String, template: AlertTemplate) {
      self.id = id
      self.name = name
      self.template = template
    }
  }

  public func insert(_ named: Named) throws {
    let template = named.template
    _ = try connection.execute(
      """
      INSERT INTO alert_templates (id, name, kind, comparison, default_threshold, min_threshold, max_threshold,
        min_cooldown_seconds, default_for_seconds) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
      """, .text(named.id), .text(named.name), .text(template.kind.rawValue), .text(template.comparison.rawValue),
      .real(template.defaultThreshold), .real(template.thresholdRange.lowerBound),
      .real(template.thresholdRange.upperBound), .integer(Int64(template.minimumCooldownSeconds)),
      .integer(Int64(template.defaultForSeconds)))
  }

  public func update(_ named: Named) throws {
    let template = named.template
    _ = try connection.execute(
      """
      UPDATE alert_templates SET name = ?, kind = ?, comparison = ?, default_threshold = ?, min_threshold = ?,
        max_threshold = ?, min_cooldown_seconds = ?, default_for_seconds = ? WHERE id = ?
      """, .text(named.name), .text(template.kind.rawValue), .text(template.comparison.rawValue),
      .real(template.defaultThreshold), .real(template.thresholdRange.lowerBound),
      .real(template.thresholdRange.upperBound), .integer(Int64(template.minimumCooldownSeconds)),
      .integer(Int64(template.defaultForSeconds)), .text(named.id))
  }

  public func delete(id: String) throws {
    _ = try connection.execute("DELETE FROM alert_templates WHERE id = ?", .text(id))
  }

  /// Every template, by name.
  public func templates() throws -> [Named] {
    try connection.query("SELECT * FROM alert_templates ORDER BY name, id").compactMap(Self.named)
  }

  public func template(id: String) throws -> Named? {
    try connection.queryFirst("SELECT * FROM alert_templates WHERE id = ?", .text(id)).flatMap(Self.named)
  }

  /// How many rules were made from the template (a template in use is not deleted).
  public func ruleCount(templateID: String) throws -> Int {
    try connection.queryFirst("SELECT COUNT(*) AS n FROM alert_rules WHERE template_id = ?", .text(templateID))?.int(
      "n") ?? 0
  }

  static func named(_ row: DatabaseRow) -> Named? {
    guard let kind = SensorKind(rawValue: row.string("kind")),
      let comparison = AlertOperator(rawValue: row.string("comparison"))
    else { return nil }
    let low = row.double("min_threshold")
    let high = max(low, row.double("max_threshold"))
    return Named(
      id: row.string("id"), name: row.string("name"),
      template: AlertTemplate(
        kind: kind, comparison: comparison, defaultThreshold: row.double("default_threshold"),
        thresholdRange: low...high, minimumCooldownSeconds: row.int("min_cooldown_seconds"),
        defaultForSeconds: row.int("default_for_seconds")))
  }
}

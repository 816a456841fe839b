import AtriumDomain

/// One admin change in the audit log.
public struct AuditEntry: Codable, Hashable, Sendable {
  public var id: String
  public var actor: PersonName
  /// RFC 3339, UTC.
  public var at: String
  /// e.g. `person.update`, `holiday.create`, `policy.update`.
  public var action: String
  public var targetType: String
  public var targetId: String
  /// The target before, as JSON text (absent when it was created).
  public var before: String?
  /// The target after, as JSON text (absent when it was removed).
  public var after: String?

  public init(
    id: String, actor: PersonName, at: String, action: String, targetType: String, targetId: String, before: String?,
    after: String?
  ) {
    self.id = id
    self.actor = actor
    self.at = at
    self.action = action
    self.targetType = targetType
    self.targetId = targetId
    self.before = before
    self.after = after
  }
}

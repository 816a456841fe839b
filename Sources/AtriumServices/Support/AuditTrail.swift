import AtriumAPI
import AtriumDomain
import AtriumSQL
import AtriumStore

/// Records admin changes in the audit log, in the same transaction as the change.
package struct AuditTrail: Sendable {
  package init(environment: ServerEnvironment) {
    self.environment = environment
  }

  package let environment: ServerEnvironment

  /// - Parameters:
  ///   - action: What was done, e.g. `person.update`, `holiday.delete`.
  ///   - before: The target as it was (nil when it did not exist).
  ///   - after: The target as it is now (nil when it was removed). Never pass secrets.
  package func record(
    _ action: String, target: (type: String, id: String), before: (any Encodable)? = nil,
    after: (any Encodable)? = nil, by principal: Principal, connection: any DatabaseConnection
  ) throws {
    try AuditStore(connection).append(
      .init(
        id: environment.makeID(), actorID: principal.employee.id, actorName: principal.employee.displayName,
        at: environment.now().milliseconds, action: action, targetType: target.type, targetID: target.id,
        before: try before.map(Self.json), after: try after.map(Self.json)))
  }

  /// The log, newest first (admins only).
  /// Which entries a reader wants (a person, an action, days).
  package typealias Filter = AuditStore.Filter

  /// The id of the person with `username`, for a filter; nil when there is nobody by it.
  package func personID(username: String) throws -> String? {
    try environment.database.read {
      try PeopleStore($0).employee(username: Credentials.normalizedUsername(username))?.id
    }
  }

  package func page(
    _ page: PageRequest, filter: Filter = Filter(), principal: Principal
  ) throws -> Page<AuditEntry> {
    try requireAdmin(principal, to: "read the audit log")
    return try environment.database.read { connection in
      let result = try AuditStore(connection).page(limit: page.limit, after: page.cursor, filter: filter)
      return Page(
        items: result.items.map {
          AuditEntry(
            id: $0.id, actor: PersonName(id: $0.actorID ?? "", displayName: $0.actorName), at: Instant.text($0.at),
            action: $0.action, targetType: $0.targetType, targetId: $0.targetID, before: $0.before, after: $0.after)
        }, nextCursor: result.nextCursor)
    }
  }

  private static func json(_ value: any Encodable) throws -> String {
    String(decoding: try StreamingJSONEncoder().encode(value), as: UTF8.self)
  }
}

import AtriumSQL

/// The audit log: one append-only row per admin change, with the state before and after as
/// JSON text. Ordered by an increasing sequence number, so pages never skip or repeat rows.
public struct AuditStore {
  let connection: any DatabaseConnection

  public init(_ connection: any DatabaseConnection) {
    self.connection = connection
  }

  public struct Entry: Sendable, Hashable {
    public let id: String
    public let actorID: String?
    public let actorName: String
    public let at: Int64
    public let action: String
    public let targetType: String
    public let targetID: String
    public let before: String?
    public let after: String?

    public init(
      id: String, actorID: String?, actorName: String, at: Int64, action: String, targetType: String, targetID: String,
      before: String?, after: String?
    ) {
      self.id = id
      self.actorID = actorID
      self.actorName = actorName
      self.at = at
      self.action = action
      self.targetType = targetType
      self.targetID = targetID
      self.before = before
      self.after = after
    }
  }

  public func append(_ entry: Entry) throws {
    try connection.execute(
      """
      INSERT INTO audit_log (id, actor_id, actor_name, at, action, target_type, target_id, before, after)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        .text(entry.id), DatabaseValue(entry.actorID), .text(entry.actorName), .integer(entry.at), .text(entry.action),
        .text(entry.targetType), .text(entry.targetID), DatabaseValue(entry.before), DatabaseValue(entry.after),
      ])
  }

  /// Which entries a reader wants: about a person (who acted, or whom it was done to), of one
  /// kind of action, within a span of time.
  public struct Filter: Hashable, Sendable {
    public var personID: String?
    /// An action (`person.update`) or a kind of target (`person.`).
    public var action: String?
    /// Milliseconds since 1970, both included.
    public var from: Int64?
    public var to: Int64?

    public init(personID: String? = nil, action: String? = nil, from: Int64? = nil, to: Int64? = nil) {
      self.personID = personID
      self.action = action
      self.from = from
      self.to = to
    }
  }

  /// One page, newest first.
  /// - Throws: `InvalidCursor` for a cursor this list did not make.
  public func page(
    limit: Int, after cursor: String?, filter: Filter = Filter()
  ) throws -> (items: [Entry], nextCursor: String?) {
    var conditions: [String] = []
    var arguments: [DatabaseValue] = []
    if let cursor {
      guard let key = Cursor.decode(cursor, count: 1), let seq = Int64(key[0]) else { throw InvalidCursor() }
      conditions.append("seq < ?")
      arguments.append(.integer(seq))
    }
    if let person = filter.personID {
      conditions.append("(actor_id = ? OR target_id = ?)")
      arguments += [.text(person), .text(person)]
    }
    if let action = filter.action {
      if action.hasSuffix(".") {
        conditions.append("substr(action, 1, CAST(? AS INTEGER)) = ?")
        arguments += [.integer(Int64(action.count)), .text(action)]
      } else {
        conditions.append("action = ?")
        arguments.append(.text(action))
      }
    }
    if let from = filter.from {
      conditions.append("at >= ?")
      arguments.append(.integer(from))
    }
    if let to = filter.to {
      conditions.append("at <= ?")
      arguments.append(.integer(to))
    }
    var sql = "SELECT * FROM audit_log"
    if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
    sql += " ORDER BY seq DESC LIMIT ?"
    arguments.append(.integer(Int64(limit + 1)))
    let rows = try connection.query(sql, arguments)
    let page = rows.prefix(limit)
    let next = rows.count > limit ? page.last.map { Cursor.encode([String($0.int("seq"))]) } : nil
    return (
      page.map {
        Entry(
          id: $0.string("id"), actorID: $0.optionalString("actor_id"), actorName: $0.string("actor_name"),
          at: Int64($0.int("at")), action: $0.string("action"), targetType: $0.string("target_type"),
          targetID: $0.string("target_id"), before: $0.optionalString("before"), after: $0.optionalString("after"))
      }, next
    )
  }
}

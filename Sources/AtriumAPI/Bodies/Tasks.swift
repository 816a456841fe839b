import AtriumDomain
import Foundation

/// A task on the wire.
public struct TaskBody: Codable, Hashable, Sendable {
  public var id: String
  public var title: String
  public var notes: String
  public var done: Bool
  /// `YYYY-MM-DD`, or null.
  public var due: String?
  public var owner: PersonName
  public var createdBy: PersonName
  /// The manager or admin who gave it, or null.
  public var assignedBy: PersonName?
  public var createdAt: String
  public var updatedAt: String
  public var version: Int
  public var deleted: Bool
  public var conflicts: [TaskConflictBody]

  public init(
    id: String, title: String, notes: String, done: Bool, due: String?, owner: PersonName, createdBy: PersonName,
    assignedBy: PersonName?, createdAt: String, updatedAt: String, version: Int, deleted: Bool,
    conflicts: [TaskConflictBody]
  ) {
    self.id = id
    self.title = title
    self.notes = notes
    self.done = done
    self.due = due
    self.owner = owner
    self.createdBy = createdBy
    self.assignedBy = assignedBy
    self.createdAt = createdAt
    self.updatedAt = updatedAt
    self.version = version
    self.deleted = deleted
    self.conflicts = conflicts
  }

  /// Always sends `due` and `assignedBy`, null included, so every client reads one shape.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(title, forKey: .title)
    try container.encode(notes, forKey: .notes)
    try container.encode(done, forKey: .done)
    try container.encode(due, forKey: .due)
    try container.encode(owner, forKey: .owner)
    try container.encode(createdBy, forKey: .createdBy)
    try container.encode(assignedBy, forKey: .assignedBy)
    try container.encode(createdAt, forKey: .createdAt)
    try container.encode(updatedAt, forKey: .updatedAt)
    try container.encode(version, forKey: .version)
    try container.encode(deleted, forKey: .deleted)
    try container.encode(conflicts, forKey: .conflicts)
  }
}

/// A field where a device's edit met another change: the server kept `theirs`.
public struct TaskConflictBody: Codable, Hashable, Sendable {
  public var field: String
  public var yours: TaskJSON
  public var theirs: TaskJSON
  public var opId: String

  public init(field: String, yours: TaskJSON, theirs: TaskJSON, opId: String) {
    self.field = field
    self.yours = yours
    self.theirs = theirs
    self.opId = opId
  }
}

/// `POST /api/v1/tasks/ops`: operations, applied in order, each on its own.
public struct TaskOpsBody: Decodable, Sendable {
  public var ops: [TaskOpBody]
}

/// One operation as sent. It always decodes: what is wrong with it (an unknown kind or field,
/// a malformed id) is kept in `parsed` and refuses this operation only.
public struct TaskOpBody: Decodable, Sendable {
  public let opId: String?
  public let parsed: Result<TaskOperation, FieldError>

  private struct Change: Decodable {
    let base: TaskJSON
    let new: TaskJSON
  }

  public init(from decoder: any Decoder) throws {
    guard let container = try? decoder.container(keyedBy: AnyKey.self) else {
      opId = nil
      parsed = .failure(FieldError(field: "ops", rule: .wrongType(expected: "object")))
      return
    }
    let opId = try? container.decode(String.self, forKey: AnyKey(stringValue: "opId"))
    self.opId = opId
    parsed = Result { try Self.operation(container, opId: opId) }.mapError {
      $0 as? FieldError ?? FieldError(field: "ops", rule: .notValidJSON)
    }
  }

  private static func operation(_ container: KeyedDecodingContainer<AnyKey>, opId: String?) throws -> TaskOperation {
    let allowed: Set<String> = ["opId", "taskId", "kind", "fields", "baseVersion"]
    if let unknown = container.allKeys.map(\.stringValue).first(where: { !allowed.contains($0) }) {
      throw FieldError(field: unknown, rule: .unknownValue(allowed: allowed.sorted()))
    }
    guard let opId, TaskIdentifiers.isUUID(opId) else { throw FieldError(field: "opId", rule: .uuid) }
    guard let taskId = try? container.decode(String.self, forKey: AnyKey(stringValue: "taskId")),
      TaskIdentifiers.isUUID(taskId)
    else { throw FieldError(field: "taskId", rule: .uuid) }
    let kinds = ["create", "patch", "delete", "restore"]
    let kind = try? container.decode(String.self, forKey: AnyKey(stringValue: "kind"))
    let fieldsKey = AnyKey(stringValue: "fields")
    switch kind {
    case "create":
      let raw = (try? container.decode([String: TaskJSON].self, forKey: fieldsKey)) ?? [:]
      var fields = TaskFields(title: "")
      for (name, json) in raw {
        guard let field = TaskField(rawValue: name), TaskField.editable.contains(field),
          let value = TaskValue(json: json, for: field)
        else { throw FieldError(field: "fields.\(name)", rule: .unknownValue(allowed: editableNames)) }
        guard fields.set(field, to: value) else {
          throw FieldError(field: "fields.\(name)", rule: TaskFields.brokenRule(field, value) ?? .notValidJSON)
        }
      }
      return TaskOperation(opID: opId.lowercased(), taskID: taskId.lowercased(), kind: .create(fields))
    case "patch":
      guard let raw = try? container.decode([String: Change].self, forKey: fieldsKey) else {
        throw FieldError(field: "fields", rule: .wrongType(expected: "object of {base, new}"))
      }
      var changes: [TaskField: TaskOperation.FieldChange] = [:]
      for (name, change) in raw {
        guard let field = TaskField(rawValue: name), TaskField.editable.contains(field),
          let base = TaskValue(json: change.base, for: field), let new = TaskValue(json: change.new, for: field)
        else { throw FieldError(field: "fields.\(name)", rule: .unknownValue(allowed: editableNames)) }
        changes[field] = TaskOperation.FieldChange(base: base, new: new)
      }
      return TaskOperation(opID: opId.lowercased(), taskID: taskId.lowercased(), kind: .patch(changes))
    case "delete":
      guard let version = try? container.decode(Int.self, forKey: AnyKey(stringValue: "baseVersion")), version >= 0
      else {
        throw FieldError(field: "baseVersion", rule: .number)
      }
      return TaskOperation(opID: opId.lowercased(), taskID: taskId.lowercased(), kind: .delete(baseVersion: version))
    case "restore":
      return TaskOperation(opID: opId.lowercased(), taskID: taskId.lowercased(), kind: .restore)
    default:
      throw FieldError(field: "kind", rule: .unknownValue(allowed: kinds))
    }
  }

  private static let editableNames = TaskField.editable.map(\.rawValue)
}

/// What became of one operation.
public struct TaskOpResult: Codable, Hashable, Sendable {
  /// `applied`, `duplicate` (sent before: the first answer's task), `noop`, `conflict` or
  /// `refused`.
  public var opId: String?
  public var status: String
  public var task: TaskBody?
  public var error: TaskOpError?

  public init(opId: String?, status: String, task: TaskBody? = nil, error: TaskOpError? = nil) {
    self.opId = opId
    self.status = status
    self.task = task
    self.error = error
  }
}

/// Why an operation was refused: the status a single request would have had, the field when
/// one is at fault, and the reason in the reader's language.
public struct TaskOpError: Codable, Hashable, Sendable {
  public var status: Int
  public var field: String?
  public var message: String

  public init(status: Int, field: String?, message: String) {
    self.status = status
    self.field = field
    self.message = message
  }
}

public struct TaskOpResults: Codable, Hashable, Sendable {
  public var results: [TaskOpResult]

  public init(results: [TaskOpResult]) {
    self.results = results
  }
}

/// `GET /api/v1/tasks`: a page of the snapshot, and where the change feed stood when it was
/// read, so a client follows the feed from there without missing or replaying a change.
public struct TaskSnapshot: Codable, Hashable, Sendable {
  public var items: [TaskBody]
  public var nextCursor: String?
  /// The feed's cursor at this page: the first page's is where to follow from.
  public var feedCursor: String

  public init(items: [TaskBody], nextCursor: String?, feedCursor: String) {
    self.items = items
    self.nextCursor = nextCursor
    self.feedCursor = feedCursor
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(items, forKey: .items)
    try container.encode(nextCursor, forKey: .nextCursor)
    try container.encode(feedCursor, forKey: .feedCursor)
  }
}

/// A change in a reader's feed: its number and the task as it is now (a tombstone when deleted).
public struct TaskChange: Codable, Hashable, Sendable {
  public var seq: Int64
  public var task: TaskBody

  public init(seq: Int64, task: TaskBody) {
    self.seq = seq
    self.task = task
  }
}

/// `GET /api/v1/tasks/changes`: changes after the cursor, oldest first.
public struct TaskChanges: Codable, Hashable, Sendable {
  public var items: [TaskChange]
  /// The cursor to send next time: the last change's number (the same one when nothing is new).
  public var nextCursor: String
  /// Whether more changes wait past this page.
  public var hasMore: Bool

  public init(items: [TaskChange], nextCursor: String, hasMore: Bool) {
    self.items = items
    self.nextCursor = nextCursor
    self.hasMore = hasMore
  }
}

/// `POST /api/v1/tasks/{id}/resolve`: keep `yours`, keep `theirs`, or write `value`.
public struct TaskResolution: Codable, Hashable, Sendable {
  public var field: String
  public var choice: String
  public var value: TaskJSON?

  public init(field: String, choice: String, value: TaskJSON? = nil) {
    self.field = field
    self.choice = choice
    self.value = value
  }
}

/// Ids the devices make: UUIDs in their text form.
public enum TaskIdentifiers {
  public static func isUUID(_ text: String) -> Bool { UUID(uuidString: text) != nil }
}

/// `PATCH /api/v1/tasks/{id}`: the fields to change, each its new value (`due` may be null).
public struct TaskChangeBody: Decodable, Sendable {
  public var fields: [String: TaskJSON]

  public init(fields: [String: TaskJSON]) {
    self.fields = fields
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: AnyKey.self)
    var fields: [String: TaskJSON] = [:]
    for key in container.allKeys { fields[key.stringValue] = try container.decode(TaskJSON.self, forKey: key) }
    self.fields = fields
  }
}

/// `POST /api/v1/people/{id}/tasks`: a task given to someone.
public struct NewAssignedTask: Codable, Hashable, Sendable {
  public var title: String
  public var notes: String?
  /// `YYYY-MM-DD`.
  public var due: String?

  public init(title: String, notes: String? = nil, due: String? = nil) {
    self.title = title
    self.notes = notes
    self.due = due
  }
}

/// An operation as a client sends it: the wire shape `TaskOpBody` reads.
public struct TaskOpWire: Encodable, Sendable {
  public let operation: TaskOperation

  public init(_ operation: TaskOperation) {
    self.operation = operation
  }

  private struct Change: Encodable {
    let base: TaskJSON
    let new: TaskJSON
  }

  private enum Keys: String, CodingKey {
    case opId, taskId, kind, fields, baseVersion
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    try container.encode(operation.opID, forKey: .opId)
    try container.encode(operation.taskID, forKey: .taskId)
    switch operation.kind {
    case .create(let fields):
      try container.encode("create", forKey: .kind)
      let values = Dictionary(uniqueKeysWithValues: TaskField.editable.map { ($0.rawValue, fields[$0].json) })
      try container.encode(values, forKey: .fields)
    case .patch(let changes):
      try container.encode("patch", forKey: .kind)
      let values = Dictionary(
        uniqueKeysWithValues: changes.map {
          ($0.key.rawValue, Change(base: $0.value.base.json, new: $0.value.new.json))
        })
      try container.encode(values, forKey: .fields)
    case .delete(let version):
      try container.encode("delete", forKey: .kind)
      try container.encode(version, forKey: .baseVersion)
    case .restore:
      try container.encode("restore", forKey: .kind)
    }
  }
}

/// `POST /api/v1/tasks/ops` as a client sends it.
public struct TaskOpsRequest: Encodable, Sendable {
  public let ops: [TaskOpWire]

  public init(_ operations: [TaskOperation]) {
    self.ops = operations.map(TaskOpWire.init)
  }
}

/// A JSON object's key, whatever it is: for bodies that read every key they are sent, so an
/// unknown one is named instead of ignored.
struct AnyKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

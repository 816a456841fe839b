/// A to-do's fields as the sync protocol names them: the ones a client may change.
public enum TaskField: String, Sendable, Hashable, CaseIterable, Codable, Comparable {
  case title, notes, done, due
  /// Not a field of the task: whether it is deleted. A conflict on it is a delete that met an
  /// edit, or an edit that met a delete, and resolving it keeps or restores the task.
  case deleted

  public static func < (lhs: Self, rhs: Self) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }

  /// The fields a `create` or a `patch` may carry.
  public static let editable: [TaskField] = [.title, .notes, .done, .due]
}

/// One field's value, as the wire carries it: text, a flag, a date or null (a due date left out).
public enum TaskValue: Sendable, Hashable {
  case text(String)
  case flag(Bool)
  case date(CalendarDate)
  case null
}

/// The four fields of a task, with their limits.
public struct TaskFields: Sendable, Hashable, Codable {
  public var title: String
  public var notes: String
  public var done: Bool
  public var due: CalendarDate?

  public static let titleLimit = 500
  public static let notesLimit = 10_000

  public init(title: String, notes: String = "", done: Bool = false, due: CalendarDate? = nil) {
    self.title = title
    self.notes = notes
    self.done = done
    self.due = due
  }

  public subscript(field: TaskField) -> TaskValue {
    switch field {
    case .title: .text(title)
    case .notes: .text(notes)
    case .done: .flag(done)
    case .due: due.map(TaskValue.date) ?? .null
    case .deleted: .null
    }
  }

  /// Sets a field to a value of its kind; false (nothing changed) for a value of another kind.
  @discardableResult
  public mutating func set(_ field: TaskField, to value: TaskValue) -> Bool {
    switch (field, value) {
    case (.title, .text(let text)): title = text
    case (.notes, .text(let text)): notes = text
    case (.done, .flag(let flag)): done = flag
    case (.due, .date(let date)): due = date
    case (.due, .null): due = nil
    default: return false
    }
    return true
  }

  /// The rule a value breaks for a field, or nil when it may be stored.
  public static func brokenRule(_ field: TaskField, _ value: TaskValue) -> FieldRule? {
    switch (field, value) {
    case (.title, .text(let text)):
      let trimmed = text.trimmingWhitespace
      if trimmed.isEmpty { return .required }
      if trimmed.count > titleLimit { return .charactersBetween(1, titleLimit) }
      return TextRules.hasControlCharacters(text) ? .controlCharacters : nil
    case (.notes, .text(let text)):
      if text.count > notesLimit { return .atMostCharacters(notesLimit) }
      return TextRules.hasControlCharacters(text) ? .controlCharacters : nil
    case (.done, .flag), (.due, .date), (.due, .null): return nil
    case (.title, _), (.notes, _): return .wrongType(expected: "string")
    case (.done, _): return .wrongType(expected: "boolean")
    case (.due, _): return .date
    case (.deleted, _): return .unknownValue(allowed: TaskField.editable.map(\.rawValue))
    }
  }
}

/// A field on which a device's edit met a different change: the server kept `theirs` and
/// recorded `yours` (the device's), until the owner chooses.
public struct TaskConflict: Sendable, Hashable {
  public let field: TaskField
  public let yours: TaskValue
  public let theirs: TaskValue
  /// The operation that brought `yours`.
  public let opID: String

  public init(field: TaskField, yours: TaskValue, theirs: TaskValue, opID: String) {
    self.field = field
    self.yours = yours
    self.theirs = theirs
    self.opID = opID
  }
}

/// A task as the server keeps it, tombstone and conflicts included.
public struct TaskState: Sendable, Hashable {
  public let id: String
  public var fields: TaskFields
  public let ownerID: String
  public let createdByID: String
  /// The manager or admin who gave it; they keep seeing it and may edit all but `done`.
  public let assignedByID: String?
  /// Grows by one with every applied change; a delete names the version its device saw.
  public var version: Int
  public var isDeleted: Bool
  /// One per field at most, the newest kept.
  public var conflicts: [TaskConflict]

  public init(
    id: String, fields: TaskFields, ownerID: String, createdByID: String, assignedByID: String? = nil,
    version: Int = 1, isDeleted: Bool = false, conflicts: [TaskConflict] = []
  ) {
    self.id = id
    self.fields = fields
    self.ownerID = ownerID
    self.createdByID = createdByID
    self.assignedByID = assignedByID
    self.version = version
    self.isDeleted = isDeleted
    self.conflicts = conflicts
  }

  /// Records a conflict, replacing an older one on the same field.
  mutating func record(_ conflict: TaskConflict) {
    conflicts.removeAll { $0.field == conflict.field }
    conflicts.append(conflict)
    conflicts.sort { $0.field < $1.field }
  }
}

/// A JSON value as a task's field may come in a body or be kept: what the protocol's values
/// are made of, and anything else recognised as such so it can be refused by name.
public enum TaskJSON: Codable, Sendable, Hashable {
  case string(String)
  case bool(Bool)
  case null
  /// A number, an object or an array: never a task's value.
  case other

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let flag = try? container.decode(Bool.self) {
      self = .bool(flag)
    } else if let text = try? container.decode(String.self) {
      self = .string(text)
    } else {
      self = .other
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .string(let text): try container.encode(text)
    case .bool(let flag): try container.encode(flag)
    case .null, .other: try container.encodeNil()
    }
  }
}

extension TaskValue {
  /// The value as JSON holds it: a date as `YYYY-MM-DD`.
  public var json: TaskJSON {
    switch self {
    case .text(let text): .string(text)
    case .flag(let flag): .bool(flag)
    case .date(let date): .string(date.description)
    case .null: .null
    }
  }

  /// A value read from JSON for `field` (a date field reads `YYYY-MM-DD` as a date); nil for
  /// what is never a value. A value of the wrong kind for the field is kept as it is, for
  /// `TaskFields.brokenRule` to name.
  public init?(json: TaskJSON, for field: TaskField) {
    switch json {
    case .null: self = .null
    case .bool(let flag): self = .flag(flag)
    case .string(let text):
      if field == .due, let date = CalendarDate(text) { self = .date(date) } else { self = .text(text) }
    case .other: return nil
    }
  }
}

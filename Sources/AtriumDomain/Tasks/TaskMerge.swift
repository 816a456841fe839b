/// One operation a device sends: made offline or online, sent once or retried (its `opID`
/// makes a retry answer what the first try did, on the server).
public struct TaskOperation: Sendable, Hashable {
  public enum Kind: Sendable, Hashable {
    /// A new task, with the id its device made (so an offline create needs no round trip).
    case create(TaskFields)
    /// Only the fields changed, each with the value the device last saw and its new one.
    case patch([TaskField: FieldChange])
    /// A delete by a device that last saw `baseVersion`.
    case delete(baseVersion: Int)
    case restore
  }

  /// A field's change as the device made it.
  public struct FieldChange: Sendable, Hashable {
    public let base: TaskValue
    public let new: TaskValue

    public init(base: TaskValue, new: TaskValue) {
      self.base = base
      self.new = new
    }
  }

  public let opID: String
  public let taskID: String
  public let kind: Kind

  public init(opID: String, taskID: String, kind: Kind) {
    self.opID = opID
    self.taskID = taskID
    self.kind = kind
  }
}

/// What an operation did.
public enum TaskOutcome: Sendable, Hashable {
  case applied(TaskState)
  /// Nothing to do: the task already says what the operation asks.
  case noop(TaskState)
  /// Some or all of it met a different change: the task carries the conflicts (and the fields
  /// that merged are applied).
  case conflict(TaskState)
  case refused(TaskRefusal)
}

/// Why an operation was refused; it changed nothing.
public enum TaskRefusal: Error, Sendable, Hashable {
  /// No such task, or not the caller's (the two answer alike).
  case notFound
  /// Someone else's task already has this id.
  case idInUse
  /// Only the person whose list it is marks a task done, or resolves its conflicts.
  case onlyTheOwner
  case noConflictOn(TaskField)
  case invalid(field: String, rule: FieldRule)
}

/// The sync protocol's rules, decided on the server, never from a device's clock: a per-field
/// three-way merge (the server's value equal to the device's `base` → the new value; equal to
/// the new value → nothing to do; anything else → a conflict that keeps the server's value and
/// records the device's), and deletes that never lose an edit the deleting device had not seen.
public enum TaskMerge {
  /// Who may touch a task: its owner, and the manager or admin who gave it (all but `done`).
  public static func mayAccess(_ task: TaskState, actor: String) -> Bool {
    task.ownerID == actor || task.assignedByID == actor
  }

  /// Applies `operation` to the server's copy (`current`: nil when there is none).
  /// - Parameter newTask: The owner, creator and assigner a `create` makes the task with.
  public static func apply(
    _ operation: TaskOperation, to current: TaskState?, actor: String,
    newTask: (owner: String, assignedBy: String?)? = nil
  ) -> TaskOutcome {
    let visible = current.flatMap { mayAccess($0, actor: actor) ? $0 : nil }
    switch operation.kind {
    case .create(let fields):
      if current != nil, visible == nil { return .refused(.idInUse) }
      return create(fields, operation, existing: visible, actor: actor, newTask: newTask)
    case .patch(let changes):
      guard var task = visible else { return .refused(.notFound) }
      return patch(&task, changes, operation, actor: actor)
    case .delete(let baseVersion):
      guard var task = visible else { return .refused(.notFound) }
      if task.isDeleted { return .noop(task) }
      if baseVersion < task.version {
        // Edited since the deleting device looked: the person sees the last state first.
        task.record(TaskConflict(field: .deleted, yours: .flag(true), theirs: .flag(false), opID: operation.opID))
        task.version += 1
        return .conflict(task)
      }
      task.isDeleted = true
      task.conflicts = []
      task.version += 1
      return .applied(task)
    case .restore:
      guard var task = visible else { return .refused(.notFound) }
      guard task.isDeleted else { return .noop(task) }
      task.isDeleted = false
      task.conflicts.removeAll { $0.field == .deleted }
      task.version += 1
      return .applied(task)
    }
  }

  /// The owner settles a conflict: keeps `yours` (the device's value: for `deleted`, the
  /// delete or the restore it asked), keeps `theirs`, or writes a new value.
  public enum Choice: Sendable, Hashable {
    case yours, theirs
    case value(TaskValue)
  }

  public static func resolve(_ current: TaskState?, field: TaskField, choice: Choice, actor: String) -> TaskOutcome {
    guard var task = current, mayAccess(task, actor: actor) else { return .refused(.notFound) }
    guard task.ownerID == actor else { return .refused(.onlyTheOwner) }
    guard let conflict = task.conflicts.first(where: { $0.field == field }) else {
      return .refused(.noConflictOn(field))
    }
    let chosen: TaskValue? =
      switch choice {
      case .yours: conflict.yours
      case .theirs: nil
      case .value(let value): value
      }
    if let chosen {
      if field == .deleted {
        guard case .flag(let deleted) = chosen else {
          return .refused(.invalid(field: "value", rule: .wrongType(expected: "boolean")))
        }
        task.isDeleted = deleted
      } else {
        if let rule = TaskFields.brokenRule(field, chosen) { return .refused(.invalid(field: "value", rule: rule)) }
        task.fields.set(field, to: chosen)
      }
    }
    task.conflicts.removeAll { $0.field == field }
    task.version += 1
    return .applied(task)
  }

  // MARK: - Steps

  private static func create(
    _ fields: TaskFields, _ operation: TaskOperation, existing: TaskState?, actor: String,
    newTask: (owner: String, assignedBy: String?)?
  ) -> TaskOutcome {
    for field in TaskField.editable {
      if let rule = TaskFields.brokenRule(field, fields[field]) {
        return .refused(.invalid(field: "fields.\(field.rawValue)", rule: rule))
      }
    }
    guard var task = existing else {
      let made = newTask ?? (owner: actor, assignedBy: nil)
      return .applied(
        TaskState(
          id: operation.taskID, fields: fields, ownerID: made.owner, createdByID: actor,
          assignedByID: made.assignedBy))
    }
    // The same task created again (imported twice, or a copy kept on a device): nothing when
    // it says the same; otherwise each difference is the person's to choose.
    var changed = false
    for field in TaskField.editable where fields[field] != task.fields[field] {
      task.record(TaskConflict(field: field, yours: fields[field], theirs: task.fields[field], opID: operation.opID))
      changed = true
    }
    if task.isDeleted {
      task.record(TaskConflict(field: .deleted, yours: .flag(false), theirs: .flag(true), opID: operation.opID))
      changed = true
    }
    guard changed else { return .noop(task) }
    task.version += 1
    return .conflict(task)
  }

  private static func patch(
    _ task: inout TaskState, _ changes: [TaskField: TaskOperation.FieldChange], _ operation: TaskOperation,
    actor: String
  ) -> TaskOutcome {
    guard !changes.isEmpty else { return .refused(.invalid(field: "fields", rule: .notEmpty)) }
    for (field, change) in changes.sorted(by: { $0.key < $1.key }) {
      guard TaskField.editable.contains(field) else {
        return .refused(.invalid(field: "fields", rule: .unknownValue(allowed: TaskField.editable.map(\.rawValue))))
      }
      if let rule = TaskFields.brokenRule(field, change.new) {
        return .refused(.invalid(field: "fields.\(field.rawValue).new", rule: rule))
      }
    }
    if changes[.done] != nil, task.ownerID != actor { return .refused(.onlyTheOwner) }
    if task.isDeleted {
      // An edit to a deleted task: the person may restore it with the edit.
      for (field, change) in changes {
        task.record(TaskConflict(field: field, yours: change.new, theirs: task.fields[field], opID: operation.opID))
      }
      task.record(TaskConflict(field: .deleted, yours: .flag(false), theirs: .flag(true), opID: operation.opID))
      task.version += 1
      return .conflict(task)
    }
    var applied = false
    var conflicted = false
    for (field, change) in changes.sorted(by: { $0.key < $1.key }) {
      let server = task.fields[field]
      if server == change.new { continue }
      if server == change.base {
        task.fields.set(field, to: change.new)
        // The owner's own edit of a field settles its conflict: they chose by editing.
        if task.ownerID == actor { task.conflicts.removeAll { $0.field == field } }
        applied = true
      } else {
        task.record(TaskConflict(field: field, yours: change.new, theirs: server, opID: operation.opID))
        conflicted = true
      }
    }
    guard applied || conflicted else { return .noop(task) }
    task.version += 1
    return conflicted ? .conflict(task) : .applied(task)
  }
}

import AtriumAPI
import AtriumDomain
import AtriumMessages
import AtriumSQL
import AtriumStore
import Foundation

/// Tasks and their sync protocol, decided here (`TaskMerge`): a batch of operations applied
/// one by one, each in its own transaction and at most once (`opId`), a change feed per
/// reader numbered in commit order, snapshots, and conflicts the owner settles.
package struct TaskService: Sendable {
  package init(environment: ServerEnvironment) {
    self.environment = environment
  }

  package let environment: ServerEnvironment

  /// How long tombstones, feed entries and answered operations are kept, in days.
  package static let retentionDays = 90

  package func apply(_ batch: TaskOpsBody, principal: Principal, language: Language) throws -> TaskOpResults {
    guard batch.ops.count <= Route.Tasks.batchLimit else {
      throw Problem.invalid(
        ValidationFailure([FieldError(field: "ops", rule: .wholeNumberBetween(0, Route.Tasks.batchLimit))]))
    }
    var sight = TaskBatchSight()
    var results: [TaskOpResult] = []
    for body in batch.ops {
      switch body.parsed {
      case .failure(let error):
        results.append(
          TaskOpResult(
            opId: body.opId, status: "refused",
            error: TaskOpError(status: 400, field: error.field, message: error.worded(in: language).message)))
      case .success(let operation):
        // A delete counts the batch's own edits before it as seen (`TaskBatchSight`).
        let (result, applied) = try apply(sight.seen(operation), principal: principal, language: language)
        sight.note(operation, applied: applied)
        results.append(result)
      }
    }
    return TaskOpResults(results: results)
  }

  /// One operation in its own transaction, at most once for its `opID`.
  /// - Returns: The answer, and whether the operation was applied as asked (by this call or,
  ///   for a copy sent before, by the first).
  package func apply(
    _ operation: TaskOperation, principal: Principal, language: Language
  ) throws -> (TaskOpResult, applied: Bool) {
    let actor = principal.employee.id
    return try environment.database.write { connection in
      let store = TaskStore(connection)
      let now = environment.now().milliseconds
      // A copy sent before (a lost answer retried, or the same batch twice at once) answers
      // what the first did; on PostgreSQL the copy waits here until the first commits.
      guard try store.claim(opID: operation.opID, employeeID: actor, at: now) else {
        let stored = try store.storedResult(opID: operation.opID, employeeID: actor)
        var first =
          stored.flatMap { try? JSONDecoder().decode(TaskOpResult.self, from: Data($0.utf8)) }
          ?? TaskOpResult(opId: operation.opID, status: "duplicate")
        let applied = first.status == "applied"
        first.status = "duplicate"
        return (first, applied)
      }
      let current = try store.task(id: operation.taskID, forUpdate: true)
      let result = try record(
        TaskMerge.apply(operation, to: current?.state, actor: actor), opID: operation.opID, current: current,
        connection: connection, language: language)
      try store.storeResult(Self.encoded(result), opID: operation.opID, employeeID: actor)
      return (result, result.status == "applied")
    }
  }

  /// Keeps what an outcome changed (the task, and a numbered change in each reader's feed)
  /// and answers it.
  func record(
    _ outcome: TaskOutcome, opID: String?, current: TaskStore.Row?, connection: any DatabaseConnection,
    language: Language
  ) throws -> TaskOpResult {
    let names = Names(connection)
    switch outcome {
    case .applied(let state), .conflict(let state):
      let now = environment.now().milliseconds
      let row = TaskStore.Row(
        state: state, createdAt: current?.createdAt ?? now, updatedAt: now,
        deletedAt: state.isDeleted ? (current?.deletedAt ?? now) : nil)
      let store = TaskStore(connection)
      try store.save(row)
      let readers = [state.ownerID] + [state.assignedByID].compactMap { $0 }
      try store.appendChange(taskID: state.id, readers: readers, at: now)
      // The readers' other devices and open pages follow at once.
      let event = LiveEventStore.json(["taskId": state.id, "version": String(state.version)])
      for reader in Set(readers).sorted() {
        try LiveEventStore(connection).append(kind: "tasks", data: event, audience: .person(id: reader), at: now)
      }
      let status = if case .conflict = outcome { "conflict" } else { "applied" }
      return TaskOpResult(opId: opID, status: status, task: try names.body(row))
    case .noop:
      return TaskOpResult(opId: opID, status: "noop", task: try current.map { try names.body($0) })
    case .refused(let refusal):
      return TaskOpResult(opId: opID, status: "refused", error: Self.error(refusal, in: language))
    }
  }

  // MARK: - Reading

  /// The caller's live tasks and those they gave, oldest first, by pages.
  package func list(_ page: PageRequest, principal: Principal) throws -> TaskSnapshot {
    let after = try page.cursor.map { cursor -> (Int64, String) in
      let parts = cursor.split(separator: "_", maxSplits: 1)
      guard parts.count == 2, let instant = Int64(parts[0]) else {
        throw Problem.invalid(ValidationFailure([FieldError(field: "cursor", rule: .unknownCursor)]))
      }
      return (instant, String(parts[1]))
    }
    return try environment.database.read { connection in
      let store = TaskStore(connection)
      // Read in the snapshot's transaction: changes numbered after it are after the snapshot.
      let feed = try store.feedBounds(readerID: principal.employee.id).last
      let rows = try store.tasks(
        readerID: principal.employee.id, after: after.map { (createdAt: $0.0, id: $0.1) }, limit: page.limit + 1)
      let names = Names(connection)
      let shown = rows.prefix(page.limit)
      return TaskSnapshot(
        items: try shown.map { try names.body($0) },
        nextCursor: rows.count > page.limit ? shown.last.map { "\($0.createdAt)_\($0.state.id)" } : nil,
        feedCursor: String(feed))
    }
  }

  /// The caller's changes after `since`, in the order they committed; 410 for a cursor from
  /// before what is kept (the client takes a snapshot, keeping its unsent operations).
  package func changes(since: Int64, limit: Int, principal: Principal) throws -> TaskChanges {
    try environment.database.read { connection in
      let store = TaskStore(connection)
      let bounds = try store.feedBounds(readerID: principal.employee.id)
      if since + 1 < bounds.keptFrom {
        throw Problem(status: 410, .task(.cursorTooOld(days: Self.retentionDays)))
      }
      let changes = try store.changes(readerID: principal.employee.id, since: since, limit: limit + 1)
      let names = Names(connection)
      let shown = changes.prefix(limit)
      return TaskChanges(
        items: try shown.map { TaskChange(seq: $0.seq, task: try names.body($0.row)) },
        nextCursor: String(shown.last?.seq ?? max(since, 0)), hasMore: changes.count > limit)
    }
  }

  package func task(id: String, principal: Principal) throws -> TaskBody {
    try environment.database.read { connection in
      guard let row = try TaskStore(connection).task(id: id),
        TaskMerge.mayAccess(row.state, actor: principal.employee.id)
      else { throw Problem.notFound(.task(.noSuchTask)) }
      return try Names(connection).body(row)
    }
  }

  /// The owner keeps `yours`, `theirs`, or writes a value, for one conflicting field.
  package func resolve(
    id: String, _ body: TaskResolution, principal: Principal, language: Language
  ) throws
    -> TaskBody
  {
    var validator = Validator()
    let field = TaskField(rawValue: body.field)
    validator.require(
      field != nil, "field", .unknownValue(allowed: (TaskField.editable + [.deleted]).map(\.rawValue)))
    let choices = ["yours", "theirs", "value"]
    validator.require(choices.contains(body.choice), "choice", .unknownValue(allowed: choices))
    validator.require(body.choice != "value" || body.value != nil, "value", .required)
    try validator.check()
    guard let field else { throw Problem.invalid(ValidationFailure([])) }
    let choice: TaskMerge.Choice
    switch body.choice {
    case "yours": choice = .yours
    case "theirs": choice = .theirs
    default:
      guard let value = body.value.flatMap({ TaskValue(json: $0, for: field) }) else {
        throw Problem.invalid(ValidationFailure([FieldError(field: "value", rule: .notValidJSON)]))
      }
      choice = .value(value)
    }
    return try environment.database.write { connection in
      let current = try TaskStore(connection).task(id: id, forUpdate: true)
      let outcome = TaskMerge.resolve(current?.state, field: field, choice: choice, actor: principal.employee.id)
      let result = try record(outcome, opID: nil, current: current, connection: connection, language: language)
      if case .refused(let refusal) = outcome { throw Self.problem(refusal) }
      guard let task = result.task else { throw Problem.notFound(.task(.noSuchTask)) }
      return task
    }
  }

  // MARK: - Words

  static func error(_ refusal: TaskRefusal, in language: Language) -> TaskOpError {
    let problem = self.problem(refusal).localized(in: language)
    let field = problem.errors?.first
    return TaskOpError(status: problem.status, field: field?.field, message: field?.message ?? problem.detail ?? "")
  }

  static func problem(_ refusal: TaskRefusal) -> Problem {
    switch refusal {
    case .notFound: Problem.notFound(.task(.noSuchTask))
    case .idInUse: Problem.conflict(.task(.idInUse))
    case .onlyTheOwner: Problem.forbidden(.task(.onlyTheOwner))
    case .noConflictOn(let field): Problem.conflict(.task(.noConflictOn(field.rawValue)))
    case .invalid(let field, let rule): Problem.invalid(ValidationFailure([FieldError(field: field, rule: rule)]))
    }
  }

  private static func encoded(_ result: TaskOpResult) -> String {
    (try? JSONEncoder().encode(result)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
  }

  /// People's names for the tasks of one request, each read once.
  final class Names {
    private let people: PeopleStore
    private var known: [String: PersonName] = [:]

    init(_ connection: any DatabaseConnection) {
      people = PeopleStore(connection)
    }

    func name(_ id: String) throws -> PersonName {
      if let name = known[id] { return name }
      let name = PersonName(id: id, displayName: try people.employee(id: id)?.displayName ?? "")
      known[id] = name
      return name
    }

    func body(_ row: TaskStore.Row) throws -> TaskBody {
      let state = row.state
      return TaskBody(
        id: state.id, title: state.fields.title, notes: state.fields.notes, done: state.fields.done,
        due: state.fields.due?.description, owner: try name(state.ownerID), createdBy: try name(state.createdByID),
        assignedBy: try state.assignedByID.map(name), createdAt: Instant.text(row.createdAt),
        updatedAt: Instant.text(row.updatedAt), version: state.version, deleted: state.isDeleted,
        conflicts: state.conflicts.map {
          TaskConflictBody(field: $0.field.rawValue, yours: $0.yours.json, theirs: $0.theirs.json, opId: $0.opID)
        })
    }
  }
}

import AtriumAPI
import AtriumDomain
import AtriumMessages
import Foundation

/// A task as the device shows it: the server's copy with the device's unsent operations
/// replayed on top.
public struct LocalTask: Equatable, Sendable, Identifiable {
  public var id: String
  public var fields: TaskFields
  public var ownerID: String
  public var ownerName: String
  public var assignedBy: PersonName?
  /// The server's version this copy builds on (0 for a task not sent yet).
  public var version: Int
  public var isDeleted: Bool
  public var conflicts: [TaskConflictBody]
  /// Operations on it that wait for the server.
  public var unsent: Int
}

/// Tasks on a device: every edit is an operation kept in the one outbox (so an edit made with
/// the app started offline waits there like any other), shown at once on top of the server's
/// copy, and sent by the one sync engine in batches; a pull follows the server's change feed
/// and never overwrites a task that has unsent operations (they stay on top of it).
public struct LiveTaskRepository: TaskRepository {
  let session: ClientSession
  let cache: ClientCache
  let sync: SyncEngine
  let language: ClientLanguage

  public init(session: ClientSession, cache: ClientCache, language: ClientLanguage = .en) {
    self.session = session
    self.cache = cache
    self.language = language
    var sync = SyncEngine(session: session, cache: cache, language: language)
    sync.taskResults = { [cache] answers in
      var state = Self.serverCopy(cache)
      for answer in answers { if let task = answer.task { Self.take(task, into: &state) } }
      Self.keep(state, cache)
    }
    self.sync = sync
  }

  // MARK: - What the screen shows

  /// The tasks as the person sees them: the server's copy, then what they did since.
  public func tasks() -> [LocalTask] {
    // A deleted task with a conflict stays in view: the person decides whether it comes back.
    merged().values.filter { !$0.isDeleted || !$0.conflicts.isEmpty }.sorted {
      ($0.fields.done ? 1 : 0, $0.id) < ($1.fields.done ? 1 : 0, $1.id)
    }
  }

  /// Every task the device knows of, deleted ones included, with the unsent operations on top.
  private func merged() -> [String: LocalTask] {
    var tasks = Self.serverCopy(cache).mapValues(Self.local)
    for operation in pendingOperations() {
      switch operation.kind {
      case .create(let fields):
        if tasks[operation.taskID] == nil {
          tasks[operation.taskID] = LocalTask(
            id: operation.taskID, fields: fields, ownerID: "", ownerName: "", assignedBy: nil, version: 0,
            isDeleted: false, conflicts: [], unsent: 0)
        }
      case .patch(let changes):
        for (field, change) in changes { tasks[operation.taskID]?.fields.set(field, to: change.new) }
      case .delete: tasks[operation.taskID]?.isDeleted = true
      case .restore: tasks[operation.taskID]?.isDeleted = false
      }
      tasks[operation.taskID]?.unsent += 1
    }
    return tasks
  }

  public func task(id: String) -> LocalTask? { merged()[id] }

  /// Operations that wait for the server.
  public func unsentCount() -> Int { pendingOperations().count }

  /// The tasks the server has sent this device (deleted ones included).
  public func acknowledgedIDs() -> Set<String> { Set(Self.serverCopy(cache).keys) }

  /// The ids of the operations that wait for the server, oldest first.
  public func pendingOperationIDs() -> [String] { pendingOperations().map(\.opID) }

  // MARK: - Edits (kept first, sent by `sync`)

  /// A new task, with an id made here: it needs no round trip.
  @discardableResult
  public func add(_ fields: TaskFields) throws(APIError) -> String {
    let id = UUID().uuidString.lowercased()
    try keepOperation(.create(fields), on: id)
    return id
  }

  /// Changes fields, each from the value the person saw.
  public func change(_ id: String, _ values: [TaskField: TaskValue]) throws(APIError) {
    guard let task = task(id: id) else { throw .notFound }
    let changes = values.filter { task.fields[$0.key] != $0.value }
    guard !changes.isEmpty else { return }
    try keepOperation(
      .patch(
        Dictionary(
          uniqueKeysWithValues: changes.map { field, value in
            (field, TaskOperation.FieldChange(base: task.fields[field], new: value))
          })), on: id)
  }

  /// Deletes from the server's version the device has seen: the server counts the device's own
  /// operations before it in the same batch as seen, when it applied them (`TaskBatchSight`).
  public func delete(_ id: String) throws(APIError) {
    guard let task = task(id: id) else { throw .notFound }
    try keepOperation(.delete(baseVersion: task.version), on: id)
  }

  public func restore(_ id: String) throws(APIError) {
    try keepOperation(.restore, on: id)
  }

  // MARK: - Sync

  public typealias SyncReport = TaskSyncReport

  /// Sends the unsent operations, then follows the change feed (or, when the cursor is older
  /// than the server keeps, takes a snapshot, keeping what was not sent).
  public func sync() async -> SyncReport {
    var report = SyncReport()
    let results = await sync.replay([.tasks])
    report.refusals = results.compactMap(\.refusal)
    if !pendingOperations().isEmpty { report.isOffline = true }
    do {
      try await pull()
    } catch let error where error.isTemporary {
      report.isOffline = true
    } catch {
      report.refusals.append(error.message(in: language))
    }
    return report
  }

  private func pull() async throws(APIError) {
    guard let cursor = cache.get(Int64.self, key: "tasks-cursor") else { return try await snapshot() }
    var state = Self.serverCopy(cache)
    var since = cursor
    while true {
      let page: TaskChanges
      do {
        page = try await session.call { [since] in try await $0.taskChanges(since: since) }
      } catch .gone {
        return try await snapshot()
      }
      for change in page.items { Self.take(change.task, into: &state) }
      since = Int64(page.nextCursor) ?? since
      if !page.hasMore { break }
    }
    Self.keep(state, cache)
    cache.put(since, key: "tasks-cursor")
  }

  private func snapshot() async throws(APIError) {
    var state: [String: TaskBody] = [:]
    var cursor: String?
    var feed: String?
    repeat {
      let page = try await session.call { [cursor] in
        try await $0.tasks(PageRequest(limit: PageRequest.maximumLimit, cursor: cursor))
      }
      feed = feed ?? page.feedCursor
      for task in page.items { state[task.id] = task }
      cursor = page.nextCursor
    } while cursor != nil
    Self.keep(state, cache)
    cache.put(Int64(feed ?? "0") ?? 0, key: "tasks-cursor")
  }

  /// The owner settles a conflict (online: a choice needs the server's current values).
  public func resolve(_ id: String, field: TaskField, choice: String) async throws(APIError) {
    let key = UUID().uuidString
    let task = try await session.call {
      try await $0.resolveTask(id, TaskResolution(field: field.rawValue, choice: choice), idempotencyKey: key)
    }
    var state = Self.serverCopy(cache)
    Self.take(task, into: &state)
    Self.keep(state, cache)
  }

  // MARK: - The kept copy

  private func pendingOperations() -> [TaskOperation] {
    cache.pendingWrites().compactMap { write in
      if case .taskOp(let operation) = write.operation { return operation }
      return nil
    }
  }

  static func serverCopy(_ cache: ClientCache) -> [String: TaskBody] {
    Dictionary(
      (cache.get([TaskBody].self, key: "tasks-server") ?? []).map { ($0.id, $0) }, uniquingKeysWith: { $1 })
  }

  /// Keeps the server's copy of a task unless a newer one is kept already: an answer repeated
  /// for a retried operation (`duplicate`) carries the task as it was then.
  static func take(_ task: TaskBody, into state: inout [String: TaskBody]) {
    if let kept = state[task.id], kept.version > task.version { return }
    state[task.id] = task
  }

  static func keep(_ state: [String: TaskBody], _ cache: ClientCache) {
    cache.put(state.values.sorted { $0.id < $1.id }, key: "tasks-server")
  }

  static func local(_ task: TaskBody) -> LocalTask {
    LocalTask(
      id: task.id,
      fields: TaskFields(
        title: task.title, notes: task.notes, done: task.done, due: task.due.flatMap { CalendarDate($0) }),
      ownerID: task.owner.id, ownerName: task.owner.displayName, assignedBy: task.assignedBy, version: task.version,
      isDeleted: task.deleted, conflicts: task.conflicts, unsent: 0)
  }
}

import AtriumDomain
import AtriumSQL
import Foundation

/// Tasks, the operations already applied (with their answers), and each reader's change feed.
public struct TaskStore {
  let connection: any DatabaseConnection

  public init(_ connection: any DatabaseConnection) {
    self.connection = connection
  }

  /// A task and its instants.
  public struct Row: Sendable, Hashable {
    public var state: TaskState
    public var createdAt: Int64
    public var updatedAt: Int64
    public var deletedAt: Int64?

    public init(state: TaskState, createdAt: Int64, updatedAt: Int64, deletedAt: Int64?) {
      self.state = state
      self.createdAt = createdAt
      self.updatedAt = updatedAt
      self.deletedAt = deletedAt
    }
  }

  // MARK: Tasks

  /// The task, locked until the transaction ends on PostgreSQL (SQLite has one writer).
  public func task(id: String, forUpdate: Bool = false) throws -> Row? {
    let locking = forUpdate && connection.dialect == .postgres ? " FOR UPDATE" : ""
    return try connection.queryFirst("SELECT * FROM tasks WHERE id = ?" + locking, .text(id)).map(Self.row)
  }

  public func save(_ row: Row) throws {
    let state = row.state
    try connection.execute(
      """
      INSERT INTO tasks (id, owner_id, created_by, assigned_by, title, notes, done, due, version, deleted_at, conflicts,
        created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (id) DO UPDATE SET title = excluded.title, notes = excluded.notes, done = excluded.done,
        due = excluded.due, version = excluded.version, deleted_at = excluded.deleted_at,
        conflicts = excluded.conflicts, updated_at = excluded.updated_at
      """,
      [
        .text(state.id), .text(state.ownerID), .text(state.createdByID), DatabaseValue(state.assignedByID),
        .text(state.fields.title), .text(state.fields.notes), DatabaseValue(state.fields.done),
        DatabaseValue(state.fields.due?.description), .integer(Int64(state.version)),
        row.deletedAt.map(DatabaseValue.integer) ?? .null, .text(Self.encode(state.conflicts)),
        .integer(row.createdAt), .integer(row.updatedAt),
      ])
  }

  /// A page of the reader's live tasks (theirs, and those they gave), oldest first, after the
  /// keyset `(createdAt, id)`.
  public func tasks(readerID: String, after: (createdAt: Int64, id: String)?, limit: Int) throws -> [Row] {
    var sql = "SELECT * FROM tasks WHERE (owner_id = ? OR assigned_by = ?) AND deleted_at IS NULL"
    var arguments: [DatabaseValue] = [.text(readerID), .text(readerID)]
    if let after {
      sql += " AND (created_at > ? OR (created_at = ? AND id > ?))"
      arguments += [.integer(after.createdAt), .integer(after.createdAt), .text(after.id)]
    }
    sql += " ORDER BY created_at, id LIMIT ?"
    arguments.append(.integer(Int64(limit)))
    return try connection.query(sql, arguments).map(Self.row)
  }

  // MARK: Operations

  /// Takes `opID` for the person; false when it was taken before (the stored answer holds).
  /// On PostgreSQL a copy racing in another transaction waits here until the first commits.
  public func claim(opID: String, employeeID: String, at instant: Int64) throws -> Bool {
    try connection.execute(
      """
      INSERT INTO task_ops (employee_id, op_id, result, created_at) VALUES (?, ?, '', ?)
      ON CONFLICT (employee_id, op_id) DO NOTHING
      """, .text(employeeID), .text(opID), .integer(instant)) > 0
  }

  public func storeResult(_ result: String, opID: String, employeeID: String) throws {
    try connection.execute(
      "UPDATE task_ops SET result = ? WHERE employee_id = ? AND op_id = ?", .text(result), .text(employeeID),
      .text(opID))
  }

  public func storedResult(opID: String, employeeID: String) throws -> String? {
    try connection.queryFirst(
      "SELECT result FROM task_ops WHERE employee_id = ? AND op_id = ?", .text(employeeID), .text(opID)
    )?.string("result")
  }

  // MARK: Change feed

  /// Numbers a change of `taskID` in each reader's feed. The counter row stays locked until
  /// the transaction ends, so a reader's changes commit in the order they are numbered.
  public func appendChange(taskID: String, readers: [String], at instant: Int64) throws {
    for reader in Set(readers).sorted() {
      guard
        let seq = try connection.queryFirst(
          """
          INSERT INTO task_feed_counters (reader_id, last_seq) VALUES (?, 1)
          ON CONFLICT (reader_id) DO UPDATE SET last_seq = task_feed_counters.last_seq + 1
          RETURNING last_seq
          """, .text(reader))?.int("last_seq")
      else { continue }
      try connection.execute(
        "INSERT INTO task_changes (reader_id, seq, task_id, changed_at) VALUES (?, ?, ?, ?)", .text(reader),
        .integer(Int64(seq)), .text(taskID), .integer(instant))
    }
  }

  /// The reader's feed after `since`, oldest first: each change's number and the task as it
  /// is now (a tombstone for a deleted one).
  public func changes(readerID: String, since: Int64, limit: Int) throws -> [(seq: Int64, row: Row)] {
    try connection.query(
      """
      SELECT c.seq, t.* FROM task_changes c JOIN tasks t ON t.id = c.task_id
      WHERE c.reader_id = ? AND c.seq > ? ORDER BY c.seq LIMIT ?
      """, .text(readerID), .integer(since), .integer(Int64(limit))
    ).map { (Int64($0.int("seq")), Self.row($0)) }
  }

  /// The reader's newest change number (0 before any), and the oldest still kept.
  public func feedBounds(readerID: String) throws -> (last: Int64, keptFrom: Int64) {
    guard
      let row = try connection.queryFirst(
        "SELECT last_seq, kept_from FROM task_feed_counters WHERE reader_id = ?", .text(readerID))
    else { return (0, 1) }
    return (Int64(row.int("last_seq")), Int64(row.int("kept_from")))
  }

  /// Deletes tombstones, feed entries and answered operations older than `cutoff`, and moves
  /// each reader's `kept_from` past what went (a cursor before it must start again).
  @discardableResult
  public func purge(before cutoff: Int64) throws -> Int {
    try connection.execute(
      """
      UPDATE task_feed_counters SET kept_from = COALESCE(
        (SELECT MIN(seq) FROM task_changes c WHERE c.reader_id = task_feed_counters.reader_id AND c.changed_at >= ?),
        last_seq + 1)
      WHERE EXISTS (SELECT 1 FROM task_changes c WHERE c.reader_id = task_feed_counters.reader_id AND c.changed_at < ?)
      """, .integer(cutoff), .integer(cutoff))
    let changes = try connection.execute("DELETE FROM task_changes WHERE changed_at < ?", .integer(cutoff))
    let tombstones = try connection.execute(
      "DELETE FROM tasks WHERE deleted_at IS NOT NULL AND deleted_at < ?", .integer(cutoff))
    try connection.execute("DELETE FROM task_ops WHERE created_at < ?", .integer(cutoff))
    return changes + tombstones
  }

  // MARK: Erasure

  /// An erased person's tasks. A task someone gave them becomes an empty tombstone in the
  /// giver's feed, so the giver's devices drop it instead of keeping it forever; the others
  /// go at once. A task they gave stays with its owner, no longer naming them, and the
  /// owner's feed says so.
  /// - Returns: Who must hear of a change (the givers and the owners named above).
  public func erase(personID: String, at instant: Int64) throws -> Set<String> {
    let person = DatabaseValue.text(personID)
    let given = try connection.query(
      "SELECT id, assigned_by FROM tasks WHERE owner_id = ? AND assigned_by IS NOT NULL AND assigned_by <> ?", person,
      person)
    try connection.execute(
      """
      UPDATE tasks SET title = '', notes = '', due = NULL, done = 0, conflicts = '[]', version = version + 1,
        deleted_at = COALESCE(deleted_at, ?), updated_at = ?
      WHERE owner_id = ? AND assigned_by IS NOT NULL AND assigned_by <> ?
      """, .integer(instant), .integer(instant), person, person)
    try connection.execute(
      "DELETE FROM tasks WHERE owner_id = ? AND (assigned_by IS NULL OR assigned_by = ?)", person, person)
    let gave = try connection.query("SELECT id, owner_id FROM tasks WHERE assigned_by = ?", person)
    try connection.execute(
      "UPDATE tasks SET assigned_by = NULL, version = version + 1, updated_at = ? WHERE assigned_by = ?",
      .integer(instant), person)
    let changed: [(task: String, reader: String)] =
      given.map { ($0.string("id"), $0.string("assigned_by")) } + gave.map { ($0.string("id"), $0.string("owner_id")) }
    for change in changed { try appendChange(taskID: change.task, readers: [change.reader], at: instant) }
    return Set(changed.map(\.reader))
  }

  // MARK: Rows

  static func row(_ row: DatabaseRow) -> Row {
    let deletedAt = row.optionalInt("deleted_at").map(Int64.init)
    let state = TaskState(
      id: row.string("id"),
      fields: TaskFields(
        title: row.string("title"), notes: row.string("notes"), done: row.bool("done"),
        due: row.optionalString("due").flatMap { CalendarDate($0) }),
      ownerID: row.string("owner_id"), createdByID: row.string("created_by"),
      assignedByID: row.optionalString("assigned_by"), version: row.int("version"), isDeleted: deletedAt != nil,
      conflicts: decode(row.string("conflicts")))
    return Row(
      state: state, createdAt: Int64(row.int("created_at")), updatedAt: Int64(row.int("updated_at")),
      deletedAt: deletedAt)
  }

  private struct StoredConflict: Codable {
    let field: TaskField
    let yours: TaskJSON
    let theirs: TaskJSON
    let opId: String
  }

  static func encode(_ conflicts: [TaskConflict]) -> String {
    let stored = conflicts.map {
      StoredConflict(field: $0.field, yours: $0.yours.json, theirs: $0.theirs.json, opId: $0.opID)
    }
    return (try? JSONEncoder().encode(stored)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
  }

  static func decode(_ text: String) -> [TaskConflict] {
    let stored = (try? JSONDecoder().decode([StoredConflict].self, from: Data(text.utf8))) ?? []
    return stored.compactMap { item in
      guard let yours = TaskValue(json: item.yours, for: item.field),
        let theirs = TaskValue(json: item.theirs, for: item.field)
      else { return nil }
      return TaskConflict(field: item.field, yours: yours, theirs: theirs, opID: item.opId)
    }
  }
}

extension Schema {
  /// Tasks: personal to-dos kept in sync across devices by operations (`TaskMerge`), with a
  /// change feed per reader.
  static let tasks: [Migration] = [
    Migration(
      version: 33, name: "tasks, their operations and change feeds",
      sql: [
        // A task's id is made by the device that created it. A deleted task stays as a
        // tombstone (`deleted_at`) for 90 days, so every device hears of the delete.
        // `conflicts` is a JSON array of {field, yours, theirs, opId}.
        """
        CREATE TABLE tasks (
          id TEXT PRIMARY KEY,
          owner_id TEXT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
          created_by TEXT NOT NULL,
          assigned_by TEXT REFERENCES employees(id) ON DELETE SET NULL,
          title TEXT NOT NULL,
          notes TEXT NOT NULL DEFAULT '',
          done INTEGER NOT NULL DEFAULT 0,
          due TEXT,
          version BIGINT NOT NULL,
          deleted_at BIGINT,
          conflicts TEXT NOT NULL DEFAULT '[]',
          created_at BIGINT NOT NULL,
          updated_at BIGINT NOT NULL)
        """,
        "CREATE INDEX tasks_owner ON tasks (owner_id, created_at)",
        "CREATE INDEX tasks_assigned ON tasks (assigned_by)",
        "CREATE INDEX tasks_tombstones ON tasks (deleted_at)",
        // Each operation once: a retried or raced copy answers the stored result. Kept 90 days.
        """
        CREATE TABLE task_ops (
          employee_id TEXT NOT NULL,
          op_id TEXT NOT NULL,
          result TEXT NOT NULL,
          created_at BIGINT NOT NULL,
          PRIMARY KEY (employee_id, op_id))
        """,
        "CREATE INDEX task_ops_age ON task_ops (created_at)",
        // One counter row per reader numbers their changes: a transaction that takes the next
        // number holds the row until it commits, so a reader's changes commit in order.
        // `kept_from` is the oldest number still in the feed (older ones were purged).
        """
        CREATE TABLE task_feed_counters (
          reader_id TEXT PRIMARY KEY,
          last_seq BIGINT NOT NULL,
          kept_from BIGINT NOT NULL DEFAULT 1)
        """,
        """
        CREATE TABLE task_changes (
          reader_id TEXT NOT NULL,
          seq BIGINT NOT NULL,
          task_id TEXT NOT NULL,
          changed_at BIGINT NOT NULL,
          PRIMARY KEY (reader_id, seq))
        """,
        "CREATE INDEX task_changes_age ON task_changes (changed_at)",
      ])
  ]
}

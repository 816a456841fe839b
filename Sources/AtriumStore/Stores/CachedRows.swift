/// The rows each instance keeps in memory for a moment because nearly every request reads
/// them: who a caller is (their employee row, account and session), a location's time zone,
/// a person's settings, the company and the leave types.
///
/// On PostgreSQL a change to those tables, made by any instance, notifies `channel` when it
/// commits (triggers of migration 23), so the other instances drop what they kept at once
/// rather than when it lapses.
public enum CachedRows {
  /// Named in migration 23's trigger function as well.
  public static let channel = "atrium_cached_rows"

  /// The tables whose rows no instance keeps: the ones nearly every write fills (requests,
  /// their days, lines and balances, notices, live events, tasks, sensor readings). A write
  /// that changed rows of these only leaves what an instance keeps as it was
  /// (`ChangeWatchingDatabase`), where any other write makes it read everything again; under
  /// a load of creates, every request read who its caller is again (`make bench-cost`).
  ///
  /// A kept read must never depend on one of these (the badge's kept company count depends on
  /// `company_notice_reads`, which is therefore not listed: marking notices read is rare).
  /// SQLite does not report changes to a table stored `WITHOUT ROWID`, so every such table is
  /// listed here (a test checks it).
  public static let neverKept: Set<String> = [
    "leave_requests", "leave_request_days", "leave_history", "approval_lines", "leave_balances", "leave_longest_span",
    "leave_versions",
    "idempotency_keys", "notices", "unread_notices", "notification_outbox",
    "notification_digests", "live_events", "tasks", "task_changes", "task_ops", "task_feed_counters",
    "sensor_readings", "sensor_minutes", "sensor_days", "sensor_last", "sensor_refusals", "alert_events",
    "alert_states", "presence_checkins", "job_claims",
    // The directory search's own tables (`people_search` is written with the people it holds).
    "people_search_config", "people_search_idx",
  ]
}

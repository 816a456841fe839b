extension Schema {
  /// Mail now, push next: what must be told to whom, kept until it is delivered.
  static let notifications: [Migration] = [
    Migration(
      version: 24, name: "the notification outbox",
      sql: [
        // A row is written in the transaction of the change that causes it, so a change and
        // its notification are saved together or not at all. Senders claim due rows for a
        // lease (`claimed_until`); a lost sender's claim lapses and another takes the row.
        """
        CREATE TABLE notification_outbox (
          id TEXT PRIMARY KEY,
          channel TEXT NOT NULL CHECK (channel IN ('mail', 'push')),
          kind TEXT NOT NULL,
          recipient_id TEXT REFERENCES employees(id) ON DELETE SET NULL,
          address TEXT NOT NULL,
          idempotency_key TEXT NOT NULL UNIQUE,
          payload TEXT NOT NULL,
          holds_secret INTEGER NOT NULL DEFAULT 0,
          status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'dead')),
          attempts INTEGER NOT NULL DEFAULT 0,
          next_attempt_at BIGINT NOT NULL,
          claimed_by TEXT,
          claimed_until BIGINT,
          last_error TEXT,
          created_at BIGINT NOT NULL,
          finished_at BIGINT)
        """,
        "CREATE INDEX notification_outbox_due ON notification_outbox (channel, status, next_attempt_at)",
        "CREATE INDEX notification_outbox_finished ON notification_outbox (status, finished_at)",
        "CREATE INDEX notification_outbox_created ON notification_outbox (created_at, id)",
      ])
  ]
}

extension Schema {
  /// Mail now, push next: what must be told to whom, kept until it is delivered; and the
  /// one-time links account mails carry.
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
          status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'dead', 'skipped')),
          attempts INTEGER NOT NULL DEFAULT 0,
          next_attempt_at BIGINT NOT NULL,
          claimed_by TEXT,
          claimed_until BIGINT,
          last_error TEXT,
          created_at BIGINT NOT NULL,
          finished_at BIGINT,
          origin TEXT)
        """,
        "CREATE INDEX notification_outbox_due ON notification_outbox (channel, status, next_attempt_at)",
        "CREATE INDEX notification_outbox_finished ON notification_outbox (status, finished_at)",
        "CREATE INDEX notification_outbox_created ON notification_outbox (created_at, id)",
        // Account mails asked for by anyone (a forgotten password) are limited per recipient
        // and per client address (`origin`).
        "CREATE INDEX notification_outbox_recipient ON notification_outbox (address, created_at)",
        "CREATE INDEX notification_outbox_origin ON notification_outbox (origin, created_at)",
      ]),
    Migration(
      version: 25, name: "one-time account links",
      sql: [
        // A password reset, an invitation, a confirmation: a random token sent by mail, kept
        // here only as its SHA-256, valid until `expires_at` and once.
        """
        CREATE TABLE account_links (
          token_hash TEXT PRIMARY KEY,
          purpose TEXT NOT NULL,
          employee_id TEXT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
          created_at BIGINT NOT NULL,
          expires_at BIGINT NOT NULL,
          used_at BIGINT)
        """,
        "CREATE INDEX account_links_employee ON account_links (employee_id, purpose)",
      ]),
    Migration(
      version: 26, name: "notification choices per kind and channel",
      sql: [
        // One JSON object by kind id (`StoredNotificationChoices`): kinds are registered by
        // sections, so they are not columns. A kind turned off before there were channels
        // becomes a bare `false`, which still means every channel.
        "ALTER TABLE settings ADD COLUMN notifications TEXT NOT NULL DEFAULT '{}'",
        """
        UPDATE settings SET notifications = '{' || rtrim(
          CASE WHEN notify_leave_decisions = 0 THEN '"leaveDecisions":false,' ELSE '' END
          || CASE WHEN notify_approvals_waiting = 0 THEN '"approvalsWaiting":false,' ELSE '' END
          || CASE WHEN notify_company_notices = 0 THEN '"companyNotices":false,' ELSE '' END, ',') || '}'
        """,
        "ALTER TABLE settings DROP COLUMN notify_leave_decisions",
        "ALTER TABLE settings DROP COLUMN notify_approvals_waiting",
        "ALTER TABLE settings DROP COLUMN notify_company_notices",
      ]),
    Migration(
      version: 27, name: "daily digests",
      sql: [
        // The local day of each person's last digest (`DailyDigest`), and when it went: the
        // next one gathers what came after.
        """
        CREATE TABLE notification_digests (
          employee_id TEXT PRIMARY KEY REFERENCES employees(id) ON DELETE CASCADE,
          last_sent_on TEXT NOT NULL,
          last_sent_at BIGINT NOT NULL)
        """
      ]),
    Migration(
      version: 28, name: "erased directory entries",
      sql: [
        // A directory person whose account was erased, by the SHA-256 of their entry's name
        // (which holds theirs): the sync and sign-in never bring them back.
        "CREATE TABLE erased_directory_entries (dn_hash TEXT PRIMARY KEY, erased_at BIGINT NOT NULL)"
      ]),
    Migration(
      version: 29, name: "self sign-up",
      sql: [
        // The mail domains whose people may sign up themselves (comma-separated; empty: off),
        // and where they start.
        "ALTER TABLE company ADD COLUMN sign_up_domains TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE company ADD COLUMN sign_up_department_id TEXT",
        "ALTER TABLE company ADD COLUMN sign_up_location_id TEXT",
        // A signed-up account until its address is confirmed: it cannot sign in.
        "ALTER TABLE accounts ADD COLUMN unconfirmed_since BIGINT",
      ]),
    Migration(
      version: 30, name: "a link's subject",
      sql: [
        // What a link is about beyond its person: the new address of an address change.
        "ALTER TABLE account_links ADD COLUMN subject TEXT"
      ]),
  ]
}

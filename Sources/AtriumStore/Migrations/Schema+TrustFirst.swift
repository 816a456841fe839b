extension Schema {
  /// What the first users' findings needed: a default leave type, policies by year and
  /// notices worded when they are read.
  static let trustFirst: [Migration] = [
    Migration(
      version: 14, name: "the company's default leave type",
      sql: [
        // Exactly one active type is the default: new requests without a type get it, and the
        // web form starts on it.
        "ALTER TABLE leave_types ADD COLUMN is_default INTEGER NOT NULL DEFAULT 0",
        "UPDATE leave_types SET is_default = 1 WHERE id = '00000000-0000-4000-8000-000000000001'",
      ]),
    Migration(
      version: 15, name: "notices worded when read, and done when their request is decided",
      sql: [
        // The facts a notice is worded from (a flat JSON object of strings). Empty on notices
        // stored before: those keep the English title and body they were written with.
        "ALTER TABLE notices ADD COLUMN params TEXT NOT NULL DEFAULT ''",
        // When a waiting-for-approval notice stopped waiting (decided, cancelled or changed).
        "ALTER TABLE notices ADD COLUMN done_at BIGINT",
        "CREATE INDEX notices_request ON notices (request_id, kind)",
      ]),
    Migration(
      version: 16, name: "where each session was signed in from",
      sql: [
        // Shown in the person's list of sessions, so they can tell which one to end.
        "ALTER TABLE sessions ADD COLUMN device TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE sessions ADD COLUMN address TEXT NOT NULL DEFAULT ''",
      ]),
    Migration(
      version: 17, name: "the leave policy year by year",
      sql: [
        // Each row holds from its year until the next row's. The policy saved so far applied
        // to every year, so it becomes the row from 1900.
        """
        CREATE TABLE leave_policy_years (
          from_year INTEGER PRIMARY KEY,
          default_allowance INTEGER NOT NULL,
          carry_over_maximum INTEGER NOT NULL,
          carry_over_until TEXT NOT NULL,
          allow_negative_balance INTEGER NOT NULL,
          changed_at BIGINT NOT NULL,
          changed_by TEXT)
        """,
        """
        INSERT INTO leave_policy_years (from_year, default_allowance, carry_over_maximum, carry_over_until,
          allow_negative_balance, changed_at, changed_by)
        SELECT 1900, default_allowance, carry_over_maximum, carry_over_until, allow_negative_balance, 0, NULL
        FROM company WHERE id = 1
        """,
      ]),
  ]
}

extension Schema {
  /// What several instances on one PostgreSQL database share, and what PostgreSQL needs to
  /// answer as fast as SQLite.
  static let scaleOut: [Migration] = [
    Migration(
      version: 20, name: "installation secrets shared by every instance",
      sql: [
        // Keys every instance on one database must share (the token-signing key on
        // PostgreSQL), so a token one instance issued is valid on the others.
        "CREATE TABLE installation_secrets (name TEXT PRIMARY KEY, value \(EngineText.bytes) NOT NULL)"
      ]),
    Migration(
      version: 21, name: "state every instance shares: failed sign-ins and background job claims",
      sql: [
        // Failed sign-ins within the rate limit's window, whichever instance received them.
        "CREATE TABLE login_failures (address TEXT NOT NULL, username TEXT NOT NULL, at BIGINT NOT NULL)",
        "CREATE INDEX login_failures_address ON login_failures (address, at)",
        "CREATE INDEX login_failures_at ON login_failures (at)",
        // Which instance runs a background job, until when (a lost instance's claim lapses).
        "CREATE TABLE job_claims (name TEXT PRIMARY KEY, holder TEXT NOT NULL, until BIGINT NOT NULL)",
      ]),
    Migration(
      version: 22, name: "the directory search answers from its own table on PostgreSQL",
      sql: [
        // A search reads only its matches from the GIN index, orders them and keeps a page,
        // then fetches those people: it never walks the whole directory. For that the search
        // row carries what the directory filters and orders by (rewritten with the person).
        .differing(
          sqlite: nil,
          postgres: """
            ALTER TABLE people_search ADD COLUMN sort_key TEXT NOT NULL DEFAULT '',
              ADD COLUMN active INTEGER NOT NULL DEFAULT 1,
              ADD COLUMN department_id TEXT NOT NULL DEFAULT '',
              ADD COLUMN location_id TEXT NOT NULL DEFAULT ''
            """),
        .differing(
          sqlite: nil,
          postgres: """
            UPDATE people_search s
            SET sort_key = e.sort_key, active = e.active, department_id = e.department_id, location_id = e.location_id
            FROM employees e WHERE e.id = s.employee_id
            """),
        // With `fastupdate`, new rows wait in a pending list that every search reads from
        // start to end until a VACUUM; people change rarely, so they go into the index at once.
        .differing(sqlite: nil, postgres: "ALTER INDEX people_search_words SET (fastupdate = off)"),
        .differing(sqlite: nil, postgres: "SELECT gin_clean_pending_list('people_search_words')"),
      ]),
    Migration(
      version: 23, name: "instances hear when a row they keep in memory changes",
      sql: [
        // Each instance keeps for a moment who a caller is, a browser session, a location's
        // time zone, a person's settings, the company and the leave types (`CachedRows`). A
        // change made by any instance, by any path, tells the others at commit: a trigger per
        // statement, so a sync that updates many people sends one notification.
        .differing(
          sqlite: nil,
          postgres: """
            CREATE FUNCTION atrium_cached_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN PERFORM pg_notify('atrium_cached_rows', ''); RETURN NULL; END $$
            """)
      ]
        + [
          ("employees", "UPDATE OR DELETE"), ("accounts", "UPDATE OR DELETE"),
          // A session matters to a caller only once it ends.
          ("sessions", "UPDATE OF revoked_at"), ("locations", "UPDATE OR DELETE"),
          ("settings", "INSERT OR UPDATE OR DELETE"), ("company", "INSERT OR UPDATE OR DELETE"),
          ("leave_types", "INSERT OR UPDATE OR DELETE"),
        ].map { table, events in
          .differing(
            sqlite: nil,
            postgres: """
              CREATE TRIGGER \(table)_cached_rows AFTER \(events) ON \(table)
              FOR EACH STATEMENT EXECUTE FUNCTION atrium_cached_rows_changed()
              """)
        }),
  ]
}

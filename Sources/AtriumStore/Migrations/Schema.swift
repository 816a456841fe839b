/// Atrium's schema, as the ordered list of its migrations.
///
/// Instants are INTEGER milliseconds since 1970 (UTC); days are TEXT `YYYY-MM-DD`; ids are
/// lowercase UUID text. The SQL is what SQLite and PostgreSQL both accept, except the
/// statements written per engine (`.differing`): bytes, numbering and full-text search.
public enum Schema {
  public static let migrations: [Migration] =
    foundation + directoryAndWeb + trustFirst + webFlows + scaleOut + notifications + presence + tasks + sensors + speed
    + keptAnswers

  /// The schema the time-off core, people, board, timeline and directory were built on.
  static let foundation: [Migration] = [
    Migration(
      version: 1, name: "company, places, people and accounts",
      sql: [
        """
        CREATE TABLE company (
          id INTEGER PRIMARY KEY CHECK (id = 1),
          name TEXT NOT NULL,
          phone TEXT NOT NULL DEFAULT '',
          email TEXT NOT NULL DEFAULT '',
          website TEXT NOT NULL DEFAULT '',
          address TEXT NOT NULL DEFAULT '',
          time_zone TEXT NOT NULL)
        """,
        """
        CREATE TABLE locations (
          id TEXT PRIMARY KEY,
          name TEXT NOT NULL UNIQUE,
          time_zone TEXT NOT NULL,
          weekend_days TEXT NOT NULL)
        """,
        """
        CREATE TABLE departments (
          id TEXT PRIMARY KEY,
          name TEXT NOT NULL UNIQUE)
        """,
        """
        CREATE TABLE employees (
          id TEXT PRIMARY KEY,
          username TEXT NOT NULL UNIQUE,
          email TEXT NOT NULL UNIQUE,
          first_name TEXT NOT NULL,
          last_name TEXT NOT NULL,
          position TEXT NOT NULL DEFAULT '',
          department_id TEXT NOT NULL REFERENCES departments(id),
          location_id TEXT NOT NULL REFERENCES locations(id),
          manager_id TEXT REFERENCES employees(id),
          role TEXT NOT NULL CHECK (role IN ('employee', 'manager', 'admin')),
          start_date TEXT,
          phone TEXT NOT NULL DEFAULT '',
          bio TEXT NOT NULL DEFAULT '',
          active INTEGER NOT NULL DEFAULT 1)
        """,
        "CREATE INDEX employees_manager ON employees (manager_id)",
        "CREATE INDEX employees_department ON employees (department_id)",
        "CREATE INDEX employees_location ON employees (location_id)",
        """
        CREATE TABLE accounts (
          employee_id TEXT PRIMARY KEY REFERENCES employees(id) ON DELETE CASCADE,
          password_hash TEXT,
          must_change_password INTEGER NOT NULL DEFAULT 0,
          valid_after BIGINT NOT NULL DEFAULT 0)
        """,
        """
        CREATE TABLE sessions (
          id TEXT PRIMARY KEY,
          employee_id TEXT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
          created_at BIGINT NOT NULL,
          revoked_at BIGINT)
        """,
        "CREATE INDEX sessions_employee ON sessions (employee_id)",
        """
        CREATE TABLE refresh_tokens (
          token_hash TEXT PRIMARY KEY,
          session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
          issued_at BIGINT NOT NULL,
          spent_at BIGINT)
        """,
        "CREATE INDEX refresh_tokens_session ON refresh_tokens (session_id)",
        """
        CREATE TABLE idempotency_keys (
          scope TEXT NOT NULL,
          key TEXT NOT NULL,
          fingerprint TEXT NOT NULL,
          status INTEGER,
          content_type TEXT,
          headers TEXT,
          body \(EngineText.bytes),
          created_at BIGINT NOT NULL,
          PRIMARY KEY (scope, key))
        """,
        "CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at)",
      ]),
    Migration(
      version: 2, name: "time off: policy, types, holidays, allowances, requests, history, notices, feeds",
      sql: [
        "ALTER TABLE company ADD COLUMN default_allowance INTEGER NOT NULL DEFAULT 46",
        "ALTER TABLE company ADD COLUMN carry_over_maximum INTEGER NOT NULL DEFAULT 10",
        "ALTER TABLE company ADD COLUMN carry_over_until TEXT NOT NULL DEFAULT '03-31'",
        "ALTER TABLE company ADD COLUMN allow_negative_balance INTEGER NOT NULL DEFAULT 0",
        """
        CREATE TABLE leave_types (
          id TEXT PRIMARY KEY,
          name TEXT NOT NULL UNIQUE,
          counts_against_allowance INTEGER NOT NULL,
          needs_approval INTEGER NOT NULL,
          active INTEGER NOT NULL DEFAULT 1)
        """,
        """
        INSERT INTO leave_types (id, name, counts_against_allowance, needs_approval, active)
        VALUES ('00000000-0000-4000-8000-000000000001', 'Vacation', 1, 1, 1)
        """,
        """
        CREATE TABLE holidays (
          id TEXT PRIMARY KEY,
          location_id TEXT NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
          date TEXT NOT NULL,
          name TEXT NOT NULL,
          half TEXT CHECK (half IN ('morning', 'afternoon')),
          UNIQUE (location_id, date))
        """,
        """
        CREATE TABLE allowances (
          employee_id TEXT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
          year INTEGER NOT NULL,
          halves INTEGER NOT NULL,
          PRIMARY KEY (employee_id, year))
        """,
        """
        CREATE TABLE leave_requests (
          id TEXT PRIMARY KEY,
          employee_id TEXT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
          type_id TEXT NOT NULL REFERENCES leave_types(id),
          start_date TEXT NOT NULL,
          end_date TEXT NOT NULL,
          start_half TEXT NOT NULL CHECK (start_half IN ('full', 'afternoon')),
          end_half TEXT NOT NULL CHECK (end_half IN ('full', 'morning')),
          status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'cancelled')),
          note TEXT NOT NULL DEFAULT '',
          halves INTEGER NOT NULL,
          created_at BIGINT NOT NULL,
          updated_at BIGINT NOT NULL)
        """,
        // By end date: "requests still running after day X" (overlaps, a year's requests) is then
        // a short range, since most of a person's requests ended long ago.
        "CREATE INDEX leave_requests_employee ON leave_requests (employee_id, end_date)",
        "CREATE INDEX leave_requests_employee_status ON leave_requests (employee_id, status, created_at, id)",
        "CREATE INDEX leave_requests_status ON leave_requests (status, created_at, id)",
        "CREATE INDEX leave_requests_dates ON leave_requests (start_date, end_date)",
        """
        CREATE TABLE leave_request_days (
          request_id TEXT NOT NULL REFERENCES leave_requests(id) ON DELETE CASCADE,
          date TEXT NOT NULL,
          halves INTEGER NOT NULL,
          PRIMARY KEY (request_id, date))
        """,
        """
        CREATE TABLE leave_history (
          id TEXT PRIMARY KEY,
          request_id TEXT NOT NULL REFERENCES leave_requests(id) ON DELETE CASCADE,
          seq INTEGER NOT NULL,
          actor_id TEXT NOT NULL REFERENCES employees(id),
          at BIGINT NOT NULL,
          action TEXT NOT NULL,
          from_status TEXT,
          to_status TEXT NOT NULL,
          reason TEXT NOT NULL DEFAULT '',
          details TEXT NOT NULL DEFAULT '')
        """,
        "CREATE UNIQUE INDEX leave_history_request ON leave_history (request_id, seq)",
        """
        CREATE TABLE notices (
          id TEXT PRIMARY KEY,
          recipient_id TEXT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
          kind TEXT NOT NULL,
          title TEXT NOT NULL,
          body TEXT NOT NULL DEFAULT '',
          request_id TEXT REFERENCES leave_requests(id) ON DELETE SET NULL,
          created_at BIGINT NOT NULL,
          read_at BIGINT)
        """,
        "CREATE INDEX notices_recipient ON notices (recipient_id, created_at)",
        """
        CREATE TABLE calendar_feeds (
          employee_id TEXT PRIMARY KEY REFERENCES employees(id) ON DELETE CASCADE,
          token TEXT NOT NULL UNIQUE,
          created_at BIGINT NOT NULL)
        """,
      ]),
    Migration(
      version: 3, name: "directory search and company social accounts",
      sql: [
        // One row per employee: names, username, position and department, searched without
        // regard to case or accents ("Jose" finds "José").
        // PostgreSQL: a table with the words as a `tsvector` (accents removed by `unaccent`,
        // then lowercased by the 'simple' configuration) and a GIN index on it.
        .differing(
          sqlite: """
            CREATE VIRTUAL TABLE people_search USING fts5(
              employee_id UNINDEXED, body, tokenize = 'unicode61 remove_diacritics 2')
            """,
          postgres: """
            CREATE TABLE people_search (
              search_id BIGINT PRIMARY KEY, employee_id TEXT NOT NULL, body TEXT NOT NULL, words TSVECTOR NOT NULL)
            """),
        .differing(sqlite: nil, postgres: "CREATE EXTENSION IF NOT EXISTS unaccent"),
        .differing(sqlite: nil, postgres: "CREATE INDEX people_search_words ON people_search USING GIN (words)"),
        // A stable number per employee for the search row (SQLite may renumber implicit
        // rowids on VACUUM; this column it never touches).
        "ALTER TABLE employees ADD COLUMN search_id INTEGER",
        .differing(
          sqlite: "UPDATE employees SET search_id = rowid",
          postgres: """
            UPDATE employees SET search_id = numbered.n
            FROM (SELECT id, ROW_NUMBER() OVER (ORDER BY id) AS n FROM employees) numbered
            WHERE numbered.id = employees.id
            """),
        "CREATE UNIQUE INDEX employees_search ON employees (search_id)",
        .differing(
          sqlite: """
            INSERT INTO people_search (rowid, employee_id, body)
            SELECT e.search_id, e.id, \(PeopleStore.searchBody)
            FROM employees e JOIN departments d ON d.id = e.department_id
            """,
          postgres: """
            INSERT INTO people_search (search_id, employee_id, body, words)
            SELECT e.search_id, e.id, \(PeopleStore.searchBody), to_tsvector('simple', unaccent(\(PeopleStore.searchBody)))
            FROM employees e JOIN departments d ON d.id = e.department_id
            """),
        // Directory order: names folded to lowercase without accents, so "Álvaro" sorts with "Alberto".
        "ALTER TABLE employees ADD COLUMN sort_key TEXT NOT NULL DEFAULT ''",
        "UPDATE employees SET sort_key = lower(first_name || ' ' || last_name)",
        "CREATE INDEX employees_sort ON employees (sort_key, id)",
        "ALTER TABLE company ADD COLUMN social TEXT NOT NULL DEFAULT '[]'",
      ]),
    Migration(
      version: 4, name: "company notices and their read state",
      sql: [
        """
        CREATE TABLE company_notices (
          id TEXT PRIMARY KEY,
          author_id TEXT REFERENCES employees(id) ON DELETE SET NULL,
          title TEXT NOT NULL,
          body TEXT NOT NULL,
          audience TEXT NOT NULL CHECK (audience IN ('everyone', 'department', 'location')),
          audience_id TEXT,
          created_at BIGINT NOT NULL,
          expires_at BIGINT)
        """,
        "CREATE INDEX company_notices_created ON company_notices (created_at, id)",
        """
        CREATE TABLE company_notice_reads (
          notice_id TEXT NOT NULL REFERENCES company_notices(id) ON DELETE CASCADE,
          employee_id TEXT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
          read_at BIGINT NOT NULL,
          PRIMARY KEY (notice_id, employee_id))
        """,
      ]),
    Migration(
      version: 5, name: "settings and devices",
      sql: [
        """
        CREATE TABLE settings (
          employee_id TEXT PRIMARY KEY REFERENCES employees(id) ON DELETE CASCADE,
          notify_leave_decisions INTEGER NOT NULL DEFAULT 1,
          notify_approvals_waiting INTEGER NOT NULL DEFAULT 1,
          notify_company_notices INTEGER NOT NULL DEFAULT 1,
          language TEXT NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'es')),
          badge_reset_at BIGINT NOT NULL DEFAULT 0)
        """,
        """
        CREATE TABLE devices (
          id TEXT PRIMARY KEY,
          employee_id TEXT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
          platform TEXT NOT NULL CHECK (platform IN ('apns', 'fcm', 'webpush')),
          token TEXT NOT NULL UNIQUE,
          name TEXT NOT NULL DEFAULT '',
          created_at BIGINT NOT NULL,
          last_seen_at BIGINT NOT NULL)
        """,
        "CREATE INDEX devices_employee ON devices (employee_id)",
      ]),
    Migration(
      version: 6, name: "audit log of admin changes",
      sql: [
        """
        CREATE TABLE audit_log (
          seq \(EngineText.autonumber),
          id TEXT NOT NULL UNIQUE,
          actor_id TEXT REFERENCES employees(id) ON DELETE SET NULL,
          actor_name TEXT NOT NULL,
          at BIGINT NOT NULL,
          action TEXT NOT NULL,
          target_type TEXT NOT NULL,
          target_id TEXT NOT NULL,
          before TEXT,
          after TEXT)
        """
      ]),
    Migration(
      version: 7, name: "live event log",
      sql: [
        // `seq` orders events as they were committed (one writer at a time); it is the SSE id
        // that a reconnecting client sends back as Last-Event-ID.
        """
        CREATE TABLE live_events (
          seq \(EngineText.neverReusedNumber),
          kind TEXT NOT NULL,
          data TEXT NOT NULL,
          audience TEXT NOT NULL CHECK (audience IN ('person', 'everyone', 'department', 'location', 'admins')),
          target_id TEXT,
          created_at BIGINT NOT NULL)
        """,
        "CREATE INDEX live_events_created ON live_events (created_at)",
      ]),
    Migration(
      version: 8, name: "profile photos",
      sql: ["ALTER TABLE employees ADD COLUMN photo TEXT"]),
    Migration(
      version: 9, name: "timeline: posts, feeds and imported items",
      sql: [
        """
        CREATE TABLE posts (
          id TEXT PRIMARY KEY,
          author_id TEXT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
          body TEXT NOT NULL,
          created_at BIGINT NOT NULL)
        """,
        "CREATE INDEX posts_created ON posts (created_at, id)",
        """
        CREATE TABLE timeline_feeds (
          id TEXT PRIMARY KEY,
          name TEXT NOT NULL,
          url TEXT NOT NULL UNIQUE,
          active INTEGER NOT NULL DEFAULT 1,
          etag TEXT,
          last_modified TEXT,
          last_fetched_at BIGINT,
          last_success_at BIGINT,
          last_error TEXT,
          created_at BIGINT NOT NULL)
        """,
        """
        CREATE TABLE feed_items (
          id TEXT PRIMARY KEY,
          feed_id TEXT NOT NULL REFERENCES timeline_feeds(id) ON DELETE CASCADE,
          guid TEXT NOT NULL,
          title TEXT NOT NULL,
          link TEXT NOT NULL,
          summary TEXT NOT NULL,
          author TEXT NOT NULL,
          published_at BIGINT NOT NULL,
          fetched_at BIGINT NOT NULL,
          UNIQUE (feed_id, guid))
        """,
        "CREATE INDEX feed_items_published ON feed_items (published_at, id)",
      ]),
  ]
}

/// Atrium's schema, as the ordered list of its migrations.
///
/// Instants are INTEGER milliseconds since 1970 (UTC); days are TEXT `YYYY-MM-DD`; ids are
/// lowercase UUID text. The SQL is kept to what SQLite and PostgreSQL both accept.
public enum Schema {
  public static let migrations: [Migration] = [
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
          body BLOB,
          created_at BIGINT NOT NULL,
          PRIMARY KEY (scope, key))
        """,
        "CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at)",
      ])
  ]
}

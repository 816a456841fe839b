import AtriumSQL

/// One numbered change to the schema. Numbers only grow; a released migration never changes.
///
/// The list of numbers is one for both engines: a statement is written once, and twice only
/// where the engines' SQL differs (see `MigrationStatement`).
public struct Migration: Sendable {
  public let version: Int
  public let name: String
  public let sql: [MigrationStatement]

  public init(version: Int, name: String, sql: [MigrationStatement]) {
    self.version = version
    self.name = name
    self.sql = sql
  }

  /// The statements that make this change in `dialect`, in order.
  public func statements(in dialect: SQLDialect) -> [String] {
    sql.compactMap { $0.text(in: dialect) }
  }
}

/// One statement of a migration, in each engine's SQL: a plain string is the same for both;
/// an `EngineText` interpolated into it (`seq \(.autonumber)`) is each engine's own word;
/// `.differing` is a statement written twice (or for one engine only).
public enum MigrationStatement: Sendable, ExpressibleByStringInterpolation {
  /// Different SQL per engine; nil where an engine needs no statement at all.
  case differing(sqlite: String?, postgres: String?)

  public init(stringLiteral value: String) { self = .differing(sqlite: value, postgres: value) }

  public init(stringInterpolation: Interpolation) {
    self = .differing(sqlite: stringInterpolation.sqlite, postgres: stringInterpolation.postgres)
  }

  func text(in dialect: SQLDialect) -> String? {
    switch self {
    case .differing(let sqlite, let postgres): dialect == .postgres ? postgres : sqlite
    }
  }

  /// Builds both engines' text side by side.
  public struct Interpolation: StringInterpolationProtocol {
    var sqlite = ""
    var postgres = ""

    public init(literalCapacity: Int, interpolationCount: Int) {}

    public mutating func appendLiteral(_ literal: String) {
      sqlite += literal
      postgres += literal
    }

    /// Text both engines read alike (a shared expression).
    public mutating func appendInterpolation(_ text: String) { appendLiteral(text) }

    public mutating func appendInterpolation(_ text: EngineText) {
      sqlite += text.sqlite
      postgres += text.postgres
    }
  }
}

/// A word of SQL that each engine writes its own way.
public struct EngineText: Sendable {
  let sqlite: String
  let postgres: String

  /// A column of bytes.
  public static let bytes = EngineText(sqlite: "BLOB", postgres: "BYTEA")
  /// A key numbered by the database as rows are added (a number may be reused after the
  /// newest row is deleted in SQLite).
  public static let autonumber = EngineText(sqlite: "INTEGER PRIMARY KEY", postgres: "BIGSERIAL PRIMARY KEY")
  /// A key numbered by the database that never reuses a number.
  public static let neverReusedNumber = EngineText(
    sqlite: "INTEGER PRIMARY KEY AUTOINCREMENT", postgres: "BIGSERIAL PRIMARY KEY")
}

/// Brings a database up to the newest migration, each in its own transaction, recording
/// which have run so that running it again changes nothing.
public struct Migrator: Sendable {
  public let migrations: [Migration]

  public init(migrations: [Migration]) {
    precondition(
      zip(migrations, migrations.dropFirst()).allSatisfy { $0.version < $1.version },
      "migrations must be in ascending version order")
    self.migrations = migrations
  }

  /// Runs the migrations not yet applied, and returns the versions it ran.
  @discardableResult
  public func migrate(_ database: any Database) throws -> [Int] {
    try database.write { connection in
      try Self.lock(connection)
      try connection.execute(
        """
        CREATE TABLE IF NOT EXISTS schema_migrations (
          version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)
        """)
    }
    var applied: [Int] = []
    for migration in migrations {
      let ran = try database.write { connection -> Bool in
        // Checked inside the write, under the lock, so two processes starting at once apply it once.
        try Self.lock(connection)
        let done = try connection.queryFirst(
          "SELECT 1 AS done FROM schema_migrations WHERE version = ?", .integer(Int64(migration.version)))
        guard done == nil else { return false }
        // Recorded first: on PostgreSQL the snapshot may predate another instance's commit of
        // this migration, and then this insert is the conflict that sends the write round
        // again (to find it done) before any of its statements run twice.
        try connection.execute(
          "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, CURRENT_TIMESTAMP)",
          .integer(Int64(migration.version)), .text(migration.name))
        for statement in migration.statements(in: connection.dialect) { try connection.execute(statement) }
        return true
      }
      if ran { applied.append(migration.version) }
    }
    return applied
  }

  /// Keeps other instances' migrations out until this transaction ends. SQLite's write
  /// transaction holds the whole file already; PostgreSQL's serializable writes would let two
  /// instances both see a migration missing and both run its DDL.
  private static func lock(_ connection: any DatabaseConnection) throws {
    guard connection.dialect == .postgres else { return }
    try connection.execute("SELECT pg_advisory_xact_lock(?)", .integer(DatabaseLocks.migrations))
  }
}

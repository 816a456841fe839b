import AtriumSQL

/// One numbered change to the schema. Numbers only grow; a released migration never changes.
public struct Migration: Sendable {
  public let version: Int
  public let name: String
  public let sql: [String]

  public init(version: Int, name: String, sql: [String]) {
    self.version = version
    self.name = name
    self.sql = sql
  }
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
      try connection.execute(
        """
        CREATE TABLE IF NOT EXISTS schema_migrations (
          version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)
        """)
    }
    var applied: [Int] = []
    for migration in migrations {
      let ran = try database.write { connection -> Bool in
        // Checked inside the write, so two processes starting at once apply it once.
        let done = try connection.queryFirst(
          "SELECT 1 AS done FROM schema_migrations WHERE version = ?", .integer(Int64(migration.version)))
        guard done == nil else { return false }
        for statement in migration.sql { try connection.execute(statement) }
        try connection.execute(
          "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, CURRENT_TIMESTAMP)",
          .integer(Int64(migration.version)), .text(migration.name))
        return true
      }
      if ran { applied.append(migration.version) }
    }
    return applied
  }
}

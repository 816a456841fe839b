import AtriumSQL

/// Loading many rows at once: secondary indexes are dropped first and built again at the end,
/// which is several times faster than keeping them up to date row by row.
public enum BulkLoad {
  /// Runs `body`, with the named tables' secondary indexes dropped meanwhile, on the same
  /// connection and transaction. Unique indexes stay: they are rules, and queries the load
  /// itself makes may rely on them.
  public static func withoutSecondaryIndexes<T>(
    on tables: [String], connection: any DatabaseConnection, _ body: () throws -> T
  ) throws -> T {
    var definitions: [String] = []
    for table in tables {
      for row in try connection.query(secondaryIndexes(in: connection.dialect), .text(table)) {
        definitions.append(row.string("sql"))
        try connection.execute("DROP INDEX \"\(row.string("name").replacingOccurrences(of: "\"", with: ""))\"")
      }
    }
    guard connection.dialect == .sqlite else {
      let result = try body()
      for definition in definitions { try connection.execute(definition) }
      // PostgreSQL plans by its statistics, which a bulk load leaves empty (autovacuum would
      // gather them only later): without them, approvals and search pick plans that read
      // whole tables.
      try connection.execute("ANALYZE")
      return result
    }
    // A large page cache keeps the transaction's pages in memory instead of spilling them to
    // the write-ahead log again and again.
    let cache = try connection.queryFirst("PRAGMA cache_size")?.int("cache_size") ?? -2000
    try connection.execute("PRAGMA cache_size = -262144")
    defer { _ = try? connection.execute("PRAGMA cache_size = \(cache)") }
    let result = try body()
    for definition in definitions { try connection.execute(definition) }
    return result
  }

  /// The name and SQL of each index made by CREATE INDEX (not UNIQUE) on the table `?`.
  /// SQLite's automatic indexes have no SQL; PostgreSQL's keys' indexes are unique.
  private static func secondaryIndexes(in dialect: SQLDialect) -> String {
    switch dialect {
    case .sqlite:
      """
      SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL
        AND sql NOT LIKE 'CREATE UNIQUE%'
      """
    case .postgres:
      """
      SELECT indexname AS name, indexdef AS sql FROM pg_indexes
      WHERE schemaname = current_schema() AND tablename = ? AND indexdef NOT LIKE 'CREATE UNIQUE%'
      """
    }
  }
}

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
      // Indexes made by CREATE INDEX have their SQL kept; automatic ones (sql IS NULL) stay.
      let rows = try connection.query(
        """
        SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL
          AND sql NOT LIKE 'CREATE UNIQUE%'
        """, .text(table))
      for row in rows {
        definitions.append(row.string("sql"))
        try connection.execute("DROP INDEX \"\(row.string("name").replacingOccurrences(of: "\"", with: ""))\"")
      }
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
}

import AtriumSQL

/// Copies a company from the embedded SQLite database into an empty PostgreSQL database
/// (`atrium migrate`): every table, in one transaction on the destination, checked table by
/// table (rows and a checksum of their values) before it commits. A copy that does not check
/// out is rolled back, leaving the destination as empty as it was.
public enum EngineMigration {
  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }

  /// What was copied: each table with its rows and checksum, the same on both sides.
  public struct Report: Sendable {
    public var tables: [(name: String, rows: Int, checksum: UInt64)] = []
    public var rows: Int { tables.reduce(0) { $0 + $1.rows } }
  }

  /// Tables the destination makes itself (its migrations, its search index) or that hold
  /// only what is worth nothing after a move (sign-in failures, job claims).
  static let notCopied: Set<String> = ["schema_migrations", "login_failures", "job_claims"]

  /// Copies everything from `source` into `destination`, which must be migrated to the same
  /// version and hold no company.
  /// - Parameter secrets: Installation secrets to keep in the destination (the signing key
  ///   from the data folder, so that tokens stay valid).
  public static func copy(
    from source: any Database, to destination: any Database, secrets: [String: [UInt8]] = [:]
  ) throws -> Report {
    guard source.dialect == .sqlite, destination.dialect == .postgres else {
      throw Failure(description: "a company moves from SQLite to PostgreSQL only")
    }
    return try destination.write { target in
      try source.read { origin in
        try checkVersions(origin, target)
        guard try target.queryFirst("SELECT COUNT(*) AS n FROM company")?.int("n") == 0,
          try target.queryFirst("SELECT COUNT(*) AS n FROM employees")?.int("n") == 0
        else { throw Failure(description: "the destination already holds a company; give an empty database") }
        // Rows the destination made by itself (the default leave type) give way to the copy.
        for table in try tables(origin).reversed() { try target.execute("DELETE FROM \(table.name)") }
        var report = Report()
        for table in try tables(origin) {
          try TableCopy(table: table, origin: origin, target: target).run()
          let copied = try TableCopy.summary(of: table, on: origin)
          let landed = try TableCopy.summary(of: table, on: target)
          guard copied == landed else {
            throw Failure(
              description: "\(table.name) did not copy exactly (\(copied.rows) rows, checksum \(copied.checksum); "
                + "the destination has \(landed.rows) rows, checksum \(landed.checksum)); nothing was kept")
          }
          report.tables.append((table.name, copied.rows, copied.checksum))
        }
        try PeopleStore(target).indexEveryone()
        for (name, value) in secrets { _ = try SecretStore(target).keep(value, named: name) }
        try restartNumbering(target)
        // Statistics for the planner, which a fresh copy has none of (see `BulkLoad`).
        try target.execute("ANALYZE")
        return report
      }
    }
  }

  /// The tables to copy, each after the tables it refers to.
  static func tables(_ origin: any DatabaseConnection) throws -> [TableCopy.Table] {
    let names = try origin.query(
      """
      SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
        AND name NOT LIKE 'people_search%' ORDER BY name
      """
    ).map { $0.string("name") }.filter { !notCopied.contains($0) }
    var tables: [String: TableCopy.Table] = [:]
    for name in names {
      let columns = try origin.query("SELECT name FROM pragma_table_info(?) ORDER BY cid", .text(name)).map {
        $0.string("name")
      }
      let references = try origin.query(
        "SELECT \"table\" AS referenced, \"from\" AS column FROM pragma_foreign_key_list(?)", .text(name))
      // A table stored without row numbers is paged through by its key (`TableCopy`).
      let withoutRowid = try origin.queryFirst("SELECT wr FROM pragma_table_list(?)", .text(name))?.int("wr") == 1
      let key =
        withoutRowid
        ? try origin.query("SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk", .text(name)).map {
          $0.string("name")
        } : nil
      tables[name] = TableCopy.Table(
        name: name, columns: columns,
        dependsOn: Set(references.map { $0.string("referenced") }.filter { $0 != name }),
        selfReferences: references.filter { $0.string("referenced") == name }.map { $0.string("column") },
        keyColumns: key)
    }
    // A topological order: a table comes once every table it refers to has come.
    var ordered: [TableCopy.Table] = []
    var placed: Set<String> = []
    while ordered.count < tables.count {
      guard
        let next = tables.values.sorted(by: { $0.name < $1.name }).first(where: {
          !placed.contains($0.name) && $0.dependsOn.isSubset(of: placed.union([$0.name]))
        })
      else { throw Failure(description: "the tables refer to each other in a circle") }
      ordered.append(next)
      placed.insert(next.name)
    }
    return ordered
  }

  private static func checkVersions(_ origin: any DatabaseConnection, _ target: any DatabaseConnection) throws {
    let query = "SELECT COALESCE(MAX(version), 0) AS v FROM schema_migrations"
    let from = try origin.queryFirst(query)?.int("v") ?? 0
    let to = try target.queryFirst(query)?.int("v") ?? 0
    guard from == to else {
      throw Failure(description: "the SQLite database is at schema version \(from), PostgreSQL at \(to)")
    }
  }

  /// Sets each numbered key's counter past the copied rows, so new rows get new numbers.
  private static func restartNumbering(_ target: any DatabaseConnection) throws {
    for table in ["audit_log", "live_events", "directory_syncs"] {
      try target.execute(
        "SELECT setval(pg_get_serial_sequence('\(table)', 'seq'), COALESCE(MAX(seq), 0) + 1, false) FROM \(table)")
    }
  }
}

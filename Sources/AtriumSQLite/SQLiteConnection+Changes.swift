import CSQLite

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which writes changed rows that matter to a caller, counted as SQLite makes them.
///
/// SQLite reports each row a statement inserts, updates or deletes (`sqlite3_update_hook`),
/// with two exceptions: rows of a table stored `WITHOUT ROWID`, and a `DELETE` without a
/// `WHERE`, which SQLite carries out by emptying the table at once. The second is turned off
/// here (SQLite deletes row by row when an authorizer answers `SQLITE_IGNORE` to a `DELETE`,
/// `authorize`); the first is the caller's to keep in mind: such a table's changes are never
/// counted.
extension SQLiteConnection {
  /// From now on, counts in `countedRowChanges` every row this connection changes in a table
  /// other than `uncounted`.
  public func countRowChanges(except uncounted: Set<String>) {
    uncountedTables = uncounted.map { Array($0.utf8CString) }
    sqlite3_update_hook(
      handle,
      { context, _, _, table, _ in
        guard let context, let table else { return }
        let connection = Unmanaged<SQLiteConnection>.fromOpaque(context).takeUnretainedValue()
        let uncounted = connection.uncountedTables.contains { name in
          name.withUnsafeBufferPointer { name in name.baseAddress.map { strcmp($0, table) == 0 } ?? false }
        }
        if !uncounted { connection.countedRowChanges += 1 }
      }, Unmanaged.passUnretained(self).toOpaque())
    sqlite3_set_authorizer(
      handle,
      { context, action, table, _, _, _ in
        guard let context else { return SQLITE_OK }
        let connection = Unmanaged<SQLiteConnection>.fromOpaque(context).takeUnretainedValue()
        return connection.authorize(action, table)
      }, Unmanaged.passUnretained(self).toOpaque())
  }

  /// SQLite asks before each step of a statement it prepares. A `DELETE` from one of our
  /// tables is answered `SQLITE_IGNORE`, which deletes row by row, except where SQLite asks
  /// the same about a table it drops (right after asking about the `DROP`): there it would
  /// leave the table in place. SQLite's own tables are never answered so, for the same reason.
  fileprivate func authorize(_ action: Int32, _ table: UnsafePointer<CChar>?) -> Int32 {
    let dropped = droppedTable
    droppedTable = nil
    switch action {
    case SQLITE_DROP_INDEX...SQLITE_DROP_VIEW, SQLITE_DROP_VTABLE:
      if let table { droppedTable = Array(UnsafeBufferPointer(start: table, count: strlen(table) + 1)) }
      return SQLITE_OK
    case SQLITE_DELETE:
      guard let table, strncmp(table, "sqlite_", 7) != 0 else { return SQLITE_OK }
      if let dropped, dropped.withUnsafeBufferPointer({ strcmp($0.baseAddress!, table) }) == 0 { return SQLITE_OK }
      return SQLITE_IGNORE
    default:
      return SQLITE_OK
    }
  }
}

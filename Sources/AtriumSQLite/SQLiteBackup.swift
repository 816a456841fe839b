import CSQLite

extension SQLiteConnection {
  /// Copies this database into a new file at `destination` with SQLite's online backup API,
  /// in one step: the copy is the snapshot of one read transaction, which in WAL mode never
  /// blocks writers, so a running server keeps writing while it is taken.
  public func backup(to destination: String) throws {
    let target = try SQLiteConnection(path: destination)
    try target.copy(from: self)
  }

  /// Replaces this database's content with `source`'s (restore). The caller makes sure no one
  /// else has this database open.
  public func restore(from source: SQLiteConnection) throws {
    try copy(from: source)
  }

  /// `PRAGMA integrity_check`: an empty list when the file is sound, else SQLite's findings.
  public func integrityProblems() throws -> [String] {
    let rows = try run("PRAGMA integrity_check")
    let lines = rows.compactMap { row -> String? in
      if case .text(let line)? = row.values.first { return line }
      return nil
    }
    return lines == ["ok"] ? [] : lines
  }

  private func copy(from source: SQLiteConnection) throws {
    guard let backup = sqlite3_backup_init(handle, "main", source.handle, "main") else {
      throw SQLiteError(code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)))
    }
    var code = SQLITE_OK
    repeat {
      code = sqlite3_backup_step(backup, -1)
      // Another process may hold a write lock for a moment; wait and try again.
      if code == SQLITE_BUSY || code == SQLITE_LOCKED { sqlite3_sleep(10) }
    } while code == SQLITE_OK || code == SQLITE_BUSY || code == SQLITE_LOCKED
    let finished = sqlite3_backup_finish(backup)
    guard code == SQLITE_DONE, finished == SQLITE_OK else {
      throw SQLiteError(
        code: code == SQLITE_DONE ? finished : code, message: String(cString: sqlite3_errmsg(handle)))
    }
  }
}

import CSQLite

/// The write-ahead log's checkpoints, taken by the caller instead of by SQLite at commit.
///
/// By default the commit that takes the log past 1,000 frames also copies them into the
/// database file and syncs it, while it still holds the writer: every write queued behind it
/// waits for that copy. A caller that reports the log's length after each commit can copy it
/// elsewhere, beside the writers (`checkpoint`).
extension SQLiteConnection {
  /// From now on, each commit on this connection sets `logFrames` and no longer checkpoints:
  /// the caller must call `checkpoint` (on any connection to the file) as the log grows.
  public func reportLogLength() {
    sqlite3_wal_hook(
      handle,
      { context, _, _, frames in
        if let context {
          Unmanaged<SQLiteConnection>.fromOpaque(context).takeUnretainedValue().logFrames = Int(frames)
        }
        return SQLITE_OK
      }, Unmanaged.passUnretained(self).toOpaque())
  }

  /// Copies into the database file every frame of the log that no reader still needs, without
  /// waiting for readers or writers (a passive checkpoint). The next writer starts the log
  /// again from its beginning once all of it was copied.
  /// - Returns: The frames in the log, and how many of them are now copied.
  @discardableResult
  public func checkpoint() throws -> (logFrames: Int, copiedFrames: Int) {
    var logFrames: Int32 = 0
    var copiedFrames: Int32 = 0
    let code = sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_PASSIVE, &logFrames, &copiedFrames)
    guard code == SQLITE_OK else { throw error(sql: "a passive checkpoint") }
    return (Int(logFrames), Int(copiedFrames))
  }
}

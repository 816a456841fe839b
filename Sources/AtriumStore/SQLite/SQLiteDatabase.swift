import AtriumSQL
import AtriumSQLite
import Foundation
import Synchronization

/// The embedded database: one SQLite file in WAL mode, foreign keys on, one connection per
/// thread at a time (taken from a pool), and one writer at a time.
///
/// A `write` or `read` called inside a `write` on the same thread joins it (a savepoint on the
/// same connection) instead of waiting for itself: so a caller can make several services'
/// writes, and its own bookkeeping, one transaction (see `Idempotency`).
public final class SQLiteDatabase: Database {
  /// How long a connection waits for another process's lock before failing as busy.
  public static let busyTimeoutMilliseconds: Int32 = 5_000
  /// How many times a write that failed as busy is tried again.
  public static let busyRetries = 5

  /// When a commit reaches the disk.
  public enum Durability: String, Sendable, CaseIterable {
    /// Every commit is flushed to the disk before it is acknowledged: nothing acknowledged is
    /// lost, even when the machine loses power (SQLite `synchronous = FULL`).
    case full
    /// Commits are flushed at checkpoints: a crash of Atrium loses nothing, a power cut may
    /// lose the last commits (`synchronous = NORMAL` in WAL mode); faster writes.
    case normal
  }

  public let path: String
  public let durability: Durability
  public var dialect: SQLDialect { .sqlite }
  private let pool = Mutex<[PooledConnection]>([])
  /// Writers in this process queue here rather than spin on SQLite's lock; whoever leads
  /// applies every write queued meanwhile.
  private let groupCommit = GroupCommit()
  private let checkpoints = LogCheckpoints()
  /// When a reader's kept read transaction may be used again (`ReadSnapshots`).
  let snapshots = ReadSnapshots()
  /// Checkpoints taken beside the writers so far (for tests).
  var checkpointsTaken: Int { checkpoints.count }
  /// Writes waiting for the writer now.
  var queuedWrites: Int { groupCommit.count }
  /// This thread's write transaction on this database, if one is running.
  private var activeWrite: ThreadTransaction<PooledConnection> { ThreadTransaction(of: self, .write) }

  /// Opens (creating when missing) the database file at `path` and runs pending migrations.
  public init(path: String, durability: Durability = .full, migrations: [Migration] = Schema.migrations) throws {
    self.path = path
    self.durability = durability
    let first = try Self.open(path, durability: durability)
    try Self.translate { try first.connection.executeScript("PRAGMA journal_mode = WAL;") }
    pool.withLock { $0.append(first) }
    if try !Migrator(migrations: migrations).migrate(self).isEmpty {
      // A connection keeps the schema it parsed until its version moves, and a migration may
      // change how SQLite reads a table without moving it (migration 49): the connections
      // that ran them are closed, and the pool opens new ones as it needs them.
      pool.withLock { $0.removeAll() }
    }
  }

  public func read<T>(_ body: (any DatabaseConnection) throws -> T) throws -> T {
    // Inside a write, read what it has written so far.
    if let active = activeWrite.current { return try body(active) }
    let pooled = try checkOutReader()
    defer { checkIn(pooled) }
    try pooled.beginRead(after: snapshots.mark)
    do {
      let result = try body(pooled)
      // A read that wrote is committed at once, as every read once was, and counted.
      if pooled.connection.isWriting {
        try pooled.execute("COMMIT", [])
        pooled.snapshot = nil
        snapshots.committed()
      }
      return result
    } catch {
      pooled.rollBack()
      throw error
    }
  }

  /// Queues this write for the writer, which applies with one commit every write queued
  /// meanwhile (`GroupCommit`): returns once the commit that holds this write is on the disk.
  @discardableResult
  public func write<T>(_ body: (any DatabaseConnection) throws -> T) throws -> T {
    if let active = activeWrite.current { return try active.savepoint(body) }
    return try withoutActuallyEscaping(body) { body in
      var result: T?
      let pending = GroupCommit.PendingWrite { [activeWrite] connection in
        do {
          result = try activeWrite.running(on: connection) { try body(connection) }
          return nil
        } catch {
          return error
        }
      }
      groupCommit.submit(pending) { queued in
        // A connection from the readers' pool, returned to its top: the caller's reads right
        // after its write (its answer) find the pages the write touched still in its cache,
        // which SQLite keeps when no other connection has committed since.
        do {
          let pooled = try checkOut()
          defer { checkIn(pooled) }
          applyTogether(queued, on: pooled)
          copyLogWhenLong(after: pooled)
        } catch {
          for write in queued {
            write.failure = error
            write.isFinished = true
          }
        }
      }
      if let failure = pending.failure { throw failure }
      guard let result else { preconditionFailure("a committed write has its result") }
      return result
    }
  }

  /// After a commit on `connection`: a checkpoint beside the writers once the log is long,
  /// or right here when it has grown far past that (`LogCheckpoints`).
  private func copyLogWhenLong(after connection: PooledConnection) {
    let frames = connection.connection.logFrames
    if frames >= LogCheckpoints.writerCopiesPast {
      // Busy while another checkpoint runs (the background one, or another process's): the
      // next commit tries again.
      _ = try? copyLog(on: connection)
    } else if frames >= LogCheckpoints.frames {
      checkpoints.request { [weak self] in
        guard let self, let pooled = try? checkOut() else { return }
        defer { checkIn(pooled) }
        _ = try? copyLog(on: pooled)
      }
    }
  }

  /// A passive checkpoint on `connection`, after the idle connections let go of their read
  /// transactions.
  /// - Returns: The frames in the log, and how many of them are now copied.
  func copyLog(on connection: PooledConnection) throws -> (logFrames: Int, copiedFrames: Int) {
    endIdleReads()
    defer { snapshots.checkpointed() }
    return try Self.translate { try connection.connection.checkpoint() }
  }

  /// `copyLog` on a connection of the pool (for tests).
  func copyLogNow() throws -> (logFrames: Int, copiedFrames: Int) {
    let pooled = try checkOut()
    defer { checkIn(pooled) }
    return try copyLog(on: pooled)
  }

  /// Ends the read transactions that connections waiting in the pool keep (only those no
  /// longer current, when `keepingCurrent`), so that a checkpoint, this instance's or another
  /// process's, can copy the whole log and the next writer start it again from its beginning.
  private func endIdleReads(keepingCurrent: Bool = false) {
    let mark = snapshots.mark
    let now = ReadSnapshots.now
    func ends(_ pooled: PooledConnection) -> Bool {
      guard let snapshot = pooled.snapshot else { return false }
      return !keepingCurrent || !snapshot.isCurrent(mark, at: now)
    }
    let idle = pool.withLock { pool in
      let ending = pool.filter(ends)
      pool.removeAll(where: ends)
      return ending
    }
    for pooled in idle { pooled.endRead() }
    if !idle.isEmpty { pool.withLock { $0.insert(contentsOf: idle, at: 0) } }
  }

  /// A connection that went back to the pool with a kept read transaction lets go of it soon
  /// after, even when nothing else happens: a server left idle holds no reader's mark in the
  /// log, which another process's checkpoint (`atrium import`'s) would have to stop at.
  private func endIdleReadsSoon() {
    guard snapshots.claimSweep() else { return }
    DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + ReadSnapshots.sweepDelay) {
      [weak self] in
      guard let self else { return }
      snapshots.sweepStarted()
      endIdleReads(keepingCurrent: true)
      if pool.withLock({ $0.contains { $0.snapshot != nil } }) { endIdleReadsSoon() }
    }
  }

  // MARK: - Pool

  /// A connection for writing or a checkpoint: without a read transaction.
  private func checkOut() throws -> PooledConnection {
    let pooled = try checkOutReader()
    pooled.endRead()
    return pooled
  }

  /// A connection for reading, with the read transaction it may keep.
  private func checkOutReader() throws -> PooledConnection {
    if let pooled = pool.withLock({ $0.popLast() }) { return pooled }
    return try Self.open(path, durability: durability)
  }

  private func checkIn(_ pooled: PooledConnection) {
    pooled.endReadUnlessCurrent(snapshots.mark)
    let keepsRead = pooled.snapshot != nil
    pool.withLock { $0.append(pooled) }
    if keepsRead { endIdleReadsSoon() }
  }

  private static func open(_ path: String, durability: Durability) throws -> PooledConnection {
    let connection = try translate { try SQLiteConnection(path: path) }
    connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
    connection.reportLogLength()
    connection.countRowChanges(except: CachedRows.neverKept)
    try translate {
      try connection.executeScript(
        "PRAGMA foreign_keys = ON; PRAGMA synchronous = \(durability == .full ? "FULL" : "NORMAL"); "
          + "PRAGMA temp_store = MEMORY;")
    }
    return PooledConnection(connection)
  }

  static func translate<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as SQLiteError {
      throw DatabaseError(error)
    }
  }
}

/// A connection that moves between threads through the pool, used by one thread at a time.
final class PooledConnection: DatabaseConnection, @unchecked Sendable {
  let connection: SQLiteConnection
  var dialect: SQLDialect { .sqlite }
  /// The read transaction this connection keeps between reads (`ReadSnapshots`), if any.
  var snapshot: ReadSnapshot?

  init(_ connection: SQLiteConnection) {
    self.connection = connection
  }

  var keptRowChanges: Int? { connection.countedRowChanges }

  @discardableResult
  func execute(_ sql: String, _ arguments: [DatabaseValue]) throws -> Int {
    try SQLiteDatabase.translate {
      try connection.run(sql, arguments)
      return connection.changes
    }
  }

  func query(_ sql: String, _ arguments: [DatabaseValue]) throws -> [DatabaseRow] {
    // The driver's rows are the shared type already: nothing is copied.
    try SQLiteDatabase.translate { try connection.run(sql, arguments) }
  }

  func forEachRow(_ sql: String, _ arguments: [DatabaseValue], _ body: (any ResultRow) throws -> Void) throws {
    try SQLiteDatabase.translate { try connection.forEachRow(sql, arguments) { try body($0) } }
  }

  func rollBack() {
    if connection.isInTransaction { _ = try? connection.run("ROLLBACK") }
    snapshot = nil
  }
}

extension DatabaseError {
  init(_ error: SQLiteError) {
    if error.isUniqueViolation {
      self = .uniqueViolation(error.message)
    } else if error.isForeignKeyViolation {
      self = .foreignKeyViolation(error.message)
    } else if error.isConstraintViolation {
      self = .constraintViolation(error.message)
    } else if error.isBusy {
      self = .busy(error.message)
    } else {
      self = .other(error.description)
    }
  }
}

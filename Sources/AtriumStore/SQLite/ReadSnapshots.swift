import AtriumSQLite
import Dispatch
import Synchronization

/// A reader connection keeps its read transaction from one `read` to the next while nothing
/// can have changed since it began, instead of a `BEGIN` and a `COMMIT` around every read.
///
/// Each read transaction takes and drops a reader's lock in the write-ahead log's shared memory:
/// an `fcntl` each, made while SQLite holds a mutex all the process's connections share, so two
/// threads starting or ending reads at once waited for each other (`strace -c` on `/me/leave`
/// under load: 1.65 `fcntl` and 1.23 `futex` a request, every `futex` in
/// `sqlite3WalBeginReadTransaction` or `sqlite3WalEndReadTransaction` in `perf record`). Kept
/// transactions answered a fifth to a third more `/me/leave` requests a second in alternating
/// runs (bench/README.md).
///
/// A snapshot is used again only while it is still the newest there is:
/// - no commit by this database's writer since it began (`committed` moves after each commit,
///   before the writes it holds are answered, so a caller's next read sees its write);
/// - no checkpoint since it began (`checkpointed`): a snapshot older than the last checkpoint
///   keeps the log from starting again at its beginning, and is let go;
/// - begun less than `longestReuse` ago: another process may write to the file too (`atrium
///   import`, `atrium ldap`), whose commits this instance does not count; they show within that
///   time, as the instance's kept reads show changes of other processes within a second.
///
/// Idle connections are not left holding old snapshots: `SQLiteDatabase` ends them before each
/// checkpoint, and a quarter of a second after a connection went back to the pool with one.
final class ReadSnapshots: Sendable {
  /// How long a read transaction is used again at most.
  static let longestReuse: UInt64 = 100_000_000
  /// How long after a connection went back to the pool with a kept transaction the pool's idle
  /// connections are looked at.
  static let sweepDelay = DispatchTimeInterval.milliseconds(250)

  /// What a snapshot was begun after.
  struct Mark: Equatable {
    let commits: Int
    let checkpoints: Int
  }

  private let commits = Atomic<Int>(0)
  private let checkpoints = Atomic<Int>(0)
  private let sweepWaiting = Atomic<Bool>(false)

  /// Read before a snapshot begins: a change after it makes the snapshot look older than it
  /// may be, never newer.
  var mark: Mark {
    Mark(commits: commits.load(ordering: .acquiring), checkpoints: checkpoints.load(ordering: .acquiring))
  }

  /// After every commit, before its writes are answered.
  func committed() {
    commits.add(1, ordering: .releasing)
  }

  /// After every checkpoint.
  func checkpointed() {
    checkpoints.add(1, ordering: .releasing)
  }

  /// Whether the caller is to schedule the next look at the idle connections: false while one
  /// is already waiting.
  func claimSweep() -> Bool {
    sweepWaiting.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
  }

  /// When the scheduled look begins.
  func sweepStarted() {
    sweepWaiting.store(false, ordering: .releasing)
  }

  static var now: UInt64 { DispatchTime.now().uptimeNanoseconds }
}

/// A reader connection's kept read transaction: what it was begun after, and when.
struct ReadSnapshot {
  let mark: ReadSnapshots.Mark
  let began: UInt64

  func isCurrent(_ mark: ReadSnapshots.Mark, at now: UInt64) -> Bool {
    self.mark == mark && now &- began < ReadSnapshots.longestReuse
  }
}

extension PooledConnection {
  /// Starts a read transaction, or keeps the one this connection has while it is current.
  func beginRead(after mark: ReadSnapshots.Mark) throws {
    let now = ReadSnapshots.now
    if let snapshot, snapshot.isCurrent(mark, at: now), connection.isInTransaction { return }
    endRead()
    try execute("BEGIN DEFERRED", [])
    snapshot = ReadSnapshot(mark: mark, began: now)
  }

  /// Ends the read transaction this connection keeps, if any.
  func endRead() {
    if connection.isInTransaction, (try? execute("COMMIT", [])) == nil { rollBack() }
    snapshot = nil
  }

  /// Ends the kept read transaction unless it is still current.
  func endReadUnlessCurrent(_ mark: ReadSnapshots.Mark) {
    if let snapshot, !snapshot.isCurrent(mark, at: ReadSnapshots.now) { endRead() }
  }
}

import AtriumSQL
import Foundation

/// Writes that arrive while another is being written wait in a queue, and the next writer
/// applies all of them in one transaction, each in its own savepoint, and commits them with
/// one `fsync` (group commit, issue 22). A write that fails rolls back only its savepoint and
/// answers its own error; every write returns only once the commit that holds it is on the
/// disk.
///
/// There is no writer thread: a caller that finds no one leading leads. It takes every write
/// queued by then, its own included, runs them on its thread, and hands the lead to the
/// first write queued meanwhile; the callers whose writes it applied wake and return. Each
/// caller sleeps on a semaphore of its own: a lock held for a whole commit (a millisecond of
/// work and an `fsync`) must not be `Synchronization.Mutex`, whose waiters spin in the kernel
/// while the holder runs (it is a priority-inheriting futex), and took a whole core from the
/// leader's work; and a condition shared by every waiter woke all of them at each commit.
final class GroupCommit: @unchecked Sendable {
  /// One caller's write: its body, and what came of it.
  final class PendingWrite: @unchecked Sendable {
    /// Runs the caller's body on a connection in a transaction, keeping its result; returns
    /// what it threw. Let go of once the write is answered: the body is the caller's own
    /// non-escaping closure, which must not outlive its call, while the leader may still hold
    /// this write when the caller returns.
    private var body: ((PooledConnection) -> (any Error)?)?
    /// What the body (or the commit) threw: the caller gets this error, and nothing it wrote
    /// is kept.
    var failure: (any Error)?
    /// Set by `applyTogether` once the write's fate is known: committed, or failed.
    var isFinished = false

    init(apply: @escaping (PooledConnection) -> (any Error)?) {
      self.body = apply
    }

    /// Runs the body on `connection`; returns what it threw.
    func apply(_ connection: PooledConnection) -> (any Error)? {
      body?(connection)
    }

    /// Called under the queue's lock when the leader is done with this write.
    fileprivate func answer() {
      body = nil
      turn = .answered
    }

    /// Why a waiting caller was woken.
    fileprivate enum Turn {
      case waiting
      /// Its write was applied: it returns.
      case answered
      /// The leader handed it the lead, its write not yet applied.
      case leads
    }

    /// Set under the queue's lock before `wake` is signalled.
    fileprivate var turn = Turn.waiting
    /// What the caller sleeps on while another leads: each is woken alone, when there is
    /// something for it, rather than every waiter at every commit.
    fileprivate let wake = DispatchSemaphore(value: 0)
  }

  /// Guards `queued` and `isLeading`.
  private let lock = NSLock()
  private var queued: [PendingWrite] = []
  private var isLeading = false

  /// Writes waiting for the writer (for tests that need several queued together).
  var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return queued.count
  }

  /// Queues `write` and returns once a leader, this caller or another, has applied it:
  /// `applyBatch` runs on the leader's thread with everything queued, one batch at a time.
  func submit(_ write: PendingWrite, applyBatch: ([PendingWrite]) -> Void) {
    lock.lock()
    queued.append(write)
    if isLeading {
      lock.unlock()
      write.wake.wait()
      lock.lock()
      let turn = write.turn
      lock.unlock()
      if turn == .answered { return }
    } else {
      isLeading = true
      lock.unlock()
    }
    // This caller leads: its write is still queued, so the batch holds it.
    lock.lock()
    let batch = queued
    queued.removeAll()
    lock.unlock()

    applyBatch(batch)

    lock.lock()
    for applied in batch { applied.answer() }
    // The first write queued meanwhile leads the next batch; with none, no one leads.
    let next = queued.first
    if let next {
      next.turn = .leads
    } else {
      isLeading = false
    }
    lock.unlock()
    for applied in batch where applied !== write { applied.wake.signal() }
    next?.wake.signal()
  }
}

extension SQLiteDatabase {
  /// Applies `writes` in one transaction on `connection` and commits it. A write whose body
  /// throws is rolled back alone (its savepoint); when SQLite itself ended the transaction
  /// (a full disk, say), the others are applied again in a new one. A failed BEGIN or COMMIT
  /// is every write's failure: none of them was kept.
  func applyTogether(_ writes: [GroupCommit.PendingWrite], on connection: PooledConnection) {
    var remaining = writes
    var busyAttempts = 0
    while !remaining.isEmpty {
      do {
        try connection.execute("BEGIN IMMEDIATE", [])
        var lost = false
        for write in remaining {
          // A single write needs no savepoint: its failure rolls the transaction back below.
          if remaining.count == 1 {
            write.failure = write.apply(connection)
          } else {
            do {
              try connection.execute("SAVEPOINT group_write", [])
            } catch {
              write.failure = error
              lost = true
              break
            }
            write.failure = write.apply(connection)
            if write.failure == nil {
              _ = try? connection.execute("RELEASE group_write", [])
            } else if connection.connection.isInTransaction {
              _ = try? connection.execute("ROLLBACK TO group_write", [])
              _ = try? connection.execute("RELEASE group_write", [])
            }
          }
          if write.failure != nil, !connection.connection.isInTransaction || remaining.count == 1 {
            lost = true
            break
          }
        }
        if lost {
          // The transaction is gone with the failed write: it is answered, the rest go again.
          connection.rollBack()
          for write in remaining where write.failure != nil { write.isFinished = true }
          remaining.removeAll { $0.isFinished }
          continue
        }
        try connection.execute("COMMIT", [])
        // Before the writes are answered: their callers' next reads must not reuse a snapshot.
        snapshots.committed()
        for write in remaining { write.isFinished = true }
        remaining = []
      } catch let error as DatabaseError where error.isBusy && busyAttempts < Self.busyRetries {
        connection.rollBack()
        busyAttempts += 1
        usleep(useconds_t(10_000 * busyAttempts))
      } catch {
        connection.rollBack()
        for write in remaining {
          write.failure = error
          write.isFinished = true
        }
        remaining = []
      }
    }
  }
}

import AtriumSQL
import Foundation
import Synchronization

/// Writes that arrive while another is being written wait in a queue, and the next writer
/// applies all of them in one transaction, each in its own savepoint, and commits them with
/// one `fsync` (group commit, issue 22). A write that fails rolls back only its savepoint and
/// answers its own error; every write returns only once the commit that holds it is on the
/// disk.
///
/// There is no writer thread: whoever takes the writer's lock leads. It takes every write
/// queued by then, its own included, and runs them on its thread, while their callers wait
/// for the lock; a caller that gets the lock after its write was applied just returns.
final class GroupCommit: Sendable {
  /// One caller's write: its body, and what came of it.
  final class PendingWrite: @unchecked Sendable {
    /// Runs the caller's body on a connection in a transaction, keeping its result; returns
    /// what it threw.
    let apply: (PooledConnection) -> (any Error)?
    /// What the body (or the commit) threw: the caller gets this error, and nothing it wrote
    /// is kept.
    var failure: (any Error)?
    /// Set once the write's fate is known: committed, or failed.
    var isFinished = false

    init(apply: @escaping (PooledConnection) -> (any Error)?) {
      self.apply = apply
    }
  }

  private let queue = Mutex<[PendingWrite]>([])

  /// Writes waiting for the writer (for tests that need several queued together).
  var count: Int { queue.withLock { $0.count } }

  func enqueue(_ write: PendingWrite) {
    queue.withLock { $0.append(write) }
  }

  /// Everything queued, in the order it came; the queue is left empty. Called with the
  /// writer's lock held.
  func takeQueued() -> [PendingWrite] {
    queue.withLock { queued in
      defer { queued.removeAll() }
      return queued
    }
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

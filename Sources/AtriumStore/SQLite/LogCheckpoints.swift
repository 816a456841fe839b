import Foundation
import Synchronization

/// Copies SQLite's write-ahead log into the database file beside the writers (issue 22).
///
/// SQLite's own checkpoint runs inside the commit that takes the log past 1,000 frames: that
/// commit's writer copies some 4 MB and syncs the database file while every write queued
/// behind it waits (about one create in fifteen paid it). Connections report the log's
/// length instead (`SQLiteConnection.reportLogLength`), and a commit past `frames` asks for a
/// checkpoint on a thread of its own. Should those not keep up (each copies only what no
/// reader still needs, and writes keep coming), the writer copies the log itself past
/// `writerCopiesPast`, as SQLite would have, so the log cannot grow without end.
final class LogCheckpoints: Sendable {
  /// Frames in the log past which a commit asks for a checkpoint (SQLite's own mark).
  static let frames = 1_000
  /// Frames past which the writer checkpoints before it lets the next batch go.
  static let writerCopiesPast = 10_000

  private let running = Atomic<Bool>(false)
  private let taken = Atomic<Int>(0)
  private static let queue = DispatchQueue(label: "atrium-sqlite-checkpoints")

  /// Checkpoints finished beside the writers so far.
  var count: Int { taken.load(ordering: .acquiring) }

  /// Runs `checkpoint` on the checkpoints' thread, unless one is running or waiting to.
  func request(_ checkpoint: @escaping @Sendable () -> Void) {
    guard running.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
    else { return }
    Self.queue.async { [self] in
      checkpoint()
      taken.add(1, ordering: .releasing)
      running.store(false, ordering: .releasing)
    }
  }
}

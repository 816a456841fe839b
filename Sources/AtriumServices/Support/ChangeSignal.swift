import Synchronization

/// A number that moves on whenever something an instance keeps in memory may have changed:
/// after every write transaction this instance ran that changed rows instances keep, or may
/// have (`ChangeWatchingDatabase`), and when another instance announced a change
/// (`CachedRows.channel`) or announcements may have been missed (the listening connection was
/// made again).
package final class ChangeSignal: Sendable {
  private let count = Atomic<UInt64>(0)

  /// Whether this thread is inside a write transaction (`inWrite`).
  @TaskLocal private static var isInsideWrite = false

  package init() {}

  package var current: UInt64 { count.load(ordering: .acquiring) }

  /// Whether this thread runs a write transaction's work: what it reads may be what the
  /// transaction has not committed yet, which no other request may see, so it is not kept.
  package var isInsideWrite: Bool { Self.isInsideWrite }

  package func changed() {
    count.wrappingAdd(1, ordering: .releasing)
  }

  /// Runs `body`, a write transaction's work, marked as such on this thread.
  package func inWrite<T>(_ body: () throws -> T) rethrows -> T {
    try Self.$isInsideWrite.withValue(true, operation: body)
  }
}

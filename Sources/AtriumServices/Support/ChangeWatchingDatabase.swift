import AtriumSQL

/// An instance's database, which moves its `ChangeSignal` after every write transaction, so
/// that what the instance keeps in memory (`RecentReads`) is read again after any change it
/// made, whichever service made it.
package final class ChangeWatchingDatabase<Base: Database>: Database {
  private let base: Base
  private let signal: ChangeSignal

  package init(_ base: Base, signal: ChangeSignal) {
    self.base = base
    self.signal = signal
  }

  package var dialect: SQLDialect { base.dialect }

  package func read<T>(_ body: (any DatabaseConnection) throws -> T) throws -> T {
    try base.read(body)
  }

  @discardableResult
  package func write<T>(_ body: (any DatabaseConnection) throws -> T) throws -> T {
    signal.writeBegan()
    // Also after a failure: a COMMIT lost on the way may have committed.
    defer { signal.writeEnded() }
    return try base.write(body)
  }
}

extension ChangeWatchingDatabase: DatabaseNotifications where Base: DatabaseNotifications {
  package func listen(on channel: String, _ changed: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
    base.listen(on: channel, changed)
  }
}

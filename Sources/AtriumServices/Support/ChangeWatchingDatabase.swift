import AtriumSQL

/// An instance's database, which moves its `ChangeSignal` after every write transaction that
/// changed rows an instance keeps (any table but `CachedRows.neverKept`, as the engine counts
/// them; every write on an engine that does not), so that what the instance keeps in memory
/// (`RecentReads`) is read again after any such change it made, whichever service made it.
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
    // Also after a failure: a COMMIT lost on the way may have committed.
    var changedKeptRows = true
    defer { if changedKeptRows { signal.changed() } }
    // The work runs on the writer's thread while this one waits for its commit.
    return try base.write { connection in
      try signal.inWrite {
        let before = connection.keptRowChanges
        let result = try body(connection)
        if let before, let after = connection.keptRowChanges { changedKeptRows = after != before }
        return result
      }
    }
  }
}

extension ChangeWatchingDatabase: DatabaseNotifications where Base: DatabaseNotifications {
  package func listen(on channel: String, _ changed: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
    base.listen(on: channel, changed)
  }
}

import AtriumSQL

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The two kinds of transaction a thread can be in on one database.
enum TransactionKind {
  case read, write
}

/// The connection a thread is in a transaction on, for one database: a `write` (or `read`)
/// inside it on the same thread joins it instead of waiting for a connection of its own.
///
/// Kept in a table of the thread's own (`ThreadTransactions`), not in Foundation's
/// `threadDictionary`, which made a key string, bridged it and cast the value back at every
/// read: 1.75% of the server's samples under a load of `/me/leave` (`perf`).
struct ThreadTransaction<Connection: AnyObject> {
  private let database: ObjectIdentifier
  private let kind: TransactionKind

  init(of database: AnyObject, _ kind: TransactionKind) {
    self.database = ObjectIdentifier(database)
    self.kind = kind
  }

  var current: Connection? {
    get { ThreadTransactions.mine.connection(of: database, kind) as? Connection }
    nonmutating set { ThreadTransactions.mine.set(newValue, of: database, kind) }
  }

  /// Runs `body` with `connection` as this thread's transaction.
  func running<T>(on connection: Connection, _ body: () throws -> T) rethrows -> T {
    current = connection
    defer { current = nil }
    return try body()
  }
}

/// One thread's transactions: one entry for each database it is in a transaction on (rarely
/// more than one), found by a look along them. The process has one thread-specific key for
/// every thread's table, whatever the number of databases opened and closed.
private final class ThreadTransactions {
  private var entries: [(database: ObjectIdentifier, kind: TransactionKind, connection: AnyObject)] = []

  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    // The table goes with its thread.
    let created = pthread_key_create(&key) { table in
      if let table { Unmanaged<ThreadTransactions>.fromOpaque(table).release() }
    }
    precondition(created == 0, "no thread-specific key is left (pthread_key_create: \(created))")
    return key
  }()

  /// This thread's table, made at its first transaction.
  static var mine: ThreadTransactions {
    if let table = pthread_getspecific(key) {
      return Unmanaged<ThreadTransactions>.fromOpaque(table).takeUnretainedValue()
    }
    let table = ThreadTransactions()
    pthread_setspecific(key, Unmanaged.passRetained(table).toOpaque())
    return table
  }

  func connection(of database: ObjectIdentifier, _ kind: TransactionKind) -> AnyObject? {
    entries.first { $0.database == database && $0.kind == kind }?.connection
  }

  func set(_ connection: AnyObject?, of database: ObjectIdentifier, _ kind: TransactionKind) {
    entries.removeAll { $0.database == database && $0.kind == kind }
    if let connection { entries.append((database, kind, connection)) }
  }
}

extension DatabaseConnection {
  /// A write within a write: its own savepoint, undone alone when it throws (which also
  /// clears PostgreSQL's "transaction aborted" state, so the outer write can go on).
  func savepoint<T>(_ body: (any DatabaseConnection) throws -> T) throws -> T {
    try execute("SAVEPOINT nested", [])
    do {
      let result = try body(self)
      try execute("RELEASE nested", [])
      return result
    } catch {
      _ = try? execute("ROLLBACK TO nested", [])
      _ = try? execute("RELEASE nested", [])
      throw error
    }
  }
}

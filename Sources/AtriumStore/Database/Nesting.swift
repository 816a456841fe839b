import AtriumSQL
import Foundation

/// The connection a thread is in a transaction on, for one database: a `write` (or `read`)
/// inside it on the same thread joins it instead of waiting for a connection of its own.
struct ThreadTransaction<Connection: AnyObject> {
  private let key: String

  /// - Parameter name: What kind of transaction, for the key (`write`, `read`).
  init(of database: AnyObject, _ name: String) {
    key = "atrium.transaction.\(name).\(ObjectIdentifier(database).hashValue)"
  }

  var current: Connection? {
    get { Thread.current.threadDictionary[key] as? Connection }
    nonmutating set { Thread.current.threadDictionary[key] = newValue }
  }

  /// Runs `body` with `connection` as this thread's transaction.
  func running<T>(on connection: Connection, _ body: () throws -> T) rethrows -> T {
    current = connection
    defer { current = nil }
    return try body()
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

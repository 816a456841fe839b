/// A relational database that the stores run SQL on, whatever the engine behind it.
///
/// Statements use `?` placeholders and only values bound through them: no caller ever splices
/// input into SQL text. A PostgreSQL driver rewrites the placeholders to `$n`.
public protocol Database: Sendable {
  /// The SQL this engine speaks where engines differ.
  var dialect: SQLDialect { get }

  /// Runs `body` on a connection in a read transaction (one consistent snapshot).
  func read<T>(_ body: (any DatabaseConnection) throws -> T) throws -> T

  /// Runs `body` in a write transaction: committed when it returns, rolled back when it throws.
  ///
  /// Writes behave as if they ran one at a time: when the engine reports contention (or a
  /// conflict with a concurrent write) the whole body runs again, so it must have no effects
  /// outside the database. A `write` inside a `write` on the same thread joins it (a savepoint).
  @discardableResult
  func write<T>(_ body: (any DatabaseConnection) throws -> T) throws -> T
}

/// One connection, handed to a `read` or `write` body; never kept beyond it.
public protocol DatabaseConnection: AnyObject {
  /// The SQL this connection's engine speaks where engines differ.
  var dialect: SQLDialect { get }

  /// Runs a statement that returns no rows, and returns how many rows it changed.
  @discardableResult
  func execute(_ sql: String, _ arguments: [DatabaseValue]) throws -> Int

  /// Runs a query and returns its rows.
  func query(_ sql: String, _ arguments: [DatabaseValue]) throws -> [DatabaseRow]

  /// Runs a query and hands each row to `body` as it is read (`ResultRow`), where a list of
  /// many rows need not be made twice. `body` must not use this connection.
  func forEachRow(_ sql: String, _ arguments: [DatabaseValue], _ body: (any ResultRow) throws -> Void) throws

  /// Runs queries that do not depend on each other and returns each one's rows, in order.
  /// A server engine sends them together: one round trip instead of one per query.
  func queries(_ queries: [(sql: String, arguments: [DatabaseValue])]) throws -> [[DatabaseRow]]

  /// Runs statements of a write as its last ones, just before it commits, where that shortens
  /// what they hold: a server engine sends them together before COMMIT, so a lock they take is
  /// held for that round trip and the commit only. A savepoint that rolls back drops what it
  /// queued. Their effects cannot be read back in the same transaction.
  func executeBeforeCommit(_ statements: [(sql: String, arguments: [DatabaseValue])]) throws

  /// How many rows this connection has changed so far in the tables whose rows instances
  /// keep in memory (all but `CachedRows.neverKept`), when the engine counts them; nil when it
  /// does not, and any write may have changed such rows.
  var keptRowChanges: Int? { get }
}

extension DatabaseConnection {
  public var keptRowChanges: Int? { nil }

  /// One after the other: an embedded engine has no round trips to save.
  public func queries(_ queries: [(sql: String, arguments: [DatabaseValue])]) throws -> [[DatabaseRow]] {
    try queries.map { try query($0.sql, $0.arguments) }
  }

  /// Now: an embedded engine has one writer at a time, so there is nothing to shorten.
  public func executeBeforeCommit(_ statements: [(sql: String, arguments: [DatabaseValue])]) throws {
    for statement in statements { try execute(statement.sql, statement.arguments) }
  }

  @discardableResult
  public func execute(_ sql: String, _ arguments: DatabaseValue...) throws -> Int {
    try execute(sql, arguments)
  }

  public func query(_ sql: String, _ arguments: DatabaseValue...) throws -> [DatabaseRow] {
    try query(sql, arguments)
  }

  /// Runs statements in order, sent together to a server engine (one round trip): for rows
  /// written together, such as a request and its days. The first failure stops the rest.
  public func executeTogether(_ statements: [(sql: String, arguments: [DatabaseValue])]) throws {
    _ = try queries(statements)
  }

  /// The first row of a query, or nil when it returned none.
  public func queryFirst(_ sql: String, _ arguments: DatabaseValue...) throws -> DatabaseRow? {
    try query(sql, arguments).first
  }
}

/// A database that tells its users when another connection (another instance) committed a
/// change announced on a channel (PostgreSQL's LISTEN/NOTIFY). The tables stay the truth: a
/// notification is a hint to look again now rather than at the next poll.
public protocol DatabaseNotifications: Sendable {
  /// Calls `changed` (on a thread of its own) each time a commit notified `channel`, and once
  /// after every reconnection, until the returned function is called.
  func listen(on channel: String, _ changed: @escaping @Sendable () -> Void) -> @Sendable () -> Void
}

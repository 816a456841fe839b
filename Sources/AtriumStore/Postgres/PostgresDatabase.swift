import AtriumPostgres
import AtriumSQL
import Foundation
import Synchronization

/// The shared database for larger companies and several instances: a PostgreSQL server,
/// reached through a small pool of connections.
///
/// It keeps `SQLiteDatabase`'s semantics. Writes are `SERIALIZABLE`, so they behave as if they
/// ran one at a time: a write that conflicts with another (or deadlocks) is rolled back and run
/// again, a bounded number of times. Reads see one snapshot (`REPEATABLE READ`). A `write` or
/// `read` inside a `write` on the same thread joins it (a savepoint).
///
/// A connection that broke is replaced. Work that failed because the connection dropped is
/// tried again on a new one only when it cannot have committed: a read, or a write whose
/// COMMIT was never sent. A lost COMMIT is reported, never repeated.
public final class PostgresDatabase: Database {
  /// How many times a write that conflicted with another is tried again.
  public static let conflictRetries = 12
  /// How many times work is tried again on a fresh connection after the old one broke.
  public static let reconnectRetries = 2

  public var dialect: SQLDialect { .postgres }
  /// Where the database is, without the password, for messages.
  public let address: String
  public let maximumConnections: Int
  private let url: String
  /// For connections of their own (a listener), not for messages: it may hold a password.
  var connectionURL: String { url }
  private let idle = Mutex<[PostgresPooledConnection]>([])
  /// One permit per connection the pool may have open (idle or in use).
  private let permits: DispatchSemaphore
  private let gate = WriteGate()
  /// This thread's write transaction on this database, if one is running.
  private var activeWrite: ThreadTransaction<PostgresPooledConnection> { ThreadTransaction(of: self, .write) }
  /// This thread's read transaction, if one is running: a read inside it joins it rather
  /// than taking a second connection from the pool.
  private var activeRead: ThreadTransaction<PostgresPooledConnection> { ThreadTransaction(of: self, .read) }

  /// Connects to the database `url` names and runs pending migrations.
  /// - Throws: `DatabaseError` (unavailable) naming the host, never the password, when the
  ///   server cannot be reached.
  public init(url: String, maximumConnections: Int = 16, migrations: [Migration] = Schema.migrations) throws {
    self.url = url
    self.maximumConnections = maximumConnections
    permits = DispatchSemaphore(value: maximumConnections)
    let first = try Self.open(url)
    address = first.connection.address
    idle.withLock { $0.append(first) }
    try Migrator(migrations: migrations).migrate(self)
  }

  public func read<T>(_ body: (any DatabaseConnection) throws -> T) throws -> T {
    // Inside a write, read what it has written so far; inside a read, the same snapshot.
    if let active = activeWrite.current ?? activeRead.current { return try body(active) }
    var reconnects = 0
    while true {
      let pooled = try checkOut()
      defer { checkIn(pooled) }
      do {
        pooled.connection.begin("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
        let result = try activeRead.running(on: pooled) { try body(pooled) }
        // Nothing was written, so nothing can fail to commit: the answer need not be awaited.
        try pooled.control { try $0.commitWithoutWaiting() }
        return result
      } catch is DatabaseError where pooled.isBroken && reconnects < Self.reconnectRetries {
        reconnects += 1
      } catch {
        pooled.rollBack()
        throw error
      }
    }
  }

  @discardableResult
  public func write<T>(_ body: (any DatabaseConnection) throws -> T) throws -> T {
    if let active = activeWrite.current { return try active.nestedWrite(body) }
    var conflicts = 0
    var reconnects = 0
    while true {
      // A write that conflicted runs again alone in this instance (see `WriteGate`).
      let inLane = conflicts > 0
      gate.enter(alone: inLane)
      defer { gate.leave() }
      let pooled = try checkOut()
      defer { checkIn(pooled) }
      var committing = false
      do {
        pooled.connection.begin("BEGIN ISOLATION LEVEL SERIALIZABLE")
        pooled.sawConflict = false
        pooled.forgetBeforeCommit()
        let outcome = Result { () throws -> T in try activeWrite.running(on: pooled) { try body(pooled) } }
        // A conflict dooms the whole transaction, even when the body caught it (a handler that
        // turned it into an answer inside the write): run it all again.
        if pooled.sawConflict { throw DatabaseError.conflict("a statement conflicted with a concurrent write") }
        // Lost before COMMIT was sent (the body may have answered the failure itself): nothing
        // was committed, so the whole write may run again on a fresh connection.
        if pooled.isBroken { throw DatabaseError.unavailable("the connection was lost before COMMIT") }
        let result = try outcome.get()
        committing = true
        try pooled.commit()
        return result
      } catch let error as DatabaseError where error.isConflict {
        pooled.rollBack()
        guard conflicts < Self.conflictRetries else { throw DatabaseError.busy(error.message) }
        conflicts += 1
        // Before the first retry, wait a little; a retry runs alone, so it need not wait.
        if !inLane { Self.backOff(conflicts) }
      } catch let error as DatabaseError where pooled.isBroken {
        guard !committing else {
          throw DatabaseError.unavailable("the connection was lost during COMMIT; the outcome is unknown: \(error)")
        }
        guard reconnects < Self.reconnectRetries else { throw error }
        reconnects += 1
      } catch {
        pooled.rollBack()
        throw error
      }
    }
  }

  /// Waits a little after a first conflict, with jitter so that the writers that conflicted
  /// do not meet again at the same moment.
  private static func backOff(_ attempt: Int) {
    let milliseconds = min(2 * attempt * attempt, 100)
    usleep(useconds_t(1_000 * milliseconds + Int.random(in: 0...1_000 * milliseconds)))
  }

  // MARK: - Pool

  /// How long a caller waits for a free connection before the request is answered as busy.
  private static let checkOutTimeout: DispatchTimeInterval = .seconds(30)

  private func checkOut() throws -> PostgresPooledConnection {
    guard permits.wait(timeout: .now() + Self.checkOutTimeout) == .success else {
      throw DatabaseError.busy("every one of the \(maximumConnections) connections stayed in use")
    }
    if let pooled = idle.withLock({ $0.popLast() }) { return pooled }
    do {
      return try Self.open(url)
    } catch {
      permits.signal()
      throw error
    }
  }

  /// Returns a connection to the pool. A broken one is closed, and so are the idle ones: a
  /// connection breaks when the server restarted or the network failed, which broke the
  /// others too (they would each fail one request before being found out). Their places are
  /// opened again when next needed.
  private func checkIn(_ pooled: PostgresPooledConnection) {
    if pooled.isBroken {
      idle.withLock { $0.removeAll() }
    } else if !pooled.connection.isInTransaction {
      idle.withLock { $0.append(pooled) }
    }
    permits.signal()
  }

  private static func open(_ url: String) throws -> PostgresPooledConnection {
    do {
      return PostgresPooledConnection(try PostgresConnection(url: url))
    } catch let error as PostgresError {
      throw DatabaseError.unavailable(error.message)
    }
  }
}

/// A connection that moves between threads through the pool, used by one thread at a time.
final class PostgresPooledConnection: DatabaseConnection, @unchecked Sendable {
  let connection: PostgresConnection
  var dialect: SQLDialect { .postgres }
  /// Whether a statement of the current transaction failed as a conflict with another.
  var sawConflict = false
  /// What the current write sends just before COMMIT (`executeBeforeCommit`).
  private var beforeCommit: [(sql: String, arguments: [DatabaseValue])] = []

  init(_ connection: PostgresConnection) {
    self.connection = connection
  }

  func executeBeforeCommit(_ statements: [(sql: String, arguments: [DatabaseValue])]) {
    beforeCommit += statements
  }

  /// Commits the write, with what it queued for its end sent first in the same round trip. A
  /// statement that fails stops the rest, COMMIT included: the transaction is then rolled back.
  func commit() throws {
    guard !beforeCommit.isEmpty else { return try control { try $0.commit() } }
    let statements = beforeCommit + [(sql: "COMMIT", arguments: [])]
    beforeCommit = []
    _ = try queries(statements)
  }

  /// A new write (or a write run again) starts with nothing queued.
  func forgetBeforeCommit() { beforeCommit = [] }

  /// A write within a write (a savepoint); what it queued goes if it rolls back.
  func nestedWrite<T>(_ body: (any DatabaseConnection) throws -> T) throws -> T {
    let queued = beforeCommit.count
    do {
      return try savepoint(body)
    } catch {
      beforeCommit.removeLast(beforeCommit.count - queued)
      throw error
    }
  }

  var isBroken: Bool { connection.isBroken }

  @discardableResult
  func execute(_ sql: String, _ arguments: [DatabaseValue]) throws -> Int {
    try translate { try connection.run(sql, arguments).changes }
  }

  func query(_ sql: String, _ arguments: [DatabaseValue]) throws -> [DatabaseRow] {
    try translate { try connection.run(sql, arguments).rows }
  }

  func queries(_ queries: [(sql: String, arguments: [DatabaseValue])]) throws -> [[DatabaseRow]] {
    try translate { try connection.runAll(queries.map { ($0.sql, $0.arguments) }) }
  }

  /// Transaction control (a serialization failure may come at COMMIT).
  func control(_ body: (PostgresConnection) throws -> Void) throws {
    try translate { try body(connection) }
  }

  func rollBack() { connection.rollBack() }

  /// Classifies libpq's failures, and remembers a conflict for the write loop.
  private func translate<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as PostgresError {
      if error.isSerializationFailure || error.isDeadlock { sawConflict = true }
      throw DatabaseError(error)
    }
  }
}

extension DatabaseError {
  init(_ error: PostgresError) {
    if error.connectionLost {
      self = .unavailable(error.message)
    } else if error.sqlState == "22021" {
      self = .unstorableText(error.message)
    } else if error.isUniqueViolation {
      self = .uniqueViolation(error.message)
    } else if error.isForeignKeyViolation {
      self = .foreignKeyViolation(error.message)
    } else if error.isConstraintViolation {
      self = .constraintViolation(error.message)
    } else if error.isSerializationFailure || error.isDeadlock {
      self = .conflict(error.message)
    } else if error.isTimeout {
      self = .busy(error.message)
    } else {
      self = .other(error.description)
    }
  }
}

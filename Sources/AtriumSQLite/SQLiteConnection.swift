import AtriumSQL
import CSQLite

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one owner of an `sqlite3` handle: opens it, prepares and caches statements, binds
/// parameters and turns every result code into an `SQLiteError`.
///
/// A connection is used by one thread at a time (it is opened with `SQLITE_OPEN_NOMUTEX`);
/// callers that share connections between threads hand them over through a pool.
public final class SQLiteConnection {
  let handle: OpaquePointer
  /// Prepared statements by SQL text, with their result columns (which never change).
  private var statements: [String: (statement: OpaquePointer, columns: DatabaseColumns)] = [:]
  /// Statements kept by text at most. A text made for one call keeps its statement too (an
  /// `IN` list has as many marks as the ids it asks for, each count another text), and without
  /// a bound each connection kept one per count for as long as it lived. The stores run SQL
  /// from some 430 places, fewer on any one connection, so the app's own texts stay kept.
  static let statementLimit = 1_024
  /// The same statements by the address of their SQL text's bytes. A hot statement's SQL is
  /// one string made once (a literal or a `static let`), and hashing its few hundred bytes
  /// for every query cost `/time-off` about 7,500 of its 160,000 instructions of database
  /// work (`make bench-cost`). An entry is taken only when the statement's own text
  /// (`sqlite3_sql`) is those bytes: a text made for one call is freed, and a later text at
  /// its address gets its own statement. Such texts come and go, so the table is emptied when
  /// it reaches `addressedLimit`.
  private var statementsByAddress: [UInt: (statement: OpaquePointer, columns: DatabaseColumns, count: Int)] = [:]
  private static let addressedLimit = 1_024
  /// Frames in the write-ahead log after this connection's last commit, once
  /// `reportLogLength` was called (`SQLiteConnection+Log.swift`).
  public internal(set) var logFrames = 0
  /// Rows inserted, updated or deleted in any table but `uncountedTables`, once
  /// `countRowChanges` was called (`SQLiteConnection+Changes.swift`).
  public internal(set) var countedRowChanges = 0
  /// The tables `countedRowChanges` passes over, as C strings.
  var uncountedTables: [[CChar]] = []
  /// The table or view the statement being prepared drops, when its last step was a `DROP`.
  var droppedTable: [CChar]?

  /// SQLite copies bound text and blobs when given this destructor (the C macro is not imported).
  private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

  /// SQLite counts the memory it holds under one process-wide mutex that every allocation of
  /// every connection takes, so the network threads reading at once waited on each other:
  /// `perf stat` under `wrk` on `/me/leave` counted 1.46 `futex` calls a request, 0.33 without
  /// the count. Atrium reads none of SQLite's statistics. Set once, before the first
  /// connection opens, as SQLite requires.
  private static let memoryStatisticsStopped: Void = { _ = atrium_sqlite_stop_memory_statistics() }()

  /// Opens (and creates when missing) the database at `path`; `":memory:"` opens a private one.
  public init(path: String, readOnly: Bool = false) throws {
    Self.memoryStatisticsStopped
    var pointer: OpaquePointer?
    let flags =
      (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
      | SQLITE_OPEN_NOMUTEX
    let code = sqlite3_open_v2(path, &pointer, flags, nil)
    guard let pointer else { throw SQLiteError(code: code, message: "cannot open \(path)") }
    guard code == SQLITE_OK else {
      let error = SQLiteError(code: code, message: String(cString: sqlite3_errmsg(pointer)))
      sqlite3_close_v2(pointer)
      throw error
    }
    handle = pointer
    sqlite3_extended_result_codes(handle, 1)
  }

  deinit {
    for prepared in statements.values { sqlite3_finalize(prepared.statement) }
    sqlite3_close_v2(handle)
  }

  /// Waits up to `milliseconds` for a lock held by another connection before failing as busy.
  public func setBusyTimeout(milliseconds: Int32) {
    sqlite3_busy_timeout(handle, milliseconds)
  }

  /// Runs one or more statements that take no parameters (schema, pragmas).
  public func executeScript(_ sql: String) throws {
    var message: UnsafeMutablePointer<CChar>?
    let code = sqlite3_exec(handle, sql, nil, nil, &message)
    if code != SQLITE_OK {
      let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
      sqlite3_free(message)
      throw SQLiteError(code: sqlite3_extended_errcode(handle), message: text)
    }
  }

  /// Runs one parameterized statement and returns every row it produced.
  @discardableResult
  public func run(_ sql: String, _ bindings: [DatabaseValue] = []) throws -> [DatabaseRow] {
    var rows: [DatabaseRow] = []
    try forEachRow(sql, bindings) { row in
      let count = Int32(row.columns.names.count)
      rows.append(DatabaseRow(columns: row.columns, values: (0..<count).map { Self.value(row.statement, $0) }))
    }
    return rows
  }

  /// A row of a running statement, read in place (`forEachRow`).
  public struct Row: ResultRow {
    let statement: OpaquePointer
    public let columns: DatabaseColumns

    public subscript(position: Int?) -> DatabaseValue {
      guard let position else { return .null }
      return SQLiteConnection.value(statement, Int32(position))
    }

    /// Text compared with the column's bytes in place; a column of another type is read.
    public func text(at position: Int?, is text: String?) -> Bool {
      guard let position else { return text == nil }
      let column = Int32(position)
      switch sqlite3_column_type(statement, column) {
      case SQLITE_NULL: return text == nil
      case SQLITE_TEXT:
        guard var text else { return false }
        let bytes = sqlite3_column_text(statement, column)
        let count = Int(sqlite3_column_bytes(statement, column))
        return text.withUTF8 { expected in
          guard expected.count == count else { return false }
          guard count > 0, let bytes, let start = expected.baseAddress else { return true }
          return memcmp(start, bytes, count) == 0
        }
      default: return self[position].optionalString == text
      }
    }
  }

  /// Runs one parameterized statement and hands each row to `body` as it is stepped to, read
  /// in place: no row is kept. `body` must not run statements on this connection (the one
  /// running may be the one it would reuse).
  public func forEachRow(_ sql: String, _ bindings: [DatabaseValue], _ body: (Row) throws -> Void) throws {
    let (statement, columns) = try prepared(sql)
    defer {
      sqlite3_reset(statement)
      sqlite3_clear_bindings(statement)
    }
    try bind(bindings, to: statement, sql: sql)
    let row = Row(statement: statement, columns: columns)
    while true {
      let code = sqlite3_step(statement)
      if code == SQLITE_DONE { break }
      guard code == SQLITE_ROW else { throw error(sql: sql) }
      try body(row)
    }
  }

  /// The number of rows changed by the last INSERT, UPDATE or DELETE.
  public var changes: Int { Int(sqlite3_changes(handle)) }

  /// Whether a transaction is open on this connection.
  public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }
  /// Whether the open transaction has written (or holds the write lock).
  public var isWriting: Bool { sqlite3_txn_state(handle, nil) == SQLITE_TXN_WRITE }

  // MARK: - Private

  private func prepared(_ sql: String) throws -> (statement: OpaquePointer, columns: DatabaseColumns) {
    // Only a text too long to be stored inline has bytes of its own: a short one is copied
    // to the stack to be read, at an address any other short text may have next.
    let count = sql.utf8.count
    guard count > 15, let address = sql.utf8.withContiguousStorageIfAvailable({ $0.baseAddress }) ?? nil else {
      return try preparedByText(sql)
    }
    let key = UInt(bitPattern: address)
    if let entry = statementsByAddress[key], entry.count == count, let text = sqlite3_sql(entry.statement),
      memcmp(text, address, count) == 0
    {
      return (entry.statement, entry.columns)
    }
    let prepared = try preparedByText(sql)
    if statementsByAddress.count >= Self.addressedLimit { statementsByAddress.removeAll(keepingCapacity: true) }
    statementsByAddress[key] = (prepared.statement, prepared.columns, count)
    return prepared
  }

  private func preparedByText(_ sql: String) throws -> (statement: OpaquePointer, columns: DatabaseColumns) {
    if let prepared = statements[sql] { return prepared }
    if statements.count >= Self.statementLimit { dropStatements() }
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
    guard code == SQLITE_OK, let statement else { throw error(sql: sql) }
    let count = sqlite3_column_count(statement)
    let columns = DatabaseColumns((0..<count).map { String(cString: sqlite3_column_name(statement, $0)) })
    statements[sql] = (statement, columns)
    return (statement, columns)
  }

  /// Finalizes the statements kept, but for one still running (none should be: a row's `body`
  /// runs no statement on its connection), and forgets their addresses; those in use are
  /// prepared again when next run.
  private func dropStatements() {
    statementsByAddress.removeAll(keepingCapacity: true)
    for (sql, prepared) in statements where sqlite3_stmt_busy(prepared.statement) == 0 {
      sqlite3_finalize(prepared.statement)
      statements[sql] = nil
    }
  }

  /// The statements SQLite holds prepared for this connection (`sqlite3_next_stmt`).
  var statementsHeld: Int {
    var count = 0
    var statement = sqlite3_next_stmt(handle, nil)
    while let current = statement {
      count += 1
      statement = sqlite3_next_stmt(handle, current)
    }
    return count
  }

  private func bind(_ bindings: [DatabaseValue], to statement: OpaquePointer, sql: String) throws {
    let expected = Int(sqlite3_bind_parameter_count(statement))
    guard expected == bindings.count else {
      throw SQLiteError(
        code: SQLITE_RANGE,
        message: "statement takes \(expected) parameters, got \(bindings.count): \(sql)")
    }
    for (offset, binding) in bindings.enumerated() {
      let index = Int32(offset + 1)
      let code: Int32
      switch binding {
      case .null: code = sqlite3_bind_null(statement, index)
      case .integer(let value): code = sqlite3_bind_int64(statement, index, value)
      case .real(let value): code = sqlite3_bind_double(statement, index, value)
      case .text(let value):
        // With an explicit byte count, so text holding NUL characters is stored whole.
        // An empty buffer may have no address, and a NULL pointer would bind SQL NULL.
        var text = value
        code =
          text.isEmpty
          ? sqlite3_bind_text(statement, index, "", 0, Self.transient)
          : text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
              sqlite3_bind_text(statement, index, $0.baseAddress, Int32($0.count), Self.transient)
            }
          }
      case .blob(let bytes):
        code = bytes.withUnsafeBytes {
          sqlite3_bind_blob(statement, index, $0.baseAddress, Int32($0.count), Self.transient)
        }
      }
      guard code == SQLITE_OK else { throw error(sql: sql) }
    }
  }

  fileprivate static func value(_ statement: OpaquePointer, _ column: Int32) -> DatabaseValue {
    switch sqlite3_column_type(statement, column) {
    case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, column))
    case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, column))
    case SQLITE_TEXT:
      let count = Int(sqlite3_column_bytes(statement, column))
      guard let text = sqlite3_column_text(statement, column) else { return .text("") }
      return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
    case SQLITE_BLOB:
      let count = Int(sqlite3_column_bytes(statement, column))
      guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return .blob([]) }
      return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
    default: return .null
    }
  }

  func error(sql: String) -> SQLiteError {
    SQLiteError(
      code: sqlite3_extended_errcode(handle),
      message: "\(String(cString: sqlite3_errmsg(handle))) in: \(sql)")
  }
}

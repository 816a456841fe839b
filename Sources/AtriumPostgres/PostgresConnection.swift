import AtriumSQL
import CLibPQ

#if canImport(Glibc)
  import Glibc
#endif

/// The one owner of a libpq `PGconn`: connects, prepares and caches statements, binds
/// parameters with their exact types and turns every failure into a `PostgresError`.
///
/// A connection is used by one thread at a time; callers that share connections between
/// threads hand them over through a pool.
///
/// On a loaded machine every round trip to the server costs more than the short statements
/// Atrium runs, so the connection saves the ones it can: a transaction's BEGIN and a
/// statement's first PREPARE go with the statement itself, and a read-only COMMIT is sent
/// without waiting for its answer (libpq's pipeline mode; see `PostgresConnection+Pipeline`).
public final class PostgresConnection {
  let handle: OpaquePointer
  /// Prepared statements by SQL text and parameter types, with their result columns once known.
  var statements: [StatementKey: PreparedStatement] = [:]
  /// How many statements were ever prepared, for their names (never reused, so a name is
  /// never prepared twice, even when a statement's first run failed).
  var preparedCount = 0
  /// A BEGIN that goes to the server with the transaction's first statement.
  var deferredBegin: String?
  /// Whether a COMMIT was sent whose answer has not been read yet (`commitWithoutWaiting`).
  var commitInFlight = false
  /// Set when the connection's state can no longer be trusted (a pipeline that did not end
  /// cleanly): it is then treated as broken and never reused.
  var isPoisoned = false

  /// Where this connection goes, without the password: `host:port/database`, for messages.
  public let address: String

  /// Connects to the database that `url` names (`postgres://user@host:port/db?...`, or any
  /// libpq connection string). A password in it never appears in an error.
  public init(url: String, applicationName: String = "atrium") throws {
    // Earlier keywords are defaults the URL may override; later ones override the URL.
    // JIT compiling pays off for long analytical queries, never for Atrium's short ones: a
    // query the planner thinks large (an approvals list) would spend 20 ms compiling.
    let pairs: [(String, String)] = [
      ("connect_timeout", "5"), ("application_name", applicationName), ("options", "-c jit=off"),
      ("dbname", url),
      ("client_encoding", "UTF8"),
    ]
    let connection = withCStrings(pairs.map(\.0)) { keywords in
      withCStrings(pairs.map(\.1)) { values in PQconnectdbParams(keywords, values, 1) }
    }
    guard let connection else {
      throw PostgresError(sqlState: "", message: "out of memory while connecting", connectionLost: true)
    }
    let address = Self.address(of: connection)
    guard PQstatus(connection) == CONNECTION_OK else {
      let reason = Self.trimmed(PQerrorMessage(connection))
      PQfinish(connection)
      throw PostgresError(
        sqlState: "08001", message: "cannot connect to PostgreSQL at \(address): \(reason)", connectionLost: true)
    }
    handle = connection
    self.address = address
    // Notices (such as "relation already exists, skipping") would go to standard error.
    PQsetNoticeProcessor(handle, { _, _ in }, nil)
  }

  deinit { PQfinish(handle) }

  /// Runs one or more statements that take no parameters (schema scripts, transaction control).
  public func executeScript(_ sql: String) throws {
    settle()
    if let begin = deferredBegin {
      deferredBegin = nil
      try executeScript(begin)
    }
    guard let result = PQexec(handle, sql) else { throw failure(nil, sql: sql) }
    defer { PQclear(result) }
    let status = PQresultStatus(result)
    guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else { throw failure(result, sql: sql) }
  }

  /// Runs one parameterized statement (with `?` placeholders) and returns its rows and how
  /// many rows it changed.
  @discardableResult
  public func run(_ sql: String, _ bindings: [DatabaseValue] = []) throws -> (rows: [DatabaseRow], changes: Int) {
    settle()
    let parameters = try PostgresParameters(bindings)
    let key = StatementKey(sql: sql, types: parameters.types)
    guard let statement = statements[key], deferredBegin == nil else {
      let (statement, result) = try runPipelined([(key, parameters)])[0]
      defer { PQclear(result) }
      return read(result, of: statement, key)
    }
    guard
      let result = parameters.withPointers({ values, lengths, formats in
        PQexecPrepared(handle, statement.name, Int32(bindings.count), values, lengths, formats, 0)
      })
    else { throw failure(nil, sql: sql) }
    defer { PQclear(result) }
    guard Self.succeeded(result) else { throw failure(result, sql: sql) }
    return read(result, of: statement, key)
  }

  /// Runs independent queries in one round trip and returns each one's rows, in order.
  public func runAll(_ queries: [(sql: String, bindings: [DatabaseValue])]) throws -> [[DatabaseRow]] {
    settle()
    let items = try queries.map { query in
      let parameters = try PostgresParameters(query.bindings)
      return (key: StatementKey(sql: query.sql, types: parameters.types), parameters: parameters)
    }
    let runs = try runPipelined(items)
    defer { runs.forEach { PQclear($0.1) } }
    return zip(runs, items).map { run, item in read(run.1, of: run.0, item.key).rows }
  }

  /// A successful result's rows (read by the statement's columns, learnt on its first run).
  private func read(
    _ result: OpaquePointer, of statement: PreparedStatement, _ key: StatementKey
  ) -> (
    rows: [DatabaseRow], changes: Int
  ) {
    let columns = statement.columns ?? statements[key]?.columns ?? columnsOf(result)
    if statements[key]?.columns == nil { statements[key]?.columns = columns }
    let changes = Int(String(cString: PQcmdTuples(result))) ?? 0
    return (PostgresResultReader(result: result, columns: columns).rows(), changes)
  }

  /// Whether a transaction is open (or failed and not yet rolled back) on this connection. A
  /// transaction whose COMMIT is on its way is over.
  public var isInTransaction: Bool {
    deferredBegin != nil || (!commitInFlight && PQtransactionStatus(handle) != PQTRANS_IDLE)
  }

  /// Whether the connection to the server is gone; a broken connection is never reused.
  public var isBroken: Bool { isPoisoned || PQstatus(handle) != CONNECTION_OK }

  // MARK: - Private

  struct StatementKey: Hashable {
    let sql: String
    let types: [UInt32]
  }

  struct PreparedStatement {
    let name: String
    var columns: DatabaseColumns?
  }

  static func succeeded(_ result: OpaquePointer) -> Bool {
    let status = PQresultStatus(result)
    return status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK
  }

  private func columnsOf(_ result: OpaquePointer) -> DatabaseColumns {
    DatabaseColumns((0..<PQnfields(result)).map { String(cString: PQfname(result, $0)) })
  }

  func failure(_ result: OpaquePointer?, sql: String) -> PostgresError {
    let lost = isBroken
    guard let result else {
      return PostgresError(
        sqlState: "", message: "\(Self.trimmed(PQerrorMessage(handle))) in: \(sql)", connectionLost: lost)
    }
    let state = PQresultErrorField(result, ATRIUM_PG_DIAG_SQLSTATE).map { String(cString: $0) } ?? ""
    var message = Self.trimmed(PQresultErrorMessage(result))
    if message.isEmpty { message = Self.trimmed(PQerrorMessage(handle)) }
    return PostgresError(sqlState: state, message: "\(message) in: \(sql)", connectionLost: lost)
  }

  private static func trimmed(_ text: UnsafePointer<CChar>?) -> String {
    guard let text else { return "" }
    var message = String(cString: text)
    while message.last?.isWhitespace == true { message.removeLast() }
    return message
  }

  private static func address(of connection: OpaquePointer) -> String {
    let host = PQhost(connection).map { String(cString: $0) } ?? ""
    let port = PQport(connection).map { String(cString: $0) } ?? ""
    let database = PQdb(connection).map { String(cString: $0) } ?? ""
    return "\(host.isEmpty ? "localhost" : host)\(port.isEmpty ? "" : ":" + port)/\(database)"
  }
}

/// Calls `body` with a C array of C strings holding `strings`, NULL-terminated.
func withCStrings<T>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T) -> T {
  let copies = strings.map { strdup($0) }
  defer { copies.forEach { free($0) } }
  let pointers = copies.map { UnsafePointer($0) } + [nil]
  return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}

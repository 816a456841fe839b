import AtriumSQL
import CLibPQ

/// Transactions that cost no round trips of their own.
///
/// A request's read is a BEGIN, a few short statements and a COMMIT. On a loaded machine each
/// round trip (a wake-up of the server's process and of ours) costs more than such a statement
/// itself, so BEGIN waits to go with the first statement, a statement's first PREPARE goes with
/// its first run, and a read-only transaction's COMMIT (which cannot fail to commit anything)
/// is sent without waiting: its answer is read before the connection's next statement. libpq's
/// pipeline mode sends them together; the server runs them in order, as if sent one by one.
extension PostgresConnection {
  /// Opens a transaction with `sql` (a `BEGIN …`), sent with the transaction's first statement.
  /// A transaction that runs no statement costs nothing. One left open is rolled back first.
  public func begin(_ sql: String) {
    rollBack()
    deferredBegin = sql
  }

  /// Commits and waits for the server's answer (a write, whose COMMIT may fail as a conflict).
  public func commit() throws {
    guard deferredBegin == nil else {
      deferredBegin = nil
      return
    }
    try executeScript("COMMIT")
  }

  /// Ends a read-only transaction without waiting for the server's answer. Its answer is read
  /// before the next statement; a connection lost meanwhile is then found broken.
  public func commitWithoutWaiting() throws {
    guard deferredBegin == nil else {
      deferredBegin = nil
      return
    }
    settle()
    guard PQenterPipelineMode(handle) == 1 else { return try executeScript("COMMIT") }
    guard PQsendQueryParams(handle, "COMMIT", 0, nil, nil, nil, nil, 0) == 1, PQpipelineSync(handle) == 1 else {
      let error = failure(nil, sql: "COMMIT")
      finishPipeline().forEach { PQclear($0) }
      throw error
    }
    commitInFlight = true
  }

  /// Ends the transaction (if one is open) without keeping anything it did.
  public func rollBack() {
    guard deferredBegin == nil else {
      deferredBegin = nil
      return
    }
    settle()
    guard !isBroken, isInTransaction else { return }
    _ = try? executeScript("ROLLBACK")
  }

  /// Reads the answer of a COMMIT sent without waiting. Its outcome concerns nobody any more
  /// (the transaction wrote nothing); a connection lost meanwhile fails the next statement.
  func settle() {
    guard commitInFlight else { return }
    commitInFlight = false
    finishPipeline().forEach { PQclear($0) }
  }

  /// Runs statements together, in one round trip, with what must go before them: the
  /// transaction's deferred BEGIN, and each statement's PREPARE the first time it runs.
  /// - Returns: Each statement and its result, in order (the caller clears the results).
  /// - Throws: The first failure; the server skipped the statements after it.
  func runPipelined(
    _ items: [(key: StatementKey, parameters: PostgresParameters)]
  ) throws -> [(
    PreparedStatement, OpaquePointer
  )] {
    /// What each result read back answers, in the order sent.
    enum Sent {
      case begin
      case prepare(StatementKey, PreparedStatement)
      case run(PreparedStatement, key: StatementKey)
    }
    var sent: [Sent] = []
    let begin = deferredBegin
    deferredBegin = nil
    guard PQenterPipelineMode(handle) == 1 else { throw failure(nil, sql: items.first?.key.sql ?? "") }
    var sendFailed = false
    if let begin {
      sendFailed = PQsendQueryParams(handle, begin, 0, nil, nil, nil, nil, 0) != 1
      sent.append(.begin)
    }
    var preparing: [StatementKey: PreparedStatement] = [:]
    for (key, parameters) in items where !sendFailed {
      var statement = statements[key] ?? preparing[key]
      if statement == nil {
        preparedCount += 1
        let fresh = PreparedStatement(name: "atrium_\(preparedCount)", columns: nil)
        let translated = SQLDialect.postgres.placeholders(in: key.sql)
        sendFailed =
          key.types.withUnsafeBufferPointer { types in
            PQsendPrepare(handle, fresh.name, translated, Int32(types.count), types.baseAddress)
          } != 1
        sent.append(.prepare(key, fresh))
        preparing[key] = fresh
        statement = fresh
      }
      guard let statement, !sendFailed else { break }
      sendFailed =
        parameters.withPointers { values, lengths, formats in
          PQsendQueryPrepared(handle, statement.name, Int32(key.types.count), values, lengths, formats, 0)
        } != 1
      sent.append(.run(statement, key: key))
    }
    if !sendFailed { sendFailed = PQpipelineSync(handle) != 1 }
    let sendFailure = sendFailed ? failure(nil, sql: items.first?.key.sql ?? "") : nil
    let results = finishPipeline()
    var kept: Set<OpaquePointer> = []
    defer { results.filter { !kept.contains($0) }.forEach { PQclear($0) } }
    if let sendFailure { throw sendFailure }
    // A PREPARE that succeeded holds its name on the server, even when a run failed.
    for (answer, result) in zip(sent, results) {
      if case .prepare(let key, let statement) = answer, Self.succeeded(result) { statements[key] = statement }
    }
    if let (answer, result) = zip(sent, results).first(where: { !Self.succeeded($0.1) }) {
      switch answer {
      case .begin: throw failure(result, sql: begin ?? "BEGIN")
      case .prepare(let key, _), .run(_, let key): throw failure(result, sql: key.sql)
      }
    }
    guard results.count == sent.count else {
      isPoisoned = true
      throw failure(nil, sql: items.first?.key.sql ?? "")
    }
    var runs: [(PreparedStatement, OpaquePointer)] = []
    for (answer, result) in zip(sent, results) {
      guard case .run(let statement, _) = answer else { continue }
      kept.insert(result)
      runs.append((statement, result))
    }
    return runs
  }

  /// Reads every result up to the pipeline's sync point and leaves pipeline mode.
  /// - Returns: One result per command sent, in order: after a failed command, the ones the
  ///   server skipped are `PIPELINE_ABORTED`. Fewer when the connection was lost; the
  ///   connection is then broken.
  func finishPipeline() -> [OpaquePointer] {
    var results: [OpaquePointer] = []
    var emptyReads = 0
    while emptyReads < 2 {
      guard let result = PQgetResult(handle) else {
        // One empty read ends each command's results; two in a row mean nothing is coming.
        emptyReads += 1
        if isBroken { break }
        continue
      }
      emptyReads = 0
      if PQresultStatus(result) == PGRES_PIPELINE_SYNC {
        PQclear(result)
        break
      }
      results.append(result)
    }
    if PQexitPipelineMode(handle) != 1 { isPoisoned = true }
    return results
  }
}

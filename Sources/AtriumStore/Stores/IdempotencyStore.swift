import AtriumSQL

/// Responses kept for `Idempotency-Key` replays (DESIGN.md "API conventions").
public struct IdempotencyStore {
  let connection: any DatabaseConnection

  public init(_ connection: any DatabaseConnection) {
    self.connection = connection
  }

  /// A response as first sent.
  public struct StoredResponse: Sendable, Hashable {
    public let status: Int
    public let contentType: String?
    /// Headers worth repeating (e.g. `Location`), one `name: value` per line.
    public let headers: String
    public let body: [UInt8]

    public init(status: Int, contentType: String?, headers: String, body: [UInt8]) {
      self.status = status
      self.contentType = contentType
      self.headers = headers
      self.body = body
    }
  }

  /// What became of an attempt to claim a key.
  public enum Claim: Sendable, Hashable {
    /// The key is new: run the request, then `complete` or `release` it.
    case claimed
    /// The key was used for this same request: send the stored response again.
    case replay(StoredResponse)
    /// The first request with this key is still running.
    case inProgress
    /// The key was used for a different request.
    case mismatch
  }

  /// Claims `key` for a request with `fingerprint`, first forgetting keys older than `expiry`.
  public func claim(
    scope: String, key: String, fingerprint: String, now: Int64, expiry: Int64
  ) throws
    -> Claim
  {
    try connection.execute("DELETE FROM idempotency_keys WHERE created_at < ?", .integer(expiry))
    if let row = try connection.queryFirst(
      "SELECT * FROM idempotency_keys WHERE scope = ? AND key = ?", .text(scope), .text(key))
    {
      guard row.string("fingerprint") == fingerprint else { return .mismatch }
      guard let status = row.optionalInt("status") else { return .inProgress }
      return .replay(
        StoredResponse(
          status: status, contentType: row.optionalString("content_type"), headers: row.string("headers"),
          body: row.blob("body")))
    }
    try connection.execute(
      "INSERT INTO idempotency_keys (scope, key, fingerprint, created_at) VALUES (?, ?, ?, ?)",
      .text(scope), .text(key), .text(fingerprint), .integer(now))
    return .claimed
  }

  /// Stores the response of a claimed key.
  public func complete(scope: String, key: String, response: StoredResponse) throws {
    try connection.execute(
      "UPDATE idempotency_keys SET status = ?, content_type = ?, headers = ?, body = ? WHERE scope = ? AND key = ?",
      .integer(Int64(response.status)), DatabaseValue(response.contentType), .text(response.headers),
      .blob(response.body), .text(scope), .text(key))
  }

  /// Forgets every key first used before `instant` (housekeeping).
  public func purge(before instant: Int64) throws {
    try connection.execute("DELETE FROM idempotency_keys WHERE created_at < ?", .integer(instant))
  }

  /// Forgets every claim still without a response: at start-up these belong to a server that
  /// died mid-request, and would otherwise answer "still being processed" to every retry.
  @discardableResult
  public func releaseUnfinished() throws -> Int {
    let count =
      try connection.queryFirst("SELECT count(*) AS n FROM idempotency_keys WHERE status IS NULL")?.int("n") ?? 0
    try connection.execute("DELETE FROM idempotency_keys WHERE status IS NULL")
    return count
  }

  /// Gives a claimed key up (the request failed on the server's side), so a retry runs anew.
  public func release(scope: String, key: String) throws {
    try connection.execute(
      "DELETE FROM idempotency_keys WHERE scope = ? AND key = ? AND status IS NULL", .text(scope), .text(key))
  }
}

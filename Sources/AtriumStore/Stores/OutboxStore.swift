import AtriumSQL

/// The notification outbox: rows written with the change that causes them, claimed by a
/// sender for a lease, and marked sent, due again, or dead.
public struct OutboxStore {
  let connection: any DatabaseConnection

  public init(_ connection: any DatabaseConnection) {
    self.connection = connection
  }

  public enum Channel: String, Sendable {
    case mail, push
  }

  /// Something to tell someone, as written by the change that causes it.
  public struct Entry: Sendable, Hashable {
    public var id: String
    public var channel: Channel
    /// The notification kind (`leaveDecisions`, `passwordReset`, …).
    public var kind: String
    /// The person it is for, when they have an account.
    public var recipientID: String?
    /// A mail address, or a device id for push.
    public var address: String
    /// Unique: a change that runs again (a replayed request) writes no second row.
    public var idempotencyKey: String
    /// What the sender delivers, rendered when the row was written (a raw mail).
    public var payload: String
    /// Whether the payload carries a secret (a reset link): it is removed once sent or dead.
    public var holdsSecret: Bool
    public var createdAt: Int64
    /// The client address whose request caused it, for mails anyone may ask for (a reset).
    public var origin: String?

    public init(
      id: String, channel: Channel, kind: String, recipientID: String?, address: String, idempotencyKey: String,
      payload: String, holdsSecret: Bool = false, createdAt: Int64, origin: String? = nil
    ) {
      self.id = id
      self.channel = channel
      self.kind = kind
      self.recipientID = recipientID
      self.address = address
      self.idempotencyKey = idempotencyKey
      self.payload = payload
      self.holdsSecret = holdsSecret
      self.createdAt = createdAt
      self.origin = origin
    }
  }

  /// A row as the outbox holds it.
  public struct Row: Sendable, Hashable {
    public var entry: Entry
    public var status: String
    public var attempts: Int
    public var nextAttemptAt: Int64
    public var lastError: String?
    public var finishedAt: Int64?
  }

  /// Writes `entry`, due at once; nothing when a row with its idempotency key exists.
  /// - Returns: Whether a row was written.
  @discardableResult
  public func enqueue(_ entry: Entry) throws -> Bool {
    try connection.execute(
      """
      INSERT INTO notification_outbox (id, channel, kind, recipient_id, address, idempotency_key, payload,
        holds_secret, next_attempt_at, created_at, origin) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (idempotency_key) DO NOTHING
      """, .text(entry.id), .text(entry.channel.rawValue), .text(entry.kind),
      entry.recipientID.map(DatabaseValue.text) ?? .null, .text(entry.address), .text(entry.idempotencyKey),
      .text(entry.payload), DatabaseValue(entry.holdsSecret), .integer(entry.createdAt), .integer(entry.createdAt),
      entry.origin.map(DatabaseValue.text) ?? .null) == 1
  }

  /// Whether a row of `channel` is due and unclaimed: a read, so an idle sender writes nothing.
  public func hasDue(channel: Channel, now: Int64) throws -> Bool {
    try connection.queryFirst(
      """
      SELECT 1 AS due FROM notification_outbox
      WHERE channel = ? AND status = 'pending' AND next_attempt_at <= ? AND (claimed_until IS NULL OR claimed_until < ?)
      LIMIT 1
      """, .text(channel.rawValue), .integer(now), .integer(now)) != nil
  }

  /// Claims up to `limit` rows of `channel` that are due and not claimed by a sender whose
  /// lease runs, oldest due first, for `holder` until `leaseUntil`. On PostgreSQL rows another
  /// instance is claiming at this moment are skipped (`SKIP LOCKED`), so no row is claimed twice.
  public func claimDue(channel: Channel, holder: String, now: Int64, leaseUntil: Int64, limit: Int) throws -> [Row] {
    let locking = connection.dialect == .postgres ? " FOR UPDATE SKIP LOCKED" : ""
    return try connection.query(
      """
      UPDATE notification_outbox SET claimed_by = ?, claimed_until = ?
      WHERE id IN (
        SELECT id FROM notification_outbox
        WHERE channel = ? AND status = 'pending' AND next_attempt_at <= ? AND (claimed_until IS NULL OR claimed_until < ?)
        ORDER BY next_attempt_at, id LIMIT ?\(locking))
      RETURNING *
      """, .text(holder), .integer(leaseUntil), .text(channel.rawValue), .integer(now), .integer(now),
      .integer(Int64(limit))
    ).map(Self.row).sorted { ($0.nextAttemptAt, $0.entry.id) < ($1.nextAttemptAt, $1.entry.id) }
  }

  /// Claims every other pending row for `address` of `kind` that no sender holds, due or not:
  /// the push sender merges them with the ones it claimed into one message.
  public func claimPending(
    channel: Channel, address: String, kind: String, holder: String, now: Int64, leaseUntil: Int64
  ) throws -> [Row] {
    let locking = connection.dialect == .postgres ? " FOR UPDATE SKIP LOCKED" : ""
    return try connection.query(
      """
      UPDATE notification_outbox SET claimed_by = ?, claimed_until = ?
      WHERE id IN (
        SELECT id FROM notification_outbox
        WHERE channel = ? AND address = ? AND kind = ? AND status = 'pending'
          AND (claimed_until IS NULL OR claimed_until < ?)\(locking))
      RETURNING *
      """, .text(holder), .integer(leaseUntil), .text(channel.rawValue), .text(address), .text(kind), .integer(now)
    ).map(Self.row)
  }

  /// Lets go of every claim on a pending row: at start-up on SQLite (one server per data
  /// folder) they belong to a server that died mid-delivery, and its mails go again at once
  /// instead of when the claims lapse.
  @discardableResult
  public func releaseClaims() throws -> Int {
    try connection.execute(
      """
      UPDATE notification_outbox SET claimed_by = NULL, claimed_until = NULL
      WHERE status = 'pending' AND claimed_by IS NOT NULL
      """)
  }

  /// The row was delivered. Its content leaves the row (a reset link, a person's name): the
  /// 30 days the row is kept need only what happened to it.
  public func markSent(id: String, at instant: Int64) throws {
    try finish(id: id, status: "sent", error: nil, at: instant)
  }

  /// The row will never be delivered (`reason` says why). Its content leaves the row.
  public func markDead(id: String, reason: String, at instant: Int64) throws {
    try finish(id: id, status: "dead", error: reason, at: instant)
  }

  /// The sender had nothing to send (an account mail for an address without an account):
  /// finished, with `reason`.
  public func markSkipped(id: String, reason: String, at instant: Int64) throws {
    try finish(id: id, status: "skipped", error: reason, at: instant)
  }

  /// How many rows of kinds starting with `kindPrefix` were written since `since` for
  /// `address`, or from the client address `origin`.
  /// - Returns: The count, and when the oldest of them was written.
  public func recent(
    kindPrefix: String, address: String? = nil, origin: String? = nil, since: Int64
  ) throws
    -> (count: Int, oldest: Int64?)
  {
    var sql =
      "SELECT COUNT(*) AS n, MIN(created_at) AS oldest FROM notification_outbox WHERE created_at > ? AND kind LIKE ?"
    var arguments: [DatabaseValue] = [.integer(since), .text(kindPrefix + "%")]
    if let address {
      sql += " AND address = ?"
      arguments.append(.text(address))
    }
    if let origin {
      sql += " AND origin = ?"
      arguments.append(.text(origin))
    }
    let row = try connection.query(sql, arguments).first
    return (row?.int("n") ?? 0, row?.optionalInt("oldest").map(Int64.init))
  }

  /// The attempt failed for now: the row is due again at `nextAttemptAt`, unclaimed.
  public func markFailed(id: String, reason: String, nextAttemptAt: Int64) throws {
    try connection.execute(
      """
      UPDATE notification_outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ?,
        claimed_by = NULL, claimed_until = NULL
      WHERE id = ? AND status = 'pending'
      """, .text(reason), .integer(nextAttemptAt), .text(id))
  }

  private func finish(id: String, status: String, error: String?, at instant: Int64) throws {
    try connection.execute(
      """
      UPDATE notification_outbox SET status = ?, attempts = attempts + 1, last_error = ?, finished_at = ?,
        claimed_by = NULL, claimed_until = NULL, payload = ''
      WHERE id = ? AND status = 'pending'
      """, .text(status), error.map(DatabaseValue.text) ?? .null, .integer(instant), .text(id))
  }

  /// Rows by status (nil for all), newest first.
  public func rows(status: String? = nil, limit: Int = 100) throws -> [Row] {
    try page(status: status, limit: limit, after: nil).rows
  }

  /// One page of rows by status (nil for all), newest first.
  /// - Throws: `InvalidCursor` for a cursor this list did not make.
  public func page(status: String?, limit: Int, after cursor: String?) throws -> (rows: [Row], nextCursor: String?) {
    var conditions: [String] = []
    var arguments: [DatabaseValue] = []
    if let status {
      conditions.append("status = ?")
      arguments.append(.text(status))
    }
    if let cursor {
      guard let key = Cursor.decode(cursor, count: 2), let createdAt = Int64(key[0]) else { throw InvalidCursor() }
      conditions.append("(created_at < ? OR (created_at = ? AND id < ?))")
      arguments += [.integer(createdAt), .integer(createdAt), .text(key[1])]
    }
    let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
    arguments.append(.integer(Int64(limit + 1)))
    let rows = try connection.query(
      "SELECT * FROM notification_outbox\(filter) ORDER BY created_at DESC, id DESC LIMIT ?", arguments
    ).map(Self.row)
    guard rows.count > limit, let last = rows.prefix(limit).last else { return (rows, nil) }
    return (Array(rows.prefix(limit)), Cursor.encode([String(last.entry.createdAt), last.entry.id]))
  }

  /// How many rows each status holds.
  public func counts() throws -> [String: Int] {
    try connection.query("SELECT status, COUNT(*) AS n FROM notification_outbox GROUP BY status")
      .reduce(into: [:]) { $0[$1.string("status")] = $1.int("n") }
  }

  /// Forgets rows finished before `cutoff` (housekeeping): the audit trail keeps what matters.
  @discardableResult
  public func deleteFinished(before cutoff: Int64) throws -> Int {
    try connection.execute(
      "DELETE FROM notification_outbox WHERE status IN ('sent', 'dead', 'skipped') AND finished_at < ?",
      .integer(cutoff))
  }

  private static func row(_ row: DatabaseRow) -> Row {
    Row(
      entry: Entry(
        id: row.string("id"), channel: Channel(rawValue: row.string("channel")) ?? .mail, kind: row.string("kind"),
        recipientID: row.optionalString("recipient_id"), address: row.string("address"),
        idempotencyKey: row.string("idempotency_key"), payload: row.string("payload"),
        holdsSecret: row.bool("holds_secret"), createdAt: Int64(row.int("created_at")),
        origin: row.optionalString("origin")),
      status: row.string("status"), attempts: row.int("attempts"), nextAttemptAt: Int64(row.int("next_attempt_at")),
      lastError: row.optionalString("last_error"), finishedAt: row.optionalInt("finished_at").map(Int64.init))
  }
}

import AtriumDomain
import AtriumSQL

/// The log behind live events: each change that someone should see at once appends a row in
/// the transaction that makes the change, so an event is never sent for a change that rolled
/// back, and a client that reconnects can be replayed what it missed.
public struct LiveEventStore {
  let connection: any DatabaseConnection

  public init(_ connection: any DatabaseConnection) {
    self.connection = connection
  }

  public struct Event: Hashable, Sendable {
    public let id: Int64
    /// `notice` or `approvals`.
    public let kind: String
    /// A small JSON object; clients fetch the details themselves.
    public let data: String
    public let audience: EventAudience
    public let createdAt: Int64
  }

  /// The PostgreSQL channel a commit that appended events notifies.
  public static let channel = "atrium_live_events"

  public func append(kind: String, data: String, audience: EventAudience, at instant: Int64) throws {
    let (name, target): (String, String?) =
      switch audience {
      case .person(let id): ("person", id)
      case .everyone: ("everyone", nil)
      case .department(let id): ("department", id)
      case .location(let id): ("location", id)
      case .admins(let except): ("admins", except)
      }
    let insert = (
      sql: "INSERT INTO live_events (kind, data, audience, target_id, created_at) VALUES (?, ?, ?, ?, ?)",
      arguments: [.text(kind), .text(data), .text(name), DatabaseValue(target), .integer(instant)]
    )
    guard connection.dialect == .postgres else {
      try connection.execute(insert.sql, insert.arguments)
      return
    }
    // Event ids must grow in commit order: a stream that has read up to id n never reads
    // below n again. A PostgreSQL sequence alone does not give that (two transactions can
    // commit in the other order), so the number is taken under a lock held until commit: the
    // next event is numbered only once this one's transaction has ended. The lock orders every
    // writer of events, so it is taken as late as can be: just before COMMIT, with the
    // notification (delivered at commit to every instance's listener) and the row.
    try connection.executeBeforeCommit([
      ("SELECT pg_advisory_xact_lock(?)", [.integer(DatabaseLocks.liveEvents)]),
      ("SELECT pg_notify(?, '')", [.text(Self.channel)]), insert,
    ])
  }

  /// A notice for someone (or for an audience): clients refresh the board and its badge.
  public func appendNotice(id: String, kind: String, title: String, audience: EventAudience, at instant: Int64) throws {
    try append(
      kind: "notice", data: Self.json(["id": id, "kind": kind, "title": title]), audience: audience, at: instant)
  }

  /// A flat JSON object of strings, keys sorted, for an event's data line.
  public static func json(_ fields: [String: String]) -> String {
    JSONText.object(fields)
  }

  /// The id of the newest event, or 0 when there is none.
  public func latestID() throws -> Int64 {
    try connection.queryFirst("SELECT COALESCE(MAX(seq), 0) AS latest FROM live_events").map {
      Int64($0.int("latest"))
    } ?? 0
  }

  /// Events after `id`, oldest first, whoever they are for.
  public func events(after id: Int64, limit: Int) throws -> [Event] {
    try connection.query(
      "SELECT * FROM live_events WHERE seq > ? ORDER BY seq LIMIT ?", .integer(id), .integer(Int64(limit))
    ).compactMap { row in
      let target = row.optionalString("target_id")
      let audience: EventAudience? =
        switch row.string("audience") {
        case "person": target.map { .person(id: $0) }
        case "everyone": .everyone
        case "department": target.map { .department(id: $0) }
        case "location": target.map { .location(id: $0) }
        case "admins": .admins(except: target)
        default: nil
        }
      return audience.map {
        Event(
          id: Int64(row.int("seq")), kind: row.string("kind"), data: row.string("data"), audience: $0,
          createdAt: Int64(row.int("created_at")))
      }
    }
  }

  /// Forgets events older than `instant`: a client away longer reloads instead of replaying.
  public func purge(before instant: Int64) throws {
    try connection.execute("DELETE FROM live_events WHERE created_at < ?", .integer(instant))
  }
}

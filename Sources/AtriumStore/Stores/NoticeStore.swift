import AtriumSQL
import Foundation

/// Personal notices for the board (a request changed state, a request waits). Each one is
/// also a live event for its recipient.
public struct NoticeStore {
  let connection: any DatabaseConnection

  public init(_ connection: any DatabaseConnection) {
    self.connection = connection
  }

  public struct Notice: Hashable, Sendable {
    public let id: String
    public let recipientID: String
    public let kind: String
    public let title: String
    public let body: String
    public let requestID: String?
    /// The facts the notice is worded from when read; empty on notices stored before.
    public let parameters: [String: String]
    public let createdAt: Int64
    public let readAt: Int64?
    public let doneAt: Int64?

    /// - Parameters:
    ///   - title: the notice in the recipient's language, for the live event and for readers
    ///     that cannot word `parameters`.
    public init(
      id: String, recipientID: String, kind: String, title: String, body: String, requestID: String?,
      parameters: [String: String] = [:], createdAt: Int64, readAt: Int64? = nil, doneAt: Int64? = nil
    ) {
      self.id = id
      self.recipientID = recipientID
      self.kind = kind
      self.title = title
      self.body = body
      self.requestID = requestID
      self.parameters = parameters
      self.createdAt = createdAt
      self.readAt = readAt
      self.doneAt = doneAt
    }
  }

  public func insert(_ notice: Notice) throws {
    try connection.execute(
      """
      INSERT INTO notices (id, recipient_id, kind, title, body, request_id, params, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)
      """,
      .text(notice.id), .text(notice.recipientID), .text(notice.kind), .text(notice.title), .text(notice.body),
      DatabaseValue(notice.requestID), .text(Self.encode(notice.parameters)), .integer(notice.createdAt))
    try countUnread(1, for: notice.recipientID)
    try LiveEventStore(connection).appendNotice(
      id: notice.id, kind: notice.kind, title: notice.title, audience: .person(id: notice.recipientID),
      at: notice.createdAt)
  }

  /// Marks a request's waiting-for-approval notices done (and read, so they leave the unread
  /// count): the request no longer waits.
  public func closeWaiting(requestID: String, at instant: Int64) throws {
    let unreadClosing = try connection.query(
      """
      SELECT recipient_id, COUNT(*) AS n FROM notices
      WHERE request_id = ? AND kind = 'approval.waiting' AND done_at IS NULL AND read_at IS NULL
      GROUP BY recipient_id
      """, .text(requestID))
    try connection.execute(
      """
      UPDATE notices SET done_at = ?, read_at = COALESCE(read_at, ?)
      WHERE request_id = ? AND kind = 'approval.waiting' AND done_at IS NULL
      """, .integer(instant), .integer(instant), .text(requestID))
    for row in unreadClosing { try countUnread(-row.int("n"), for: row.string("recipient_id")) }
  }

  /// `recipientID` has `change` more unread notices (fewer when negative), in the same
  /// transaction as the notices written or read: the count every web page's badge reads
  /// (`unread_notices`, migration 46) instead of counting the notices themselves.
  public func countUnread(_ change: Int, for recipientID: String) throws {
    guard change != 0 else { return }
    try connection.execute(
      """
      INSERT INTO unread_notices (recipient_id, unread) VALUES (?, ?)
      ON CONFLICT (recipient_id) DO UPDATE SET unread = unread_notices.unread + excluded.unread
      """, .text(recipientID), .integer(Int64(change)))
  }

  /// A notice's facts as stored: a flat JSON object of strings, keys sorted.
  public static func encode(_ parameters: [String: String]) -> String {
    parameters.isEmpty ? "" : LiveEventStore.json(parameters)
  }

  /// The facts back from their stored text; empty for notices stored before they had any.
  public static func decode(_ text: String) -> [String: String] {
    guard !text.isEmpty, let object = try? JSONDecoder().decode([String: String].self, from: Data(text.utf8)) else {
      return [:]
    }
    return object
  }

  /// A person's notices, newest first.
  public func notices(recipientID: String, limit: Int = 100) throws -> [Notice] {
    try connection.query(
      "SELECT * FROM notices WHERE recipient_id = ? ORDER BY created_at DESC, id DESC LIMIT ?", .text(recipientID),
      .integer(Int64(limit))
    ).map {
      Notice(
        id: $0.string("id"), recipientID: $0.string("recipient_id"), kind: $0.string("kind"),
        title: $0.string("title"), body: $0.string("body"), requestID: $0.optionalString("request_id"),
        parameters: Self.decode($0.string("params")), createdAt: Int64($0.int("created_at")),
        readAt: $0.optionalInt("read_at").map(Int64.init), doneAt: $0.optionalInt("done_at").map(Int64.init))
    }
  }
}

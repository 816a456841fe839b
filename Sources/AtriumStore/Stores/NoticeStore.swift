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
    public let createdAt: Int64
    public let readAt: Int64?

    public init(
      id: String, recipientID: String, kind: String, title: String, body: String, requestID: String?,
      createdAt: Int64, readAt: Int64? = nil
    ) {
      self.id = id
      self.recipientID = recipientID
      self.kind = kind
      self.title = title
      self.body = body
      self.requestID = requestID
      self.createdAt = createdAt
      self.readAt = readAt
    }
  }

  public func insert(_ notice: Notice) throws {
    try connection.execute(
      "INSERT INTO notices (id, recipient_id, kind, title, body, request_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      .text(notice.id), .text(notice.recipientID), .text(notice.kind), .text(notice.title), .text(notice.body),
      DatabaseValue(notice.requestID), .integer(notice.createdAt))
    try LiveEventStore(connection).appendNotice(
      id: notice.id, kind: notice.kind, title: notice.title, audience: .person(id: notice.recipientID),
      at: notice.createdAt)
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
        createdAt: Int64($0.int("created_at")), readAt: $0.optionalInt("read_at").map(Int64.init))
    }
  }
}

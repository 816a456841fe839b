import AtriumDomain

/// One notice on the board.
public struct BoardItem: Codable, Hashable, Sendable {
  public var id: String
  /// `personal` (about the reader's own requests, or one waiting for them) or `company`.
  public var scope: String
  /// What it is about, e.g. `leave.approve`, `approval.waiting`, `company`.
  public var kind: String
  /// Personal notices are worded in the reader's language when read; company notices as
  /// their author wrote them.
  public var title: String
  /// The text as written (for a personal notice: the reason, or what the reader is asked to do).
  public var body: String
  /// The body rendered as safe HTML (the Markdown subset; no HTML from the source survives).
  public var bodyHTML: String
  public var requestId: String?
  public var author: PersonName?
  /// RFC 3339, UTC.
  public var createdAt: String
  public var read: Bool
  /// A waiting-for-approval notice whose request no longer waits (decided, cancelled or
  /// changed); such a notice is also read.
  public var done: Bool

  public init(
    id: String, scope: String, kind: String, title: String, body: String, bodyHTML: String, requestId: String?,
    author: PersonName?, createdAt: String, read: Bool, done: Bool = false
  ) {
    self.id = id
    self.scope = scope
    self.kind = kind
    self.title = title
    self.body = body
    self.bodyHTML = bodyHTML
    self.requestId = requestId
    self.author = author
    self.createdAt = createdAt
    self.read = read
    self.done = done
  }
}

/// `POST /api/v1/board` body (admins).
public struct NewNotice: Codable, Hashable, Sendable {
  public var title: String
  public var body: String
  /// `everyone` (default), `department` or `location`.
  public var audience: String?
  /// The department or location id, for those audiences.
  public var audienceId: String?
  /// RFC 3339; the notice disappears after it.
  public var expiresAt: String?

  public init(title: String, body: String, audience: String? = nil, audienceId: String? = nil, expiresAt: String? = nil)
  {
    self.title = title
    self.body = body
    self.audience = audience
    self.audienceId = audienceId
    self.expiresAt = expiresAt
  }
}

/// `PATCH /api/v1/board/{id}` body (admins): any of the fields of a company notice.
public struct NoticeChange: Codable, Hashable, Sendable {
  public var title: String?
  public var body: String?
  public var audience: String?
  public var audienceId: String?
  /// RFC 3339; an empty string removes the expiry.
  public var expiresAt: String?

  public init(
    title: String? = nil, body: String? = nil, audience: String? = nil, audienceId: String? = nil,
    expiresAt: String? = nil
  ) {
    self.title = title
    self.body = body
    self.audience = audience
    self.audienceId = audienceId
    self.expiresAt = expiresAt
  }
}

/// `GET /api/v1/me/badge`.
public struct Badge: Codable, Hashable, Sendable {
  /// Unread notices on the board.
  public var unread: Int
  /// Unread notices since the last `POST /api/v1/me/badge/reset`: the number for an app icon.
  public var sinceReset: Int

  public init(unread: Int, sinceReset: Int) {
    self.unread = unread
    self.sinceReset = sinceReset
  }
}

/// One entry of the home timeline: an internal post, or a post imported from one of the
/// company's public feeds.
public struct TimelineItem: Codable, Hashable, Sendable {
  public var id: String
  /// `post` (written in Atrium) or `social` (imported from a feed).
  public var type: String
  /// RFC 3339, UTC: when it was posted (for imported posts, as the feed says).
  public var createdAt: String
  /// Plain text; imported HTML is reduced to its text.
  public var text: String
  /// Who wrote an internal post.
  public var author: EmployeeSummary?
  /// Where an imported post came from.
  public var source: TimelineSource?
  /// An imported post's title, when its feed gives one.
  public var title: String?
  /// An imported post's address (http or https only).
  public var link: String?
  /// Whether the caller may delete it (their own post, or any post for an admin).
  public var canDelete: Bool

  public init(
    id: String, type: String, createdAt: String, text: String, author: EmployeeSummary?, source: TimelineSource?,
    title: String?, link: String?, canDelete: Bool
  ) {
    self.id = id
    self.type = type
    self.createdAt = createdAt
    self.text = text
    self.author = author
    self.source = source
    self.title = title
    self.link = link
    self.canDelete = canDelete
  }
}

/// The feed an imported post came from.
public struct TimelineSource: Codable, Hashable, Sendable {
  public var feedId: String
  public var name: String
  /// The author the feed names, if any.
  public var author: String?

  public init(feedId: String, name: String, author: String?) {
    self.feedId = feedId
    self.name = name
    self.author = author
  }
}

/// `GET /api/v1/timeline`: a page, and why it may be empty or incomplete.
public struct TimelinePage: Codable, Hashable, Sendable {
  public var items: [TimelineItem]
  public var nextCursor: String?
  /// Feeds whose last fetch failed, with the reason: their newer posts may be missing.
  public var unavailableFeeds: [FeedProblem]
  /// Set when `items` is empty on the first page: what the reader should be told.
  public var emptyReason: String?

  public init(items: [TimelineItem], nextCursor: String?, unavailableFeeds: [FeedProblem], emptyReason: String?) {
    self.items = items
    self.nextCursor = nextCursor
    self.unavailableFeeds = unavailableFeeds
    self.emptyReason = emptyReason
  }

  /// `nextCursor` and `emptyReason` are always present, as null when unset.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(items, forKey: .items)
    try container.encode(nextCursor, forKey: .nextCursor)
    try container.encode(unavailableFeeds, forKey: .unavailableFeeds)
    try container.encode(emptyReason, forKey: .emptyReason)
  }
}

/// A feed that could not be read last time.
public struct FeedProblem: Codable, Hashable, Sendable {
  public var feedId: String
  public var name: String
  public var error: String
  /// RFC 3339: when it was last read successfully, if ever.
  public var lastSuccessAt: String?

  public init(feedId: String, name: String, error: String, lastSuccessAt: String?) {
    self.feedId = feedId
    self.name = name
    self.error = error
    self.lastSuccessAt = lastSuccessAt
  }
}

/// `POST /api/v1/posts` body.
public struct NewPost: Codable, Hashable, Sendable {
  public var text: String

  public init(text: String) {
    self.text = text
  }
}

/// A feed the timeline imports (admins).
public struct TimelineFeed: Codable, Hashable, Sendable {
  public var id: String
  public var name: String
  public var url: String
  public var active: Bool
  public var itemCount: Int
  public var lastFetchedAt: String?
  public var lastSuccessAt: String?
  /// Why the last fetch failed; null after a success.
  public var lastError: String?

  public init(
    id: String, name: String, url: String, active: Bool, itemCount: Int, lastFetchedAt: String?,
    lastSuccessAt: String?, lastError: String?
  ) {
    self.id = id
    self.name = name
    self.url = url
    self.active = active
    self.itemCount = itemCount
    self.lastFetchedAt = lastFetchedAt
    self.lastSuccessAt = lastSuccessAt
    self.lastError = lastError
  }
}

/// `POST /api/v1/timeline/feeds` body.
public struct NewTimelineFeed: Codable, Hashable, Sendable {
  public var name: String
  /// An RSS 2.0 or Atom address, http or https (e.g. a Mastodon profile's `.rss`).
  public var url: String

  public init(name: String, url: String) {
    self.name = name
    self.url = url
  }
}

/// `PATCH /api/v1/timeline/feeds/{id}` body: any of the fields.
public struct TimelineFeedChange: Codable, Hashable, Sendable {
  public var name: String?
  public var url: String?
  public var active: Bool?

  public init(name: String? = nil, url: String? = nil, active: Bool? = nil) {
    self.name = name
    self.url = url
    self.active = active
  }
}

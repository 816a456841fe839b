import AtriumSQL

/// The feeds the timeline imports (RSS 2.0 or Atom), their fetch state, and their items.
public struct FeedStore {
  let connection: any DatabaseConnection

  public init(_ connection: any DatabaseConnection) {
    self.connection = connection
  }

  public struct Feed: Hashable, Sendable {
    public let id: String
    public var name: String
    public var url: String
    public var isActive: Bool
    /// Validators from the last answer, sent back so an unchanged feed costs a 304.
    public var etag: String?
    public var lastModified: String?
    public var lastFetchedAt: Int64?
    public var lastSuccessAt: Int64?
    public var lastError: String?
    public let createdAt: Int64
    public var itemCount: Int

    public init(
      id: String, name: String, url: String, isActive: Bool = true, etag: String? = nil, lastModified: String? = nil,
      lastFetchedAt: Int64? = nil, lastSuccessAt: Int64? = nil, lastError: String? = nil, createdAt: Int64,
      itemCount: Int = 0
    ) {
      self.id = id
      self.name = name
      self.url = url
      self.isActive = isActive
      self.etag = etag
      self.lastModified = lastModified
      self.lastFetchedAt = lastFetchedAt
      self.lastSuccessAt = lastSuccessAt
      self.lastError = lastError
      self.createdAt = createdAt
      self.itemCount = itemCount
    }
  }

  /// An item as read from a feed.
  public struct Item: Hashable, Sendable {
    public let guid: String
    public let title: String
    public let link: String
    public let summary: String
    public let author: String
    public let publishedAt: Int64

    public init(guid: String, title: String, link: String, summary: String, author: String, publishedAt: Int64) {
      self.guid = guid
      self.title = title
      self.link = link
      self.summary = summary
      self.author = author
      self.publishedAt = publishedAt
    }
  }

  private static let select = """
    SELECT f.*, (SELECT COUNT(*) FROM feed_items i WHERE i.feed_id = f.id) AS item_count FROM timeline_feeds f
    """

  public func feeds() throws -> [Feed] {
    try connection.query(Self.select + " ORDER BY f.name, f.id").map(Self.feed)
  }

  public func feed(id: String) throws -> Feed? {
    try connection.queryFirst(Self.select + " WHERE f.id = ?", .text(id)).map(Self.feed)
  }

  /// Active feeds not fetched since `instant`, least recently fetched first.
  public func due(fetchedBefore instant: Int64) throws -> [Feed] {
    try connection.query(
      Self.select
        + " WHERE f.active = 1 AND COALESCE(f.last_fetched_at, 0) < ? ORDER BY COALESCE(f.last_fetched_at, 0)",
      .integer(instant)
    ).map(Self.feed)
  }

  /// - Throws: `DatabaseError` with a unique violation when the address is already a feed.
  public func insert(_ feed: Feed) throws {
    try connection.execute(
      "INSERT INTO timeline_feeds (id, name, url, active, created_at) VALUES (?, ?, ?, ?, ?)", .text(feed.id),
      .text(feed.name), .text(feed.url), .integer(feed.isActive ? 1 : 0), .integer(feed.createdAt))
  }

  /// Saves name, address and state. A new address forgets the old validators and error.
  public func update(_ feed: Feed, addressChanged: Bool) throws {
    try connection.execute(
      """
      UPDATE timeline_feeds SET name = ?, url = ?, active = ?,
        etag = CASE WHEN ? = 1 THEN NULL ELSE etag END,
        last_modified = CASE WHEN ? = 1 THEN NULL ELSE last_modified END,
        last_error = CASE WHEN ? = 1 THEN NULL ELSE last_error END
      WHERE id = ?
      """, .text(feed.name), .text(feed.url), .integer(feed.isActive ? 1 : 0), .integer(addressChanged ? 1 : 0),
      .integer(addressChanged ? 1 : 0), .integer(addressChanged ? 1 : 0), .text(feed.id))
  }

  public func delete(id: String) throws {
    try connection.execute("DELETE FROM timeline_feeds WHERE id = ?", .text(id))
  }

  /// Records a successful fetch and stores the items not seen before; returns how many were new.
  @discardableResult
  public func recordSuccess(
    feedID: String, items: [Item], etag: String?, lastModified: String?, at instant: Int64,
    makeID: () -> String
  ) throws -> Int {
    var added = 0
    for item in items {
      added += try connection.execute(
        """
        INSERT INTO feed_items (id, feed_id, guid, title, link, summary, author, published_at, fetched_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (feed_id, guid) DO NOTHING
        """, .text(makeID()), .text(feedID), .text(item.guid), .text(item.title), .text(item.link),
        .text(item.summary), .text(item.author), .integer(item.publishedAt), .integer(instant))
    }
    try connection.execute(
      """
      UPDATE timeline_feeds SET etag = ?, last_modified = ?, last_fetched_at = ?, last_success_at = ?, last_error = NULL
      WHERE id = ?
      """, DatabaseValue(etag), DatabaseValue(lastModified), .integer(instant), .integer(instant), .text(feedID))
    return added
  }

  /// Records a fetch that answered 304 Not Modified.
  public func recordUnchanged(feedID: String, at instant: Int64) throws {
    try connection.execute(
      "UPDATE timeline_feeds SET last_fetched_at = ?, last_success_at = ?, last_error = NULL WHERE id = ?",
      .integer(instant), .integer(instant), .text(feedID))
  }

  /// Records a failed fetch; the items already stored stay.
  public func recordFailure(feedID: String, error: String, at instant: Int64) throws {
    try connection.execute(
      "UPDATE timeline_feeds SET last_fetched_at = ?, last_error = ? WHERE id = ?", .integer(instant), .text(error),
      .text(feedID))
  }

  private static func feed(_ row: DatabaseRow) -> Feed {
    Feed(
      id: row.string("id"), name: row.string("name"), url: row.string("url"), isActive: row.bool("active"),
      etag: row.optionalString("etag"), lastModified: row.optionalString("last_modified"),
      lastFetchedAt: row.optionalInt("last_fetched_at").map(Int64.init),
      lastSuccessAt: row.optionalInt("last_success_at").map(Int64.init), lastError: row.optionalString("last_error"),
      createdAt: Int64(row.int("created_at")), itemCount: row.int("item_count"))
  }
}

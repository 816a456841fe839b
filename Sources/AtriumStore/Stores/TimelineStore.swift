import AtriumSQL

/// The home timeline: internal posts and the items imported from the company's feeds, read
/// as one list, newest first.
public struct TimelineStore {
  let connection: any DatabaseConnection

  public init(_ connection: any DatabaseConnection) {
    self.connection = connection
  }

  public struct Post: Hashable, Sendable {
    public let id: String
    public let authorID: String
    public let body: String
    public let createdAt: Int64

    public init(id: String, authorID: String, body: String, createdAt: Int64) {
      self.id = id
      self.authorID = authorID
      self.body = body
      self.createdAt = createdAt
    }
  }

  /// A row of the merged list: a post (with its author) or an imported item (with its feed).
  public struct Entry: Hashable, Sendable {
    public let id: String
    public let isPost: Bool
    public let at: Int64
    public let text: String
    public let authorID: String?
    public let authorName: String?
    public let authorPosition: String?
    public let authorPhotoID: String?
    public let feedID: String?
    public let feedName: String?
    public let title: String
    public let link: String
    public let feedAuthor: String
  }

  public func insert(_ post: Post) throws {
    try connection.execute(
      "INSERT INTO posts (id, author_id, body, created_at) VALUES (?, ?, ?, ?)", .text(post.id),
      .text(post.authorID), .text(post.body), .integer(post.createdAt))
  }

  public func post(id: String) throws -> Post? {
    try connection.queryFirst("SELECT * FROM posts WHERE id = ?", .text(id)).map {
      Post(
        id: $0.string("id"), authorID: $0.string("author_id"), body: $0.string("body"),
        createdAt: Int64($0.int("created_at")))
    }
  }

  public func deletePost(id: String) throws {
    try connection.execute("DELETE FROM posts WHERE id = ?", .text(id))
  }

  /// One page, newest first; imported items of paused feeds are left out.
  /// - Throws: `InvalidCursor` for a cursor this list did not make.
  public func page(limit: Int, after cursor: String?) throws -> (items: [Entry], nextCursor: String?) {
    var sql = """
      SELECT * FROM (
        SELECT p.id, 1 AS is_post, p.created_at AS at, p.body AS text, p.author_id,
          e.first_name, e.last_name, e.username, e.position, e.photo,
          NULL AS feed_id, NULL AS feed_name, '' AS title, '' AS link, '' AS feed_author
        FROM posts p JOIN employees e ON e.id = p.author_id
        UNION ALL
        SELECT i.id, 0, i.published_at, i.summary, NULL, NULL, NULL, NULL, NULL, NULL,
          f.id, f.name, i.title, i.link, i.author
        FROM feed_items i JOIN timeline_feeds f ON f.id = i.feed_id WHERE f.active = 1
      ) t
      """
    var arguments: [DatabaseValue] = []
    if let cursor {
      guard let key = Cursor.decode(cursor, count: 2), let at = Int64(key[0]) else { throw InvalidCursor() }
      sql += " WHERE t.at < ? OR (t.at = ? AND t.id < ?)"
      arguments += [.integer(at), .integer(at), .text(key[1])]
    }
    sql += " ORDER BY t.at DESC, t.id DESC LIMIT ?"
    arguments.append(.integer(Int64(limit + 1)))
    let rows = try connection.query(sql, arguments)
    let items = rows.prefix(limit).map { row in
      let isPost = row.bool("is_post")
      return Entry(
        id: row.string("id"), isPost: isPost, at: Int64(row.int("at")), text: row.string("text"),
        authorID: row.optionalString("author_id"),
        authorName: isPost ? LeaveRequestStore.displayName(row) : nil,
        authorPosition: row.optionalString("position"), authorPhotoID: row.optionalString("photo"),
        feedID: row.optionalString("feed_id"), feedName: row.optionalString("feed_name"), title: row.string("title"),
        link: row.string("link"), feedAuthor: row.string("feed_author"))
    }
    let next = rows.count > limit ? items.last.map { Cursor.encode([String($0.at), $0.id]) } : nil
    return (Array(items), next)
  }
}

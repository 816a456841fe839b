import AtriumDomain
import AtriumSQL

/// The board: a person's own notices and the company notices meant for them, with read state.
public struct BoardStore {
  let connection: any DatabaseConnection

  public init(_ connection: any DatabaseConnection) {
    self.connection = connection
  }

  /// Who is reading, which decides the company notices they see.
  public struct Reader: Sendable, Hashable {
    public let employeeID: String
    public let departmentID: String
    public let locationID: String
    /// Whether company notices are on their board (their notification choice for them).
    public let readsCompanyNotices: Bool

    public init(employeeID: String, departmentID: String, locationID: String, readsCompanyNotices: Bool = true) {
      self.employeeID = employeeID
      self.departmentID = departmentID
      self.locationID = locationID
      self.readsCompanyNotices = readsCompanyNotices
    }
  }

  public struct Item: Sendable, Hashable {
    public let id: String
    public let isCompany: Bool
    public let kind: String
    public let title: String
    public let body: String
    public let requestID: String?
    /// A personal notice's facts, to word it in the reader's language; empty otherwise.
    public let parameters: [String: String]
    public let authorID: String?
    public let authorName: String?
    public let createdAt: Int64
    public let readAt: Int64?
    /// When a waiting-for-approval notice stopped waiting.
    public let doneAt: Int64?
  }

  /// A company notice as an admin writes it.
  public struct CompanyNotice: Sendable {
    public let id: String
    public let authorID: String
    public let title: String
    public let body: String
    /// `everyone`, `department` or `location`.
    public let audience: String
    public let audienceID: String?
    public let createdAt: Int64
    public let expiresAt: Int64?

    public init(
      id: String, authorID: String, title: String, body: String, audience: String, audienceID: String?,
      createdAt: Int64, expiresAt: Int64?
    ) {
      self.id = id
      self.authorID = authorID
      self.title = title
      self.body = body
      self.audience = audience
      self.audienceID = audienceID
      self.createdAt = createdAt
      self.expiresAt = expiresAt
    }
  }

  public func insert(_ notice: CompanyNotice) throws {
    try connection.execute(
      """
      INSERT INTO company_notices (id, author_id, title, body, audience, audience_id, created_at, expires_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        .text(notice.id), .text(notice.authorID), .text(notice.title), .text(notice.body), .text(notice.audience),
        DatabaseValue(notice.audienceID), .integer(notice.createdAt), notice.expiresAt.map { .integer($0) } ?? .null,
      ])
    let audience: EventAudience =
      switch (notice.audience, notice.audienceID) {
      case ("department", let id?): .department(id: id)
      case ("location", let id?): .location(id: id)
      default: .everyone
      }
    try LiveEventStore(connection).appendNotice(
      id: notice.id, kind: "company", title: notice.title, audience: audience, at: notice.createdAt)
  }

  public func companyNotice(id: String) throws -> CompanyNotice? {
    try connection.queryFirst("SELECT * FROM company_notices WHERE id = ?", .text(id)).map {
      CompanyNotice(
        id: $0.string("id"), authorID: $0.string("author_id"), title: $0.string("title"), body: $0.string("body"),
        audience: $0.string("audience"), audienceID: $0.optionalString("audience_id"),
        createdAt: Int64($0.int("created_at")), expiresAt: $0.optionalInt("expires_at").map(Int64.init))
    }
  }

  /// Saves an edited company notice; who has read it stays as it was.
  public func update(_ notice: CompanyNotice) throws {
    try connection.execute(
      "UPDATE company_notices SET title = ?, body = ?, audience = ?, audience_id = ?, expires_at = ? WHERE id = ?",
      [
        .text(notice.title), .text(notice.body), .text(notice.audience), DatabaseValue(notice.audienceID),
        notice.expiresAt.map { .integer($0) } ?? .null, .text(notice.id),
      ])
  }

  public func hasRead(companyNotice id: String, employeeID: String) throws -> Bool {
    try connection.queryFirst(
      "SELECT 1 AS found FROM company_notice_reads WHERE notice_id = ? AND employee_id = ?", .text(id),
      .text(employeeID)) != nil
  }

  /// The titles of the company notices meant for `reader` that were posted after `since`
  /// and have not expired, newest first: a daily digest's part.
  public func companyNoticeTitles(for reader: Reader, postedAfter since: Int64, now: Int64) throws -> [String] {
    try connection.query(
      """
      SELECT c.title FROM company_notices c WHERE c.created_at > ? AND \(Self.meantForReader)
      ORDER BY c.created_at DESC, c.id DESC
      """, [.integer(since)] + Self.meantFor(reader, now: now)
    ).map { $0.string("title") }
  }

  /// The company notices (`c`) a reader sees: not expired, for everyone or for their
  /// department or location; its arguments are `meantFor(_:now:)`.
  private static let meantForReader = """
    (c.expires_at IS NULL OR c.expires_at > ?)
      AND (c.audience = 'everyone' OR (c.audience = 'department' AND c.audience_id = ?)
        OR (c.audience = 'location' AND c.audience_id = ?))
    """

  private static func meantFor(_ reader: Reader, now: Int64) -> [DatabaseValue] {
    [.integer(now), .text(reader.departmentID), .text(reader.locationID)]
  }

  public func deleteCompanyNotice(id: String) throws {
    try connection.execute("DELETE FROM company_notices WHERE id = ?", .text(id))
  }

  /// Where a page starts: after the notice made at `createdAt` with this id.
  private struct PageKey {
    let createdAt: Int64
    let id: String
  }

  /// A page's candidates: each kind of notice newest first on its own, cut to `count` after
  /// `key`, so that a page reads about its own length however many notices the reader has had
  /// (the union of all of them was sorted for every page: the board grew with each notice).
  private func pageCandidates(
    _ reader: Reader, now: Int64, unreadOnly: Bool, after key: PageKey?, count: Int
  ) -> (sql: String, arguments: [DatabaseValue]) {
    func after(_ table: String) -> (sql: String, arguments: [DatabaseValue]) {
      guard let key else { return ("", []) }
      return (
        " AND (\(table).created_at < ? OR (\(table).created_at = ? AND \(table).id < ?))",
        [.integer(key.createdAt), .integer(key.createdAt), .text(key.id)]
      )
    }
    let personalAfter = after("n")
    var sql = """
      SELECT * FROM (
        SELECT n.id, 0 AS is_company, n.kind, n.title, n.body, n.request_id, n.params, CAST(NULL AS TEXT) AS author_id,
          n.created_at, n.read_at, n.done_at
        FROM notices n WHERE n.recipient_id = ?\(unreadOnly ? " AND n.read_at IS NULL" : "")\(personalAfter.sql)
        ORDER BY n.created_at DESC, n.id DESC LIMIT ?) personal
      """
    var arguments: [DatabaseValue] = [.text(reader.employeeID)] + personalAfter.arguments + [.integer(Int64(count))]
    guard reader.readsCompanyNotices else { return (sql, arguments) }
    let companyAfter = after("c")
    sql += """

      UNION ALL
      SELECT * FROM (
        SELECT c.id, 1 AS is_company, 'company' AS kind, c.title, c.body, CAST(NULL AS TEXT) AS request_id,
          '' AS params, c.author_id, c.created_at, r.read_at, CAST(NULL AS BIGINT) AS done_at
        FROM company_notices c
        LEFT JOIN company_notice_reads r ON r.notice_id = c.id AND r.employee_id = ?
        WHERE \(Self.meantForReader)\(unreadOnly ? " AND r.read_at IS NULL" : "")\(companyAfter.sql)
        ORDER BY c.created_at DESC, c.id DESC LIMIT ?) company
      """
    arguments += [.text(reader.employeeID)] + Self.meantFor(reader, now: now) + companyAfter.arguments
    arguments.append(.integer(Int64(count)))
    return (sql, arguments)
  }

  /// One page of the board, newest first.
  /// - Throws: `InvalidCursor` for a cursor this list did not make.
  public func page(
    for reader: Reader, now: Int64, unreadOnly: Bool, limit: Int, after cursor: String?
  ) throws -> (
    items: [Item], nextCursor: String?
  ) {
    var key: PageKey?
    if let cursor {
      guard let parts = Cursor.decode(cursor, count: 2), let createdAt = Int64(parts[0]) else { throw InvalidCursor() }
      key = PageKey(createdAt: createdAt, id: parts[1])
    }
    let (candidates, arguments) = pageCandidates(reader, now: now, unreadOnly: unreadOnly, after: key, count: limit + 1)
    let sql = """
      SELECT b.*, a.first_name, a.last_name, a.username FROM (\(candidates)) b
      LEFT JOIN employees a ON a.id = b.author_id
      ORDER BY b.created_at DESC, b.id DESC LIMIT ?
      """
    let rows = try connection.query(sql, arguments + [.integer(Int64(limit + 1))])
    let items = rows.prefix(limit).map { row in
      Item(
        id: row.string("id"), isCompany: row.bool("is_company"), kind: row.string("kind"), title: row.string("title"),
        body: row.string("body"), requestID: row.optionalString("request_id"),
        parameters: NoticeStore.decode(row.string("params")), authorID: row.optionalString("author_id"),
        authorName: row.optionalString("author_id").map { _ in LeaveRequestStore.displayName(row) },
        createdAt: Int64(row.int("created_at")), readAt: row.optionalInt("read_at").map(Int64.init),
        doneAt: row.optionalInt("done_at").map(Int64.init))
    }
    let next = rows.count > limit ? items.last.map { Cursor.encode([String($0.createdAt), $0.id]) } : nil
    return (Array(items), next)
  }

  /// Unread notices: in all, and those created after a badge reset.
  public struct UnreadCount: Sendable, Equatable {
    public let all: Int
    public let since: Int
    /// When the first of the counted company notices expires (milliseconds since 1970), after
    /// which the count is less without anything written; nil when none of them expires.
    public let firstExpiry: Int64?

    public static let zero = UnreadCount(all: 0, since: 0, firstExpiry: nil)

    public static func + (left: Self, right: Self) -> Self {
      UnreadCount(
        all: left.all + right.all, since: left.since + right.since,
        firstExpiry: [left.firstExpiry, right.firstExpiry].compactMap { $0 }.min())
    }
  }

  /// Unread notices, in all and those created after `since` (milliseconds since 1970).
  public func unreadCount(for reader: Reader, now: Int64, since: Int64 = 0) throws -> UnreadCount {
    try unreadPersonalNotices(of: reader.employeeID, since: since)
      + (reader.readsCompanyNotices ? unreadCompanyNotices(for: reader, now: now, since: since) : .zero)
  }

  /// Unread personal notices. Every page of the web app shows the count: it is kept as a row
  /// (`NoticeStore.countUnread`). For a badge never reset (`since` 0) that row is both counts,
  /// every notice being made after 1970; those after a reset are counted in `notices_unread`
  /// (few, after a recent one).
  public func unreadPersonalNotices(of employeeID: String, since: Int64) throws -> UnreadCount {
    let recipient = DatabaseValue.text(employeeID)
    guard since > 0 else {
      let unread = try connection.query(Self.unreadPersonalRow, [recipient]).first?.int("n") ?? 0
      return UnreadCount(all: unread, since: unread, firstExpiry: nil)
    }
    let row = try connection.query(Self.unreadPersonalAfterReset, [recipient, recipient, .integer(since)]).first
    return UnreadCount(all: row?.int("n") ?? 0, since: row?.int("recent") ?? 0, firstExpiry: nil)
  }

  /// Unread company notices meant for the reader, counted in their indexes.
  public func unreadCompanyNotices(for reader: Reader, now: Int64, since: Int64) throws -> UnreadCount {
    let row = try connection.query(
      Self.unreadCompany, [.integer(since)] + Self.meantFor(reader, now: now) + [.text(reader.employeeID)]
    ).first
    return UnreadCount(
      all: row?.int("n") ?? 0, since: row?.int("recent") ?? 0,
      firstExpiry: row?.optionalInt("first_expiry").map(Int64.init))
  }

  private static let unreadPersonalRow = "SELECT unread AS n FROM unread_notices WHERE recipient_id = ?"
  private static let unreadPersonalAfterReset = """
    SELECT COALESCE((SELECT unread FROM unread_notices WHERE recipient_id = ?), 0) AS n,
      (SELECT COUNT(*) FROM notices WHERE recipient_id = ? AND read_at IS NULL AND created_at > ?) AS recent
    """
  private static let unreadCompany = """
    SELECT COUNT(*) AS n, COALESCE(SUM(CASE WHEN c.created_at > ? THEN 1 ELSE 0 END), 0) AS recent,
      MIN(c.expires_at) AS first_expiry
    FROM company_notices c
    WHERE \(meantForReader)
      AND NOT EXISTS (SELECT 1 FROM company_notice_reads r WHERE r.notice_id = c.id AND r.employee_id = ?)
    """

  /// Marks one notice read; false when the reader has no such notice.
  public func markRead(id: String, for reader: Reader, now: Int64) throws -> Bool {
    if try connection.queryFirst(
      "SELECT 1 AS found FROM notices WHERE id = ? AND recipient_id = ?", .text(id), .text(reader.employeeID)) != nil
    {
      let read = try connection.execute(
        "UPDATE notices SET read_at = ? WHERE id = ? AND read_at IS NULL", .integer(now), .text(id))
      try NoticeStore(connection).countUnread(-read, for: reader.employeeID)
      return true
    }
    guard reader.readsCompanyNotices else { return false }
    let visible = try connection.query(
      "SELECT 1 AS found FROM company_notices c WHERE c.id = ? AND \(Self.meantForReader)",
      [.text(id)] + Self.meantFor(reader, now: now))
    guard !visible.isEmpty else { return false }
    try connection.execute(
      """
      INSERT INTO company_notice_reads (notice_id, employee_id, read_at) VALUES (?, ?, ?)
      ON CONFLICT (notice_id, employee_id) DO NOTHING
      """, .text(id), .text(reader.employeeID), .integer(now))
    return true
  }

  /// Marks every notice the reader sees as read.
  public func markAllRead(for reader: Reader, now: Int64) throws {
    let read = try connection.execute(
      "UPDATE notices SET read_at = ? WHERE recipient_id = ? AND read_at IS NULL", .integer(now),
      .text(reader.employeeID))
    try NoticeStore(connection).countUnread(-read, for: reader.employeeID)
    guard reader.readsCompanyNotices else { return }
    try connection.execute(
      """
      INSERT INTO company_notice_reads (notice_id, employee_id, read_at)
      SELECT c.id, ?, ? FROM company_notices c
      WHERE \(Self.meantForReader)
        AND NOT EXISTS (SELECT 1 FROM company_notice_reads r WHERE r.notice_id = c.id AND r.employee_id = ?)
      ON CONFLICT (notice_id, employee_id) DO NOTHING
      """, [.text(reader.employeeID), .integer(now)] + Self.meantFor(reader, now: now) + [.text(reader.employeeID)])
  }
}

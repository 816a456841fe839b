import AtriumAPI
import AtriumDomain
import AtriumStore
import Foundation

/// The board: everyone reads their notices and marks them read; admins post company notices to
/// everyone, a department or a location.
struct BoardService: Sendable {
  let environment: ServerEnvironment
  static let maximumTitleLength = 200
  static let maximumBodyLength = 10_000

  private func reader(_ principal: Principal) -> BoardStore.Reader {
    BoardStore.Reader(
      employeeID: principal.employee.id, departmentID: principal.employee.departmentID,
      locationID: principal.employee.locationID)
  }

  func page(unreadOnly: Bool, page: PageRequest, principal: Principal) throws -> Page<BoardItem> {
    try environment.database.read { connection in
      let result = try BoardStore(connection).page(
        for: reader(principal), now: environment.now().milliseconds, unreadOnly: unreadOnly, limit: page.limit,
        after: page.cursor)
      return Page(items: result.items.map(Self.body), nextCursor: result.nextCursor)
    }
  }

  func badge(principal: Principal) throws -> Badge {
    try environment.database.read { connection in
      let since = try SettingsStore(connection).settings(employeeID: principal.employee.id).badgeResetAt
      let counts = try BoardStore(connection).unreadCount(
        for: reader(principal), now: environment.now().milliseconds, since: since)
      return Badge(unread: counts.all, sinceReset: counts.since)
    }
  }

  /// The app icon's number starts again from zero; the board's unread marks stay.
  func resetBadge(principal: Principal) throws -> Badge {
    try environment.database.write { connection in
      let store = SettingsStore(connection)
      var settings = try store.settings(employeeID: principal.employee.id)
      settings.badgeResetAt = environment.now().milliseconds
      try store.save(settings, employeeID: principal.employee.id)
    }
    return try badge(principal: principal)
  }

  func markRead(id: String, principal: Principal) throws {
    let found = try environment.database.write {
      try BoardStore($0).markRead(id: id, for: reader(principal), now: environment.now().milliseconds)
    }
    guard found else { throw Problem.notFound("No notice with the id \(id) is on your board.") }
  }

  func markAllRead(principal: Principal) throws {
    try environment.database.write {
      try BoardStore($0).markAllRead(for: reader(principal), now: environment.now().milliseconds)
    }
  }

  func post(_ body: NewNotice, by principal: Principal) throws -> BoardItem {
    try requireAdmin(principal, to: "post company notices")
    var validator = Validator()
    let title = body.title.trimmingWhitespace
    validator.require(
      (1...Self.maximumTitleLength).contains(title.count), "title",
      "must be 1 to \(Self.maximumTitleLength) characters")
    let text = body.body.trimmingWhitespace
    validator.require(
      (1...Self.maximumBodyLength).contains(text.count), "body", "must be 1 to \(Self.maximumBodyLength) characters")
    let audience = body.audience ?? "everyone"
    validator.require(
      ["everyone", "department", "location"].contains(audience), "audience", "must be everyone, department or location")
    validator.require(
      (audience == "everyone") == (body.audienceId == nil), "audienceId",
      "is required for a department or location audience, and only then")
    let now = environment.now()
    var expiry: Date?
    if let text = body.expiresAt {
      expiry = try? Date.ISO8601FormatStyle().parse(text)
      validator.require(expiry != nil, "expiresAt", "must be an RFC 3339 instant such as 2027-01-31T18:00:00Z")
      if let expiry { validator.require(expiry > now, "expiresAt", "must be in the future") }
    }
    try validator.check()
    return try environment.database.write { connection in
      if let id = body.audienceId {
        let exists =
          audience == "department"
          ? try PlacesStore(connection).department(id: id) != nil : try PlacesStore(connection).location(id: id) != nil
        guard exists else {
          throw Problem.invalid(ValidationFailure([FieldError(field: "audienceId", message: "is not a \(audience)")]))
        }
      }
      let notice = BoardStore.CompanyNotice(
        id: environment.makeID(), authorID: principal.employee.id, title: title, body: text, audience: audience,
        audienceID: body.audienceId, createdAt: now.milliseconds, expiresAt: expiry?.milliseconds)
      try BoardStore(connection).insert(notice)
      let item = BoardItem(
        id: notice.id, scope: "company", kind: "company", title: title, body: text,
        bodyHTML: NoticeMarkdown.html(text), requestId: nil,
        author: PersonName(id: principal.employee.id, displayName: principal.employee.displayName),
        createdAt: Instant.text(notice.createdAt), read: false)
      try AuditTrail(environment: environment).record(
        "notice.create", target: ("notice", notice.id), after: item, by: principal, connection: connection)
      return item
    }
  }

  private static func body(_ item: BoardStore.Item) -> BoardItem {
    BoardItem(
      id: item.id, scope: item.isCompany ? "company" : "personal", kind: item.kind, title: item.title,
      body: item.body,
      // Personal notices are plain text written by Atrium; company notices use the Markdown subset.
      bodyHTML: item.isCompany ? NoticeMarkdown.html(item.body) : "<p>" + HTMLText.escape(item.body) + "</p>",
      requestId: item.requestID,
      author: item.authorID.map { PersonName(id: $0, displayName: item.authorName ?? "") },
      createdAt: Instant.text(item.createdAt), read: item.readAt != nil)
  }
}

import AtriumAPI
import AtriumDomain
import AtriumMessages
import AtriumSQL
import AtriumStore
import Foundation

/// The board: everyone reads their notices and marks them read; admins post company notices to
/// everyone, a department or a location.
package struct BoardService: Sendable {
  package init(
    environment: ServerEnvironment, bodyHTML: @escaping @Sendable (_ body: String, _ isCompany: Bool) -> String
  ) {
    self.environment = environment
    self.bodyHTML = bodyHTML
  }

  package let environment: ServerEnvironment
  /// A notice's body as HTML: company notices use a Markdown subset, personal ones are plain
  /// text. Rendering is the presentation layer's, passed in at the composition root.
  package let bodyHTML: @Sendable (_ body: String, _ isCompany: Bool) -> String
  package static let maximumTitleLength = 200
  package static let maximumBodyLength = 10_000

  /// Company notices are on the reader's board unless they turned that off in Settings.
  private func reader(_ principal: Principal) throws -> BoardStore.Reader {
    reader(principal, settings: try settings(principal))
  }

  private func reader(_ principal: Principal, settings: SettingsStore.Settings) -> BoardStore.Reader {
    BoardBadge.reader(principal.employee, settings: settings)
  }

  /// The reader's settings, as this instance keeps them for a moment.
  private func settings(_ principal: Principal) throws -> SettingsStore.Settings {
    let id = principal.employee.id
    return try environment.recall(\.settings, id) {
      try environment.database.read { try SettingsStore($0).settings(employeeID: id) }
    }
  }

  /// - Parameter language: the reader's; notices about requests are worded in it.
  package func page(
    unreadOnly: Bool, page: PageRequest, principal: Principal, language: Language
  ) throws -> Page<BoardItem> {
    let reader = try reader(principal)
    return try environment.database.read { connection in
      let result = try BoardStore(connection).page(
        for: reader, now: environment.now().milliseconds, unreadOnly: unreadOnly, limit: page.limit,
        after: page.cursor)
      return Page(items: result.items.map { item($0, in: language) }, nextCursor: result.nextCursor)
    }
  }

  /// The personal notices' count is one row, read every time; the company notices' count is as
  /// this instance read it less than a second ago while nothing changed and none of the notices
  /// it counted has expired since (`InstanceMemory.companyUnread`): every web page shows the
  /// badge, and counting the company notices was some 5% of the `/time-off` page's
  /// instructions (`make bench-cost`).
  package func badge(principal: Principal) throws -> Badge {
    let settings = try settings(principal)
    let key = UnreadCountKey(reader: reader(principal, settings: settings), since: settings.badgeResetAt)
    let now = environment.now().milliseconds
    let company =
      key.reader.readsCompanyNotices
      ? try environment.recall(\.companyUnread, key, usable: { $0.firstExpiry.map { now < $0 } ?? true }) {
        try environment.database.read {
          try BoardStore($0).unreadCompanyNotices(for: key.reader, now: now, since: key.since)
        }
      } : .zero
    let counts = try environment.database.read {
      try BoardStore($0).unreadPersonalNotices(of: key.reader.employeeID, since: key.since)
    }
    return Badge(unread: counts.all + company.all, sinceReset: counts.since + company.since)
  }

  /// The app icon's number starts again from zero; the board's unread marks stay.
  package func resetBadge(principal: Principal) throws -> Badge {
    try environment.database.write { connection in
      let store = SettingsStore(connection)
      var settings = try store.settings(employeeID: principal.employee.id)
      settings.badgeResetAt = environment.now().milliseconds
      try store.save(settings, employeeID: principal.employee.id)
    }
    return try badge(principal: principal)
  }

  package func markRead(id: String, principal: Principal) throws {
    let reader = try reader(principal)
    let found = try environment.database.write {
      try BoardStore($0).markRead(id: id, for: reader, now: environment.now().milliseconds)
    }
    guard found else { throw Problem.notFound(.noNotice(id: id)) }
  }

  package func markAllRead(principal: Principal) throws {
    let reader = try reader(principal)
    try environment.database.write {
      try BoardStore($0).markAllRead(for: reader, now: environment.now().milliseconds)
    }
  }

  package func post(_ body: NewNotice, by principal: Principal) throws -> BoardItem {
    try requireAdmin(principal, to: "post company notices")
    let now = environment.now()
    let fields = try Self.validated(
      title: body.title, body: body.body, audience: body.audience ?? "everyone", audienceID: body.audienceId,
      expiresAt: body.expiresAt, now: now)
    return try environment.database.write { connection in
      try Self.requireAudience(fields, connection: connection)
      let notice = BoardStore.CompanyNotice(
        id: environment.makeID(), authorID: principal.employee.id, title: fields.title, body: fields.body,
        audience: fields.audience, audienceID: fields.audienceID, createdAt: now.milliseconds,
        expiresAt: fields.expiresAt?.milliseconds)
      try BoardStore(connection).insert(notice)
      try CompanyNoticeFanOut.queue(notice, environment: environment, connection)
      let created = item(notice, author: principal.employee.displayName, read: false)
      try AuditTrail(environment: environment).record(
        "notice.create", target: ("notice", notice.id), after: created, by: principal, connection: connection)
      return created
    }
  }

  /// An admin edits a company notice; the fields left out keep their values.
  package func update(id: String, _ change: NoticeChange, by principal: Principal) throws -> BoardItem {
    try requireAdmin(principal, to: "edit company notices")
    let now = environment.now()
    return try environment.database.write { connection in
      let store = BoardStore(connection)
      guard let before = try store.companyNotice(id: id) else {
        throw Problem.notFound(.noSuch(.companyNotice, id: id))
      }
      let audience = change.audience ?? before.audience
      // A new audience of everyone drops the old department or location.
      let audienceID = change.audience == "everyone" ? change.audienceId : change.audienceId ?? before.audienceID
      let expiry: String? =
        switch change.expiresAt {
        case nil: before.expiresAt.map(Instant.text)
        case ""?: nil
        case let text?: text
        }
      let fields = try Self.validated(
        title: change.title ?? before.title, body: change.body ?? before.body, audience: audience,
        audienceID: audienceID, expiresAt: expiry, now: now, keepingExpiry: before.expiresAt)
      try Self.requireAudience(fields, connection: connection)
      let after = BoardStore.CompanyNotice(
        id: id, authorID: before.authorID, title: fields.title, body: fields.body, audience: fields.audience,
        audienceID: fields.audienceID, createdAt: before.createdAt, expiresAt: fields.expiresAt?.milliseconds)
      try store.update(after)
      let author = try PeopleStore(connection).employee(id: before.authorID)?.displayName ?? ""
      let read = try store.hasRead(companyNotice: id, employeeID: principal.employee.id)
      try AuditTrail(environment: environment).record(
        "notice.update", target: ("notice", id), before: item(before, author: author, read: read),
        after: item(after, author: author, read: read), by: principal, connection: connection)
      return item(after, author: author, read: read)
    }
  }

  /// An admin removes a company notice from every board.
  package func delete(id: String, by principal: Principal) throws {
    try requireAdmin(principal, to: "remove company notices")
    try environment.database.write { connection in
      let store = BoardStore(connection)
      guard let before = try store.companyNotice(id: id) else {
        throw Problem.notFound(.noSuch(.companyNotice, id: id))
      }
      try store.deleteCompanyNotice(id: id)
      try AuditTrail(environment: environment).record(
        "notice.delete", target: ("notice", id), before: item(before, author: "", read: false), by: principal,
        connection: connection)
    }
  }

  // MARK: - Input

  /// A company notice's fields, checked.
  private struct Fields {
    package let title: String
    package let body: String
    package let audience: String
    package let audienceID: String?
    package let expiresAt: Date?
  }

  /// - Parameter keepingExpiry: An edit may keep an expiry already in the past.
  private static func validated(
    title: String, body: String, audience: String, audienceID: String?, expiresAt: String?, now: Date,
    keepingExpiry: Int64? = nil
  ) throws -> Fields {
    var validator = Validator()
    let title = title.trimmingWhitespace
    validator.require(
      (1...maximumTitleLength).contains(title.count), "title", .charactersBetween(1, maximumTitleLength))
    let text = body.trimmingWhitespace
    validator.require(
      (1...maximumBodyLength).contains(text.count), "body", .charactersBetween(1, maximumBodyLength))
    validator.require(
      ["everyone", "department", "location"].contains(audience), "audience",
      .unknownValue(allowed: ["everyone", "department", "location"]))
    validator.require(
      (audience == "everyone") == (audienceID == nil), "audienceId", .requiredForAudience)
    var expiry: Date?
    if let expiresAt {
      expiry = try? Date.ISO8601FormatStyle().parse(expiresAt)
      validator.require(expiry != nil, "expiresAt", .instant)
      if let expiry, expiry.milliseconds != keepingExpiry {
        validator.require(expiry > now, "expiresAt", .inTheFuture)
      }
    }
    try validator.check()
    return Fields(title: title, body: text, audience: audience, audienceID: audienceID, expiresAt: expiry)
  }

  private static func requireAudience(_ fields: Fields, connection: any DatabaseConnection) throws {
    guard let id = fields.audienceID else { return }
    let places = PlacesStore(connection)
    let exists =
      fields.audience == "department" ? try places.department(id: id) != nil : try places.location(id: id) != nil
    guard exists else {
      throw Problem.invalid(
        ValidationFailure([
          FieldError(field: "audienceId", rule: .notA(fields.audience == "department" ? .department : .location))
        ]))
    }
  }

  private func item(_ notice: BoardStore.CompanyNotice, author: String, read: Bool) -> BoardItem {
    BoardItem(
      id: notice.id, scope: "company", kind: "company", title: notice.title, body: notice.body,
      bodyHTML: bodyHTML(notice.body, true), requestId: nil,
      author: PersonName(id: notice.authorID, displayName: author), createdAt: Instant.text(notice.createdAt),
      read: read)
  }

  private func item(_ item: BoardStore.Item, in language: Language) -> BoardItem {
    // Notices stored before they carried their facts keep the words they were written with.
    let message = LeaveNotice(kind: item.kind, parameters: item.parameters).map {
      NoticeMessage($0, isDone: item.doneAt != nil)
    }
    let title = message?.text(in: language) ?? item.title
    let body = message?.detail(in: language) ?? item.body
    return BoardItem(
      id: item.id, scope: item.isCompany ? "company" : "personal", kind: item.kind, title: title, body: body,
      bodyHTML: bodyHTML(body, item.isCompany), requestId: item.requestID,
      author: item.authorID.map { PersonName(id: $0, displayName: item.authorName ?? "") },
      createdAt: Instant.text(item.createdAt), read: item.readAt != nil, done: item.doneAt != nil)
  }
}

import AtriumDomain
import AtriumSQL

/// The requests a decider may act on: everyone's for an admin, for a manager everyone's
/// below them in the reporting chain.
public struct ApprovalsStore {
  let connection: any DatabaseConnection

  public init(_ connection: any DatabaseConnection) {
    self.connection = connection
  }

  /// Whose requests the list holds (never the decider's own: nobody decides those).
  public enum Scope: Sendable {
    case everyoneBut(adminID: String)
    case below(managerID: String)
  }

  /// A request in the list, with the few facts about its employee a decider needs.
  public struct Item: Hashable, Sendable {
    public let stored: LeaveRequestStore.StoredRequest
    public let employee: PersonName
    public let position: String
    public let photoID: String?
  }

  /// How many requests wait for the decider: the number on the Approvals menu.
  public func pendingCount(scope: Scope) throws -> Int {
    let row: DatabaseRow?
    switch scope {
    case .everyoneBut(let adminID):
      row = try connection.queryFirst(
        "SELECT COUNT(*) AS n FROM leave_requests WHERE status = 'pending' AND employee_id <> ?", .text(adminID))
    case .below(let managerID):
      row = try connection.queryFirst(
        "SELECT COUNT(*) AS n FROM approval_lines WHERE approver_id = ? AND status = 'pending'", .text(managerID))
    }
    return row?.int("n") ?? 0
  }

  /// One page: pending requests oldest first (by when they were asked), any other status by
  /// start date newest first.
  ///
  /// A manager's page is one range of an index of `approval_lines` (one row per request and
  /// person above its requester), each row's request and requester then read by key: the
  /// cost follows the page, not the size of the team below.
  /// - Parameter status: nil for every status.
  /// - Throws: `InvalidCursor` for a cursor this list did not make.
  public func page(
    scope: Scope, status: LeaveStatus?, limit: Int, after cursor: String?
  ) throws -> (items: [Item], nextCursor: String?) {
    let (rows, next) = try pageRows("r.*", scope: scope, status: status, limit: limit, after: cursor)
    let items = rows.compactMap { row -> Item? in
      guard let stored = LeaveRequestStore.stored(row) else { return nil }
      return Item(
        stored: stored, employee: Self.requester(row), position: row.string("position"),
        photoID: row.optionalString("photo"))
    }
    return (items, next)
  }

  private static func requester(_ row: DatabaseRow) -> PersonName {
    PersonName(id: row.string("employee_id"), displayName: LeaveRequestStore.displayName(row))
  }

  /// The rows of one page, with `requestColumns` of each request (`r`), and its requester's
  /// name, position and photo.
  private func pageRows(
    _ requestColumns: String, scope: Scope, status: LeaveStatus?, limit: Int, after cursor: String?
  ) throws -> (rows: ArraySlice<DatabaseRow>, nextCursor: String?) {
    let query = try pageQuery(requestColumns, scope: scope, status: status, limit: limit, after: cursor)
    let rows = try connection.query(query.sql, query.arguments)
    let page = rows.prefix(limit)
    guard rows.count > limit, let last = page.last else { return (page, nil) }
    return (page, nextCursor(sort: last["list_sort"], id: last.string("id"), oldestFirst: query.oldestFirst))
  }

  /// The cursor that continues a page after the row sorted by `sort`, with request `id`.
  func nextCursor(sort: DatabaseValue, id: String, oldestFirst: Bool) -> String {
    Cursor.encode([oldestFirst ? String(sort.int) : sort.string, id])
  }

  /// The query of one page and one row more (which tells whether another page follows), with
  /// `requestColumns` of each request (`r`) or, when nil, only its `id`, `employee_id` and
  /// `revision` (which a manager's list reads from its lines' index alone, migration 45); with
  /// `requestColumns`, its requester's name, position and photo too. `list_sort` is what it
  /// sorts by.
  func pageQuery(
    _ requestColumns: String?, scope: Scope, status: LeaveStatus?, limit: Int, after cursor: String?
  ) throws -> (sql: String, arguments: [DatabaseValue], oldestFirst: Bool) {
    let oldestFirst = status == .pending
    // The list's columns in `source` (`k` a line of `approval_lines`, `r` the request):
    // its key, what it sorts by, and the status it filters on.
    let (source, key, sort, statusColumn): (String, String, String, String)
    var arguments: [DatabaseValue]
    let sqlite = connection.dialect == .sqlite
    let employees = sqlite ? "employees e INDEXED BY employees_listed" : "employees e"
    // The requester's columns, on the rows of `page` only (`entries` reads its requesters once
    // a page, `ApprovalsStore+Entries.swift`).
    let requester = requestColumns == nil ? "" : " JOIN \(employees) ON e.id = r.employee_id"
    let requesterColumns = requestColumns == nil ? "" : ", e.first_name, e.last_name, e.username, e.position, e.photo"
    let columns: String
    switch scope {
    case .everyoneBut(let adminID):
      source = "leave_requests r\(requester) WHERE r.employee_id <> ?"
      (key, sort, statusColumn) = ("r.id", oldestFirst ? "r.created_at" : "r.start_date", "r.status")
      columns = requestColumns ?? "r.id, r.employee_id, r.revision"
      arguments = [.text(adminID)]
    case .below(let managerID):
      if let requestColumns {
        source = """
          approval_lines k JOIN leave_requests r ON r.id = k.request_id\(requester)
          WHERE k.approver_id = ? AND k.employee_id <> ?
          """
        columns = requestColumns
      } else {
        source = "approval_lines k WHERE k.approver_id = ? AND k.employee_id <> ?"
        columns = "k.request_id AS id, k.employee_id, k.revision"
      }
      (key, sort, statusColumn) = ("k.request_id", oldestFirst ? "k.created_at" : "k.start_date", "k.status")
      arguments = [.text(managerID), .text(managerID)]
    }
    var sql = "SELECT \(columns), \(sort) AS list_sort\(requesterColumns) FROM " + source
    if let status {
      // A literal, not a parameter: `approval_lines`' status indexes are partial (pending lines
      // in one, the others in the other), and an engine uses one only where the statement's
      // text proves it holds every row asked for. The statuses are the enum's own words.
      sql += " AND \(statusColumn) = '\(status.rawValue)'"
    }
    if let cursor {
      guard let parts = Cursor.decode(cursor, count: 2) else { throw InvalidCursor() }
      if oldestFirst {
        guard let createdAt = Int64(parts[0]) else { throw InvalidCursor() }
        sql += " AND (\(sort), \(key)) > (?, ?)"
        arguments += [.integer(createdAt), .text(parts[1])]
      } else {
        sql += " AND (\(sort), \(key)) < (?, ?)"
        arguments += [.text(parts[0]), .text(parts[1])]
      }
    }
    sql += oldestFirst ? " ORDER BY \(sort), \(key)" : " ORDER BY \(sort) DESC, \(key) DESC"
    sql += " LIMIT ?"
    arguments.append(.integer(Int64(limit + 1)))
    return (sql, arguments, oldestFirst)
  }
}

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

  /// A request in the list by its id and revision, with its requester: enough to write the
  /// list from what was encoded of each request (`KeptRequests`).
  public struct Entry: Equatable, Sendable {
    public let requestID: String
    public let revision: Int64
    public let requester: Requester

    public init(requestID: String, revision: Int64, requester: Requester) {
      self.requestID = requestID
      self.revision = revision
      self.requester = requester
    }
  }

  /// Who asked, as the list shows them: the columns themselves, so that what was written of
  /// them before can be checked against them without making the name again.
  ///
  /// A class: the instance keeps the requester of each item it wrote (`EncodedApprovalItems`),
  /// and every page hands those to each row it reads again. As a struct each hand-over retained
  /// its six strings, on counts that every thread serving the list shares, and `perf` put a
  /// fifth of the 840-row page's time in `swift_retain` and `swift_release`; the same object
  /// read back also compares equal at once.
  public final class Requester: Equatable, Sendable {
    public let id: String
    public let firstName: String
    public let lastName: String
    public let username: String
    public let position: String
    public let photoID: String?

    public init(id: String, firstName: String, lastName: String, username: String, position: String, photoID: String?) {
      self.id = id
      self.firstName = firstName
      self.lastName = lastName
      self.username = username
      self.position = position
      self.photoID = photoID
    }

    public var displayName: String {
      Employee.displayName(firstName: firstName, lastName: lastName, username: username)
    }

    public static func == (left: Requester, right: Requester) -> Bool {
      left === right
        || (left.id == right.id && left.firstName == right.firstName && left.lastName == right.lastName
          && left.username == right.username && left.position == right.position && left.photoID == right.photoID)
    }
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

  /// The same page as `page`, each request by its id and revision only, with its requester.
  ///
  /// Its rows are read as the statement steps (`forEachRow`), straight into entries; a row
  /// that reads as the entry `known` gives for its revision is that entry, whose strings are
  /// not made again (a page of 100 made some 800). `known` is asked once for each entry the page
  /// holds, in their order.
  public func entries(
    scope: Scope, status: LeaveStatus?, limit: Int, after cursor: String?,
    known: (_ revision: Int64) -> Entry? = { _ in nil }
  ) throws -> (entries: [Entry], nextCursor: String?) {
    let query = try pageQuery(nil, scope: scope, status: status, limit: limit, after: cursor)
    var entries: [Entry] = []
    entries.reserveCapacity(limit)
    var positions: EntryPositions?
    var requesters = PageRequesters()
    var lastSort = DatabaseValue.null
    var more = false
    try connection.forEachRow(query.sql, query.arguments) { row in
      guard entries.count < limit else {
        more = true
        return
      }
      let at = positions ?? EntryPositions(row.columns)
      positions = at
      let revision = Int64(row[at.revision].int)
      if let known = known(revision), at.read(known, in: row, requesters: &requesters) {
        entries.append(known)
      } else {
        entries.append(
          Entry(requestID: row[at.id].string, revision: revision, requester: requesters.requester(of: row, at: at)))
      }
      if entries.count == limit { lastSort = row[at.sort] }
    }
    guard more, let last = entries.last else { return (entries, nil) }
    return (entries, nextCursor(sort: lastSort, id: last.requestID, oldestFirst: query.oldestFirst))
  }

  /// Where an entry's columns are in the page's rows, found once a page.
  private struct EntryPositions {
    let id, revision, employeeID, firstName, lastName, username, position, photo, sort: Int?

    init(_ columns: DatabaseColumns) {
      (id, revision, employeeID, sort) = (
        columns.position(of: "id"), columns.position(of: "revision"), columns.position(of: "employee_id"),
        columns.position(of: "list_sort")
      )
      (firstName, lastName, username, position, photo) = (
        columns.position(of: "first_name"), columns.position(of: "last_name"), columns.position(of: "username"),
        columns.position(of: "position"), columns.position(of: "photo")
      )
    }

    /// Whether `row` reads as `entry` (its revision aside), column by column in place; a
    /// requester already read on an earlier row of the page is not compared again.
    func read(_ entry: Entry, in row: some ResultRow, requesters: inout PageRequesters) -> Bool {
      let requester = entry.requester
      guard row.text(at: id, is: entry.requestID), row.text(at: employeeID, is: requester.id) else { return false }
      if requesters.read.contains(ObjectIdentifier(requester)) { return true }
      guard
        row.text(at: firstName, is: requester.firstName) && row.text(at: lastName, is: requester.lastName)
          && row.text(at: username, is: requester.username) && row.text(at: position, is: requester.position)
          && row.text(at: photo, is: requester.photoID)
      else { return false }
      requesters.read.insert(ObjectIdentifier(requester))
      return true
    }
  }

  /// The requesters one page has read. Within one statement an employee's columns are the same
  /// on each of their rows, and a manager's page repeats a few people (the 840-row page, some
  /// 120): each requester is compared with its columns once a page, and made once.
  private struct PageRequesters {
    /// Requesters (kept ones) that read as their columns on an earlier row.
    var read = Set<ObjectIdentifier>()
    /// Requesters this page made, by employee id.
    var made: [String: Requester] = [:]

    /// The requester of `row`: the one made for the same employee on an earlier row, or a new one.
    mutating func requester(of row: some ResultRow, at positions: EntryPositions) -> Requester {
      let id = row[positions.employeeID].string
      if let requester = made[id] { return requester }
      let requester = Requester(
        id: id, firstName: row[positions.firstName].string, lastName: row[positions.lastName].string,
        username: row[positions.username].string, position: row[positions.position].string,
        photoID: row[positions.photo].optionalString)
      made[id] = requester
      read.insert(ObjectIdentifier(requester))
      return requester
    }
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
  private func nextCursor(sort: DatabaseValue, id: String, oldestFirst: Bool) -> String {
    Cursor.encode([oldestFirst ? String(sort.int) : sort.string, id])
  }

  /// The query of one page and one row more (which tells whether another page follows), with
  /// `requestColumns` of each request (`r`) or, when nil, only its `id`, `employee_id` and
  /// `revision` (which a manager's list reads from its lines' index alone, migration 45), and
  /// its requester's name, position and photo; `list_sort` is what it sorts by.
  private func pageQuery(
    _ requestColumns: String?, scope: Scope, status: LeaveStatus?, limit: Int, after cursor: String?
  ) throws -> (sql: String, arguments: [DatabaseValue], oldestFirst: Bool) {
    let oldestFirst = status == .pending
    // The list's columns in `source` (`k` a line of `approval_lines`, `r` the request):
    // its key, what it sorts by, and the status it filters on.
    let (source, key, sort, statusColumn): (String, String, String, String)
    var arguments: [DatabaseValue]
    let sqlite = connection.dialect == .sqlite
    let employees = sqlite ? "employees e INDEXED BY employees_listed" : "employees e"
    let columns: String
    switch scope {
    case .everyoneBut(let adminID):
      source = "leave_requests r JOIN \(employees) ON e.id = r.employee_id WHERE r.employee_id <> ?"
      (key, sort, statusColumn) = ("r.id", oldestFirst ? "r.created_at" : "r.start_date", "r.status")
      columns = requestColumns ?? "r.id, r.employee_id, r.revision"
      arguments = [.text(adminID)]
    case .below(let managerID):
      if let requestColumns {
        source = """
          approval_lines k JOIN leave_requests r ON r.id = k.request_id JOIN \(employees) ON e.id = k.employee_id
          WHERE k.approver_id = ? AND k.employee_id <> ?
          """
        columns = requestColumns
      } else {
        source =
          "approval_lines k JOIN \(employees) ON e.id = k.employee_id WHERE k.approver_id = ? AND k.employee_id <> ?"
        columns = "k.request_id AS id, k.employee_id, k.revision"
      }
      (key, sort, statusColumn) = ("k.request_id", oldestFirst ? "k.created_at" : "k.start_date", "k.status")
      arguments = [.text(managerID), .text(managerID)]
    }
    var sql =
      "SELECT \(columns), \(sort) AS list_sort, e.first_name, e.last_name, e.username, e.position, e.photo FROM "
      + source
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

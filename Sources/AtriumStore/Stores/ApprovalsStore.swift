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
  ) throws -> (
    items: [Item], nextCursor: String?
  ) {
    let oldestFirst = status == .pending
    // The list's columns in `source` (`k` a line of `approval_lines`, `r` the request):
    // its key, what it sorts by, and the status it filters on.
    let (source, key, sort, statusColumn): (String, String, String, String)
    var arguments: [DatabaseValue]
    switch scope {
    case .everyoneBut(let adminID):
      source = "leave_requests r JOIN employees e ON e.id = r.employee_id WHERE r.employee_id <> ?"
      (key, sort, statusColumn) = ("r.id", oldestFirst ? "r.created_at" : "r.start_date", "r.status")
      arguments = [.text(adminID)]
    case .below(let managerID):
      source = """
        approval_lines k JOIN leave_requests r ON r.id = k.request_id JOIN employees e ON e.id = r.employee_id
        WHERE k.approver_id = ? AND r.employee_id <> ?
        """
      (key, sort, statusColumn) = ("k.request_id", oldestFirst ? "k.created_at" : "k.start_date", "k.status")
      arguments = [.text(managerID), .text(managerID)]
    }
    var sql = "SELECT r.*, e.first_name, e.last_name, e.username, e.position, e.photo FROM " + source
    if let status {
      sql += " AND \(statusColumn) = ?"
      arguments.append(.text(status.rawValue))
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
    let rows = try connection.query(sql, arguments)
    let items = rows.prefix(limit).compactMap { row -> Item? in
      guard let stored = LeaveRequestStore.stored(row) else { return nil }
      return Item(
        stored: stored,
        employee: PersonName(id: stored.request.employeeID, displayName: LeaveRequestStore.displayName(row)),
        position: row.string("position"), photoID: row.optionalString("photo"))
    }
    guard rows.count > limit, let last = items.last else { return (items, nil) }
    let next =
      oldestFirst
      ? [String(last.stored.createdAt), last.stored.request.id]
      : [last.stored.request.span.start.description, last.stored.request.id]
    return (items, Cursor.encode(next))
  }
}

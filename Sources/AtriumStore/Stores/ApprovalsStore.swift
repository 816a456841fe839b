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

  /// `below`: everyone under the manager given as the first parameter, at any depth.
  ///
  /// The people below come first, then their requests by the (employee, …) index, then each
  /// requester's row by its key: the cost follows the size of the team, not of the company.
  /// SQLite keeps that order for a `CROSS JOIN`. PostgreSQL cannot estimate a recursive
  /// query's size (it guesses millions of rows) and would read whole tables into hash joins;
  /// a `LATERAL` subquery with `OFFSET 0` (which it does not flatten) makes it look each up
  /// by index (at 50,000 people: 12 ms instead of 163 ms).
  private var teamRequests: String {
    connection.dialect == .postgres
      ? """
      WITH RECURSIVE below(id) AS (
        SELECT id FROM employees WHERE manager_id = ?
        UNION SELECT e.id FROM below b CROSS JOIN LATERAL (SELECT id FROM employees WHERE manager_id = b.id OFFSET 0) e)
      """
      : """
      WITH RECURSIVE below(id) AS (
        SELECT id FROM employees WHERE manager_id = ?
        UNION SELECT e.id FROM employees e JOIN below b ON e.manager_id = b.id)
      """
  }

  /// The team's requests as `r`, each with its requester as `e`, in that order (see above).
  private var teamJoin: String {
    connection.dialect == .postgres
      ? """
      below b CROSS JOIN LATERAL (SELECT * FROM leave_requests WHERE employee_id = b.id OFFSET 0) r
      CROSS JOIN LATERAL (
        SELECT first_name, last_name, username, position, photo FROM employees WHERE id = r.employee_id OFFSET 0) e
      """
      : "below b CROSS JOIN leave_requests r ON r.employee_id = b.id JOIN employees e ON e.id = r.employee_id"
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
        """
        \(teamRequests) SELECT COUNT(*) AS n FROM \(teamJoin)
        WHERE r.status = 'pending' AND r.employee_id <> ?
        """, .text(managerID), .text(managerID))
    }
    return row?.int("n") ?? 0
  }

  /// One page: pending requests oldest first (by when they were asked), any other status by
  /// start date newest first.
  /// - Parameter status: nil for every status.
  /// - Throws: `InvalidCursor` for a cursor this list did not make.
  public func page(
    scope: Scope, status: LeaveStatus?, limit: Int, after cursor: String?
  ) throws -> (
    items: [Item], nextCursor: String?
  ) {
    var arguments: [DatabaseValue] = []
    var sql = ""
    switch scope {
    case .everyoneBut(let adminID):
      sql =
        "SELECT r.*, e.first_name, e.last_name, e.username, e.position, e.photo FROM leave_requests r "
        + "JOIN employees e ON e.id = r.employee_id WHERE r.employee_id <> ?"
      arguments.append(.text(adminID))
    case .below(let managerID):
      sql = """
        \(teamRequests) SELECT r.*, e.first_name, e.last_name, e.username, e.position, e.photo FROM \(teamJoin)
        WHERE r.employee_id <> ?
        """
      arguments += [.text(managerID), .text(managerID)]
    }
    if let status {
      sql += " AND r.status = ?"
      arguments.append(.text(status.rawValue))
    }
    let oldestFirst = status == .pending
    if let cursor {
      guard let key = Cursor.decode(cursor, count: 2) else { throw InvalidCursor() }
      if oldestFirst {
        guard let createdAt = Int64(key[0]) else { throw InvalidCursor() }
        sql += " AND (r.created_at > ? OR (r.created_at = ? AND r.id > ?))"
        arguments += [.integer(createdAt), .integer(createdAt), .text(key[1])]
      } else {
        sql += " AND (r.start_date < ? OR (r.start_date = ? AND r.id < ?))"
        arguments += [.text(key[0]), .text(key[0]), .text(key[1])]
      }
    }
    sql += oldestFirst ? " ORDER BY r.created_at, r.id" : " ORDER BY r.start_date DESC, r.id DESC"
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
    let key =
      oldestFirst
      ? [String(last.stored.createdAt), last.stored.request.id]
      : [last.stored.request.span.start.description, last.stored.request.id]
    return (items, Cursor.encode(key))
  }
}

import AtriumDomain
import AtriumSQL

/// What the team calendar shows: who is in it and their leave and holidays in a date range.
public struct CalendarStore {
  let connection: any DatabaseConnection

  public init(_ connection: any DatabaseConnection) {
    self.connection = connection
  }

  /// Active people matching the filters, by name; nil filters match everyone. Only what a row
  /// of the calendar shows is read (a whole `Employee` is sixteen columns), each row as the
  /// statement steps.
  /// - Parameter among: Limit to these people (a manager's reports, a team); nil for anyone.
  public func people(
    among: Set<String>?, departmentID: String?, locationID: String?, limit: Int
  ) throws -> [ListedPerson] {
    var sql = "SELECT \(PeopleStore.listedColumns) FROM employees e WHERE e.active = 1"
    var arguments: [DatabaseValue] = []
    if let departmentID {
      sql += " AND e.department_id = ?"
      arguments.append(.text(departmentID))
    }
    if let locationID {
      sql += " AND e.location_id = ?"
      arguments.append(.text(locationID))
    }
    if let among {
      guard !among.isEmpty else { return [] }
      sql += " AND e.id IN (" + Array(repeating: "?", count: among.count).joined(separator: ", ") + ")"
      arguments += among.sorted().map { .text($0) }
    }
    sql += " ORDER BY e.sort_key, e.id LIMIT ?"
    arguments.append(.integer(Int64(limit)))
    var people: [ListedPerson] = []
    try connection.forEachRow(sql, arguments) { people.append(PeopleStore.listedPerson($0)) }
    return people
  }

  /// One day of someone's pending or approved leave.
  public struct LeaveDay: Hashable, Sendable {
    public let employeeID: String
    public let date: CalendarDate
    public let halves: Int
    public let status: LeaveStatus
    /// The request's leave type, by name.
    public let typeName: String
  }

  /// The working days taken by pending and approved requests of these people in `start...end`.
  ///
  /// The requests' own dates bound the search (a day in the range belongs to a request that
  /// meets it): each person's requests are then one range of `leave_requests_employee` from
  /// the range's first day, instead of every request they ever made, each joined to its days
  /// (840 requests for a 120-person team holding seven each). SQLite is told to use that
  /// index: with a long list of people it chose the one by person and status, which reads
  /// every pending and approved request of theirs to test its dates.
  public func leaveDays(of employeeIDs: [String], from start: CalendarDate, to end: CalendarDate) throws -> [LeaveDay] {
    guard !employeeIDs.isEmpty else { return [] }
    let placeholders = Array(repeating: "?", count: employeeIDs.count).joined(separator: ", ")
    let hint = connection.dialect == .sqlite ? " INDEXED BY leave_requests_employee" : ""
    return try connection.query(
      """
      SELECT r.employee_id, r.status, d.date, d.halves, t.name AS type_name FROM leave_requests r\(hint)
      JOIN leave_request_days d ON d.request_id = r.id JOIN leave_types t ON t.id = r.type_id
      WHERE r.employee_id IN (\(placeholders)) AND r.end_date >= ? AND r.start_date <= ?
        AND r.status IN ('pending', 'approved') AND d.date >= ? AND d.date <= ?
      ORDER BY d.date
      """,
      employeeIDs.map { .text($0) } + [
        DatabaseValue(start), DatabaseValue(end), DatabaseValue(start), DatabaseValue(end),
      ]
    ).compactMap { row in
      guard let date = row.date("date"), let status = LeaveStatus(rawValue: row.string("status")) else { return nil }
      return LeaveDay(
        employeeID: row.string("employee_id"), date: date, halves: row.int("halves"), status: status,
        typeName: row.string("type_name"))
    }
  }
}

import AtriumDomain
import AtriumSQL

/// Leave requests, the working days each one takes (by date), and their history.
public struct LeaveRequestStore {
  let connection: any DatabaseConnection

  public init(_ connection: any DatabaseConnection) {
    self.connection = connection
  }

  /// A request as stored, with the figures the server computed when it was saved.
  public struct StoredRequest: Hashable, Sendable {
    public let request: LeaveRequest
    public let days: HalfDays
    public let createdAt: Int64
    public let updatedAt: Int64
    /// Drawn again by every change of the row or its days (`newRevision`).
    public let revision: Int64
  }

  /// A request's next revision: random, so that a revision is never drawn twice, not even by
  /// a transaction that rolled back, and what was encoded of one (`id`, `revision`) stays
  /// true of it on every instance.
  public static func newRevision() -> Int64 { Int64.random(in: 1...Int64.max) }

  // MARK: Writing

  /// Saves a new request with its working days by date.
  public func insert(_ request: LeaveRequest, time: WorkingTime, at instant: Int64) throws {
    let revision = Self.newRevision()
    let row = (
      sql: """
      INSERT INTO leave_requests (id, employee_id, type_id, start_date, end_date, start_half, end_half, status,
        note, halves, created_at, updated_at, revision, manager_id)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, (SELECT manager_id FROM employees WHERE id = ?))
      """,
      arguments: [
        .text(request.id), .text(request.employeeID), .text(request.typeID), DatabaseValue(request.span.start),
        DatabaseValue(request.span.end), .text(request.span.startHalf.rawValue), .text(request.span.endHalf.rawValue),
        .text(request.status.rawValue), .text(request.note), DatabaseValue(time.total.halves), .integer(instant),
        .integer(instant), .integer(revision), .text(request.employeeID),
      ] as [DatabaseValue]
    )
    try connection.executeTogether([row] + Self.dayRows(of: request.id, time))
    try ReportingLinesStore(connection).requestAdded(request, revision: revision, at: instant)
    try LeaveBalanceStore(connection).add(requestID: request.id)
  }

  /// Saves a changed request; with `time`, its working days are replaced too.
  public func update(_ request: LeaveRequest, time: WorkingTime?, at instant: Int64) throws {
    let balances = LeaveBalanceStore(connection)
    let revision = Self.newRevision()
    try balances.withdraw(requestID: request.id)
    try connection.execute(
      """
      UPDATE leave_requests SET type_id = ?, start_date = ?, end_date = ?, start_half = ?, end_half = ?, status = ?,
        note = ?, decision_reason = ?, updated_at = ?, revision = ? WHERE id = ?
      """,
      [
        .text(request.typeID), DatabaseValue(request.span.start), DatabaseValue(request.span.end),
        .text(request.span.startHalf.rawValue), .text(request.span.endHalf.rawValue), .text(request.status.rawValue),
        .text(request.note), .text(request.decisionReason), .integer(instant), .integer(revision),
        .text(request.id),
      ])
    try ReportingLinesStore(connection).requestChanged(request, revision: revision)
    if let time { try storeDays(of: request.id, time, revision: revision) }
    try balances.add(requestID: request.id)
    try balances.tidy(employeeID: request.employeeID)
  }

  /// Removes a request with its days and its lines; its person's balance rows no longer hold it.
  public func delete(_ request: LeaveRequest) throws {
    let balances = LeaveBalanceStore(connection)
    try balances.withdraw(requestID: request.id)
    try connection.execute("DELETE FROM leave_requests WHERE id = ?", .text(request.id))
    try balances.tidy(employeeID: request.employeeID)
  }

  /// Replaces a request's working days, as when its location's calendar changed.
  public func replaceDays(of requestID: String, employeeID: String, _ time: WorkingTime) throws {
    let balances = LeaveBalanceStore(connection)
    try balances.withdraw(requestID: requestID)
    let revision = Self.newRevision()
    try storeDays(of: requestID, time, revision: revision)
    try ReportingLinesStore(connection).requestRevised(requestID, revision: revision)
    try balances.add(requestID: requestID)
    try balances.tidy(employeeID: employeeID)
  }

  /// Replaces a request's days and their sum, at `revision` (its person's balance rows and
  /// its approval lines are the caller's).
  private func storeDays(of requestID: String, _ time: WorkingTime, revision: Int64) throws {
    try connection.executeTogether(
      [
        ("DELETE FROM leave_request_days WHERE request_id = ?", [.text(requestID)]),
        (
          "UPDATE leave_requests SET halves = ?, revision = ? WHERE id = ?",
          [DatabaseValue(time.total.halves), .integer(revision), .text(requestID)]
        ),
      ] + Self.dayRows(of: requestID, time))
  }

  /// The statements that store a request's working days, one row per date.
  private static func dayRows(
    of requestID: String, _ time: WorkingTime
  ) -> [(sql: String, arguments: [DatabaseValue])] {
    time.perDate.map { date, days in
      (
        "INSERT INTO leave_request_days (request_id, date, halves) VALUES (?, ?, ?)",
        [.text(requestID), DatabaseValue(date), DatabaseValue(days.halves)]
      )
    }
  }

  // MARK: Reading

  public func request(id: String) throws -> StoredRequest? {
    try connection.queryFirst("SELECT * FROM leave_requests WHERE id = ?", .text(id)).flatMap(Self.stored)
  }

  /// The requests with these ids that exist, in no particular order.
  public func requests(ids: [String]) throws -> [StoredRequest] {
    var found: [StoredRequest] = []
    for (marks, arguments) in IDLists.chunks(of: ids) {
      found += try connection.query("SELECT * FROM leave_requests WHERE id IN (\(marks))", arguments)
        .compactMap(Self.stored)
    }
    return found
  }

  /// One employee's requests that touch `year`, newest start first.
  public func requests(employeeID: String, year: Int) throws -> [StoredRequest] {
    try connection.fetch(requestsFetch(employeeID: employeeID, year: year))
  }

  public func requestsFetch(employeeID: String, year: Int) -> Fetch<[StoredRequest]> {
    Fetch(Self.yearRequests, .text(employeeID), .text("\(year)-12-31"), .text("\(year)-01-01")) {
      $0.compactMap(Self.stored)
    }
  }

  /// The same requests as `requestsFetch`, by id and revision only (`KeptRequests`).
  public func requestKeysFetch(employeeID: String, year: Int) -> Fetch<[(id: String, revision: Int64)]> {
    Fetch(
      Self.yearRequestKeys, .text(employeeID), .text("\(year)-12-31"), .text("\(year)-01-01")
    ) { rows in rows.map { ($0.string("id"), Int64($0.int("revision"))) } }
  }

  /// A year's requests, made once: the year's page and `/me/leave` run one of these.
  private static let yearRequests = yearRequests(columns: "*")
  private static let yearRequestKeys = yearRequests(columns: "id, revision")

  private static func yearRequests(columns: String) -> String {
    """
    SELECT \(columns) FROM leave_requests WHERE employee_id = ? AND start_date <= ? AND end_date >= ?
    ORDER BY start_date DESC, id DESC
    """
  }

  /// One employee's pending and approved requests whose dates meet `start...end`.
  public func holdingRequests(
    employeeID: String, from start: CalendarDate, to end: CalendarDate
  ) throws
    -> [StoredRequest]
  {
    try connection.fetch(holdingRequestsFetch(employeeID: employeeID, from: start, to: end))
  }

  /// The same as a `Fetch`, to go with other statements in one round trip.
  ///
  /// Only requests ending at most the longest request's length after `end` can meet it, so the
  /// index range on the end date stops there (migration 47): without that bound it ran to the
  /// person's last request, every one of their later requests read for each check.
  public func holdingRequestsFetch(
    employeeID: String, from start: CalendarDate, to end: CalendarDate
  ) -> Fetch<[StoredRequest]> {
    Fetch(
      """
      SELECT * FROM leave_requests WHERE employee_id = ? AND status IN ('pending', 'approved')
        AND start_date <= ? AND end_date >= ? AND end_date <= \(Self.lastEnd(connection.dialect)) ORDER BY start_date
      """, .text(employeeID), DatabaseValue(end), DatabaseValue(start), DatabaseValue(end)
    ) { $0.compactMap(Self.stored) }
  }

  /// The last end date a request meeting a day (the statement's next parameter) can have:
  /// that day plus the longest request's length (migration 47).
  private static func lastEnd(_ dialect: SQLDialect) -> String {
    dialect == .postgres
      ? "to_char(CAST(? AS date) + (SELECT days FROM leave_longest_span), 'YYYY-MM-DD')"
      : "date(?, '+' || (SELECT days FROM leave_longest_span) || ' days')"
  }

  /// Pending and approved requests of everyone working at a location (to count their days
  /// again when its calendar changes).
  public func holdingRequests(locationID: String) throws -> [StoredRequest] {
    try connection.query(
      """
      SELECT r.* FROM leave_requests r JOIN employees e ON e.id = r.employee_id
      WHERE e.location_id = ? AND r.status IN ('pending', 'approved')
      """, .text(locationID)
    ).compactMap(Self.stored)
  }

  /// Requests of a team (the people with `managerID` as manager, and those reporting to
  /// `ownerID`) or of one person, in the given statuses, meeting `start...end`, with names.
  public func feedRequests(
    employeeID: String, team: (managerID: String?, includeReports: Bool)?, statuses: [LeaveStatus],
    from start: CalendarDate, to end: CalendarDate
  ) throws -> [(person: PersonName, stored: StoredRequest)] {
    let marks = Array(repeating: "?", count: statuses.count).joined(separator: ", ")
    var arguments: [DatabaseValue] = statuses.map { .text($0.rawValue) } + [DatabaseValue(end), DatabaseValue(start)]
    var who = "e.id = ?"
    arguments.append(.text(employeeID))
    if let team {
      if let managerID = team.managerID {
        who += " OR e.manager_id = ?"
        arguments.append(.text(managerID))
      }
      if team.includeReports {
        who += " OR e.manager_id = ?"
        arguments.append(.text(employeeID))
      }
    }
    let rows = try connection.query(
      """
      SELECT r.*, e.first_name, e.last_name, e.username FROM leave_requests r JOIN employees e ON e.id = r.employee_id
      WHERE r.status IN (\(marks)) AND r.start_date <= ? AND r.end_date >= ? AND e.active = 1 AND (\(who))
      ORDER BY r.start_date, r.id
      """, arguments)
    return rows.compactMap { row in
      Self.stored(row).map { (PersonName(id: $0.request.employeeID, displayName: Self.displayName(row)), $0) }
    }
  }

  /// The working days of each request, by year.
  public func daysPerYear(requestIDs: [String]) throws -> [String: [Int: HalfDays]] {
    var result: [String: [Int: HalfDays]] = [:]
    for (marks, arguments) in IDLists.chunks(of: requestIDs) {
      let rows = try connection.query(
        """
        SELECT request_id, substr(date, 1, 4) AS year, SUM(halves) AS halves FROM leave_request_days
        WHERE request_id IN (\(marks)) GROUP BY request_id, substr(date, 1, 4)
        """, arguments)
      for row in rows {
        result[row.string("request_id"), default: [:]][row.int("year")] = HalfDays(halves: row.int("halves"))
      }
    }
    return result
  }

  /// An employee's pending and approved days of types that count against the allowance,
  /// grouped by year and request, with their dates (for carry-over deadlines): the history that
  /// `BalanceVerification` checks the balance rows against and a policy's dry run counts from.
  public func chargedLeave(employeeID: String) throws -> [Int: [ChargedLeave]] {
    try connection.fetch(chargedLeaveFetch(employeeID: employeeID))
  }

  public func chargedLeaveFetch(employeeID: String) -> Fetch<[Int: [ChargedLeave]]> {
    Fetch(
      """
      SELECT r.id, r.status, d.date, d.halves FROM leave_requests r
      JOIN leave_types t ON t.id = r.type_id
      JOIN leave_request_days d ON d.request_id = r.id
      WHERE r.employee_id = ? AND r.status IN ('pending', 'approved') AND t.counts_against_allowance = 1
      """, .text(employeeID), decode: Self.chargedLeave)
  }

  /// Charged days grouped by year, then by request.
  private static func chargedLeave(_ rows: [DatabaseRow]) -> [Int: [ChargedLeave]] {
    var grouped: [Int: [String: (state: ChargedLeave.State, days: [CalendarDate: HalfDays])]] = [:]
    for row in rows {
      guard let date = row.date("date") else { continue }
      let state: ChargedLeave.State = row.string("status") == "approved" ? .approved : .pending
      grouped[date.year, default: [:]][row.string("id"), default: (state, [:])].days[date] = HalfDays(
        halves: row.int("halves"))
    }
    return grouped.mapValues { requests in
      requests.values.map { ChargedLeave(state: $0.state, daysByDate: $0.days) }
    }
  }

  /// The pending and approved leave of `employeeID`'s teammates (same manager) that meets
  /// `start...end`.
  public func teammatesLeave(
    of employeeID: String, managerID: String?, from start: CalendarDate, to end: CalendarDate
  )
    throws -> [(person: PersonName, span: LeaveSpan)]
  {
    guard let managerID else { return [] }
    // One range of `leave_requests_team`: the team's requests ending from `start` to the
    // longest request's length after `end` (as `holdingRequestsFetch`), their dates, status
    // and requester read from the index; only those that meet the days are read in full.
    let rows = try connection.query(
      """
      SELECT r.*, e.first_name, e.last_name, e.username FROM leave_requests r
      JOIN employees e ON e.id = r.employee_id
      WHERE r.manager_id = ? AND r.end_date >= ? AND r.end_date <= \(Self.lastEnd(connection.dialect))
        AND r.start_date <= ? AND r.status IN ('pending', 'approved') AND r.employee_id <> ? AND e.active = 1
      """, .text(managerID), DatabaseValue(start), DatabaseValue(end), DatabaseValue(end), .text(employeeID))
    return rows.compactMap { row in
      guard let stored = Self.stored(row) else { return nil }
      return (PersonName(id: stored.request.employeeID, displayName: Self.displayName(row)), stored.request.span)
    }
  }

  // MARK: History

  /// One change of a request: who, when, what, from which state to which, and why.
  public struct HistoryEntry: Hashable, Sendable {
    public let actorID: String
    public let actorName: String
    public let at: Int64
    public let action: String
    public let from: LeaveStatus?
    public let to: LeaveStatus
    public let reason: String
    public let details: String

    public init(
      actorID: String, actorName: String = "", at: Int64, action: String, from: LeaveStatus?, to: LeaveStatus,
      reason: String = "", details: String = ""
    ) {
      self.actorID = actorID
      self.actorName = actorName
      self.at = at
      self.action = action
      self.from = from
      self.to = to
      self.reason = reason
      self.details = details
    }
  }

  /// Appends to a request's history (rows are never changed or removed).
  public func appendHistory(id: String, requestID: String, _ entry: HistoryEntry) throws {
    try connection.execute(
      """
      INSERT INTO leave_history (id, request_id, seq, actor_id, at, action, from_status, to_status, reason, details)
      VALUES (?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM leave_history WHERE request_id = ?), ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        .text(id), .text(requestID), .text(requestID), .text(entry.actorID), .integer(entry.at), .text(entry.action),
        DatabaseValue(entry.from?.rawValue), .text(entry.to.rawValue), .text(entry.reason), .text(entry.details),
      ])
  }

  public func history(requestID: String) throws -> [HistoryEntry] {
    try connection.query(
      """
      SELECT h.*, e.first_name, e.last_name, e.username FROM leave_history h
      JOIN employees e ON e.id = h.actor_id WHERE h.request_id = ? ORDER BY h.seq
      """, .text(requestID)
    ).compactMap { row in
      guard let to = LeaveStatus(rawValue: row.string("to_status")) else { return nil }
      return HistoryEntry(
        actorID: row.string("actor_id"), actorName: Self.displayName(row), at: Int64(row.int("at")),
        action: row.string("action"), from: row.optionalString("from_status").flatMap(LeaveStatus.init), to: to,
        reason: row.string("reason"), details: row.string("details"))
    }
  }

  // MARK: Rows

  static func stored(_ row: DatabaseRow) -> StoredRequest? {
    guard let start = row.date("start_date"), let end = row.date("end_date"),
      let startHalf = StartHalf(rawValue: row.string("start_half")),
      let endHalf = EndHalf(rawValue: row.string("end_half")),
      let status = LeaveStatus(rawValue: row.string("status")),
      let span = try? LeaveSpan(start: start, end: end, startHalf: startHalf, endHalf: endHalf)
    else { return nil }
    let request = LeaveRequest(
      id: row.string("id"), employeeID: row.string("employee_id"), typeID: row.string("type_id"), span: span,
      status: status, note: row.string("note"), decisionReason: row.string("decision_reason"))
    return StoredRequest(
      request: request, days: HalfDays(halves: row.int("halves")), createdAt: Int64(row.int("created_at")),
      updatedAt: Int64(row.int("updated_at")), revision: Int64(row.int("revision")))
  }

  static func displayName(_ row: DatabaseRow) -> String {
    Employee.displayName(
      firstName: row.string("first_name"), lastName: row.string("last_name"), username: row.string("username"))
  }
}

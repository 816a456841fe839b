import AtriumDomain
import AtriumSQL

/// The reporting chain kept as rows, in the same transaction as every change that moves it:
/// `reporting_lines` holds each (ancestor, descendant, depth) pair, a person with themselves
/// at depth 0 included; `approval_lines` holds each leave request once per person above its
/// requester, with the columns the approvals list sorts by and reads (its requester and
/// revision). A manager's approvals are then
/// one index range, at any height of the chain, instead of a walk down the chain and a sort
/// of every request below (issue 22).
///
/// A loop in the reporting lines (which the people rules refuse) is never linked: the part
/// of the chain that would close it is left without managers above.
public struct ReportingLinesStore {
  let connection: any DatabaseConnection

  public init(_ connection: any DatabaseConnection) {
    self.connection = connection
  }

  // MARK: The chain

  /// A new person, below `managerID` (with no requests yet).
  func added(_ employeeID: String, managerID: String?) throws {
    try connection.execute(
      "INSERT INTO reporting_lines (ancestor_id, descendant_id, depth) VALUES (?, ?, 0)", .text(employeeID),
      .text(employeeID))
    if let managerID { try attach(employeeID, below: managerID) }
  }

  /// A person (and everyone below them) now reports to `managerID`.
  func moved(_ employeeID: String, to managerID: String?) throws {
    try detach(employeeID)
    if let managerID { try attach(employeeID, below: managerID) }
    // Each request names its requester's team (`LeaveRequestStore.teammatesLeave`).
    try connection.execute(
      "UPDATE leave_requests SET manager_id = ? WHERE employee_id = ?", DatabaseValue(managerID), .text(employeeID))
  }

  /// The people in the person's part of the chain: themselves and everyone below.
  private static let subtree = "SELECT descendant_id FROM reporting_lines WHERE ancestor_id = ?"

  /// Cuts the person's part of the chain from everyone above it; the lines inside it stay.
  private func detach(_ employeeID: String) throws {
    let person = DatabaseValue.text(employeeID)
    try connection.execute(
      """
      DELETE FROM approval_lines WHERE request_id IN (
          SELECT r.id FROM reporting_lines s JOIN leave_requests r ON r.employee_id = s.descendant_id
          WHERE s.ancestor_id = ?)
        AND approver_id NOT IN (\(Self.subtree))
      """, person, person)
    try connection.execute(
      "DELETE FROM reporting_lines WHERE descendant_id IN (\(Self.subtree)) AND ancestor_id NOT IN (\(Self.subtree))",
      person, person)
  }

  /// Links the person's part of the chain below the manager and everyone above them, and
  /// their requests to those deciders. Nothing when the manager is inside that part (a loop).
  private func attach(_ employeeID: String, below managerID: String) throws {
    let person = DatabaseValue.text(employeeID)
    let manager = DatabaseValue.text(managerID)
    guard
      try connection.queryFirst(
        "SELECT 1 AS inside FROM reporting_lines WHERE ancestor_id = ? AND descendant_id = ?", person, manager) == nil
    else { return }
    try connection.execute(
      """
      INSERT INTO reporting_lines (ancestor_id, descendant_id, depth)
      SELECT a.ancestor_id, s.descendant_id, a.depth + s.depth + 1
      FROM reporting_lines a CROSS JOIN reporting_lines s WHERE a.descendant_id = ? AND s.ancestor_id = ?
      """, manager, person)
    try connection.execute(
      """
      INSERT INTO approval_lines (approver_id, request_id, status, created_at, start_date, employee_id, revision)
      SELECT a.ancestor_id, r.id, r.status, r.created_at, r.start_date, r.employee_id, r.revision
      FROM reporting_lines a CROSS JOIN reporting_lines s JOIN leave_requests r ON r.employee_id = s.descendant_id
      WHERE a.descendant_id = ? AND s.ancestor_id = ?
      """, manager, person)
  }

  /// Whether `employeeID` is somewhere below `managerID`.
  public func isBelow(_ employeeID: String, managerID: String) throws -> Bool {
    try connection.queryFirst(
      "SELECT 1 AS below FROM reporting_lines WHERE ancestor_id = ? AND descendant_id = ? AND depth > 0",
      .text(managerID), .text(employeeID)) != nil
  }

  /// Everyone below a manager, at any depth.
  public func idsBelow(managerID: String) throws -> Set<String> {
    try ids(below: managerID, "depth > 0")
  }

  /// The people reporting to a manager directly.
  public func directReports(of managerID: String) throws -> Set<String> {
    try ids(below: managerID, "depth = 1")
  }

  private func ids(below managerID: String, _ depth: String) throws -> Set<String> {
    Set(
      try connection.query(
        "SELECT descendant_id FROM reporting_lines WHERE ancestor_id = ? AND \(depth)", .text(managerID)
      ).map { $0.string("descendant_id") })
  }

  // MARK: Requests

  /// A new request, listed for everyone above its requester.
  func requestAdded(_ request: LeaveRequest, revision: Int64, at instant: Int64) throws {
    try connection.execute(
      """
      INSERT INTO approval_lines (approver_id, request_id, status, created_at, start_date, employee_id, revision)
      SELECT ancestor_id, ?, ?, ?, ?, ?, ? FROM reporting_lines WHERE descendant_id = ? AND depth > 0
      """, .text(request.id), .text(request.status.rawValue), .integer(instant), DatabaseValue(request.span.start),
      .text(request.employeeID), .integer(revision), .text(request.employeeID))
  }

  /// A request whose row changed: its status, dates and revision as the list reads them.
  func requestChanged(_ request: LeaveRequest, revision: Int64) throws {
    try connection.execute(
      "UPDATE approval_lines SET status = ?, start_date = ?, revision = ? WHERE request_id = ?",
      .text(request.status.rawValue), DatabaseValue(request.span.start), .integer(revision), .text(request.id))
  }

  /// A request whose days changed without its row (its location's calendar did).
  func requestRevised(_ requestID: String, revision: Int64) throws {
    try connection.execute(
      "UPDATE approval_lines SET revision = ? WHERE request_id = ?", .integer(revision), .text(requestID))
  }

  // MARK: From scratch

  /// The reporting lines made again from the employees' managers: what migration 37 filled
  /// them with (so these texts change only with a new migration that runs them).
  public static let reportingLinesRebuild: [String] = [
    "DELETE FROM reporting_lines",
    """
    WITH RECURSIVE up(descendant_id, ancestor_id, depth) AS (
      SELECT id, id, 0 FROM employees
      UNION ALL
      SELECT u.descendant_id, e.manager_id, u.depth + 1 FROM up u JOIN employees e ON e.id = u.ancestor_id
      WHERE e.manager_id IS NOT NULL AND e.manager_id <> u.descendant_id AND u.depth < 1000)
    INSERT INTO reporting_lines (ancestor_id, descendant_id, depth)
    SELECT ancestor_id, descendant_id, MIN(depth) FROM up GROUP BY ancestor_id, descendant_id
    """,
  ]

  /// The approval lines made again from the requests and the reporting lines: what migration
  /// 45 filled them with (so these texts change only with a new migration that runs them).
  public static let approvalLinesRebuild: [String] = [
    "DELETE FROM approval_lines",
    """
    INSERT INTO approval_lines (approver_id, request_id, status, created_at, start_date, employee_id, revision)
    SELECT l.ancestor_id, r.id, r.status, r.created_at, r.start_date, r.employee_id, r.revision
    FROM leave_requests r JOIN reporting_lines l ON l.descendant_id = r.employee_id AND l.depth > 0
    """,
  ]

  /// Both tables made again from the employees' managers and the requests.
  public static let rebuildStatements: [String] = reportingLinesRebuild + approvalLinesRebuild

  /// Makes both tables again from scratch (see `rebuildStatements`).
  public func rebuild() throws {
    for statement in Self.rebuildStatements { try connection.execute(statement) }
  }
}

import AtriumDomain
import AtriumSQL

/// Each person's totals of counting leave per year (`leave_balances`), kept in the same
/// transaction as every change of a request, a leave type's "counts" or the policy's
/// carry-over deadline, so a balance is a few rows and some arithmetic
/// (`BalanceCalculator.balance(in:totals:today:)`) instead of a walk of the person's whole
/// history (issue 22). `atrium verify balances` checks the rows against the history.
///
/// A request's totals are added when it is saved and withdrawn before it changes, both with
/// `requestTotals`, the one text that says what counts: pending and approved days of a type
/// that counts against the allowance, the early ones those on or before the carry-over
/// deadline of the policy in effect that year. A year's row goes when it holds no days.
public struct LeaveBalanceStore {
  let connection: any DatabaseConnection

  public init(_ connection: any DatabaseConnection) {
    self.connection = connection
  }

  // MARK: Reading

  /// One person's totals by year.
  public func totalsFetch(employeeID: String) -> Fetch<[Int: ChargedTotals]> {
    Fetch(
      "SELECT year, days, approved, pending, early FROM leave_balances WHERE employee_id = ?", .text(employeeID),
      decode: Self.totals)
  }

  /// What one request adds to its person's rows (nothing when it does not count), by year.
  public func requestTotalsFetch(requestID: String) -> Fetch<[Int: ChargedTotals]> {
    Fetch("\(Self.requestTotals("r.id = ?"))", .text(requestID), decode: Self.totals)
  }

  private static func totals(_ rows: [DatabaseRow]) -> [Int: ChargedTotals] {
    rows.reduce(into: [:]) { result, row in
      result[row.int("year")] = ChargedTotals(
        days: row.int("days"), approved: HalfDays(halves: row.int("approved")),
        pending: HalfDays(halves: row.int("pending")), early: HalfDays(halves: row.int("early")))
    }
  }

  // MARK: Keeping the rows

  /// A request's days now count in its person's rows (after it was saved or changed).
  func add(requestID: String) throws {
    try connection.execute(Self.upsert(sign: ""), .text(requestID))
  }

  /// A request's days no longer count (before it changes); rows left empty go with `tidy`.
  func withdraw(requestID: String) throws {
    try connection.execute(Self.upsert(sign: "-"), .text(requestID))
  }

  /// Removes the person's years that hold no days any more.
  func tidy(employeeID: String) throws {
    try connection.execute("DELETE FROM leave_balances WHERE employee_id = ? AND days = 0", .text(employeeID))
  }

  /// Counts every row again from the requests' days, after a change of what counts (a leave
  /// type's "counts", the policy's deadlines), and writes only the rows that come out
  /// different. Each row written draws its person's leave version again (migration 53), so no
  /// instance answers the year views it keeps for them any more: a person whose totals stay
  /// as they were keeps their version and their kept views, and a deadline that moves a few
  /// people's early days writes those few rows, not every person's (at 50,000 people, 1.4 s
  /// instead of 2.3 s, 1.2 s of it the count itself; `bench/README.md`).
  public func recountEveryone() throws {
    try connection.execute(
      """
      CREATE TEMPORARY TABLE recounted_balances (employee_id TEXT NOT NULL, year INTEGER NOT NULL,
        days INTEGER NOT NULL, approved INTEGER NOT NULL, pending INTEGER NOT NULL, early INTEGER NOT NULL,
        PRIMARY KEY (employee_id, year))
      """)
    try connection.execute("INSERT INTO recounted_balances \(Self.requestTotals("1 = 1"))")
    try connection.execute(
      """
      DELETE FROM leave_balances WHERE NOT EXISTS (SELECT 1 FROM recounted_balances c
        WHERE c.employee_id = leave_balances.employee_id AND c.year = leave_balances.year)
      """)
    try connection.execute(
      """
      INSERT INTO leave_balances (employee_id, year, days, approved, pending, early)
      SELECT employee_id, year, days, approved, pending, early FROM recounted_balances WHERE 1 = 1
      ON CONFLICT (employee_id, year) DO UPDATE SET days = excluded.days, approved = excluded.approved,
        pending = excluded.pending, early = excluded.early
      WHERE leave_balances.days <> excluded.days OR leave_balances.approved <> excluded.approved
        OR leave_balances.pending <> excluded.pending OR leave_balances.early <> excluded.early
      """)
    try connection.execute("DROP TABLE recounted_balances")
  }

  /// The statements that fill the table from scratch: what migration 39 ran (so these texts
  /// change only with a new migration that runs them).
  public static let recountStatements: [String] = [
    "DELETE FROM leave_balances",
    "INSERT INTO leave_balances (employee_id, year, days, approved, pending, early) \(requestTotals("1 = 1"))",
  ]

  private static func upsert(sign: String) -> String {
    """
    INSERT INTO leave_balances (employee_id, year, days, approved, pending, early)
    SELECT employee_id, year, \(sign)days, \(sign)approved, \(sign)pending, \(sign)early
    FROM (\(requestTotals("r.id = ?"))) counted WHERE 1 = 1
    ON CONFLICT (employee_id, year) DO UPDATE SET days = leave_balances.days + excluded.days,
      approved = leave_balances.approved + excluded.approved, pending = leave_balances.pending + excluded.pending,
      early = leave_balances.early + excluded.early
    """
  }

  /// Totals per person and year of the requests matching `filter` (on `r`, the requests).
  /// The deadline is the month and day of the policy in effect in the day's year (the
  /// latest change from that year or before, else the first, else the company's row, else
  /// March 31), as `LeavePolicyHistory.policy(in:)` chooses it; dates compare as text, and a
  /// February 29 deadline in a common year holds every February day, as February 28 does.
  private static func requestTotals(_ filter: String) -> String {
    let year = "CAST(substr(d.date, 1, 4) AS INTEGER)"
    let deadline = """
      substr(d.date, 1, 5) || COALESCE(
        (SELECT p.carry_over_until FROM leave_policy_years p WHERE p.from_year <= \(year)
          ORDER BY p.from_year DESC LIMIT 1),
        (SELECT p.carry_over_until FROM leave_policy_years p ORDER BY p.from_year LIMIT 1),
        (SELECT c.carry_over_until FROM company c WHERE c.id = 1), '03-31')
      """
    return """
      SELECT r.employee_id AS employee_id, \(year) AS year, COUNT(*) AS days,
        SUM(CASE WHEN r.status = 'approved' THEN d.halves ELSE 0 END) AS approved,
        SUM(CASE WHEN r.status = 'pending' THEN d.halves ELSE 0 END) AS pending,
        SUM(CASE WHEN d.date <= \(deadline) THEN d.halves ELSE 0 END) AS early
      FROM leave_requests r JOIN leave_types t ON t.id = r.type_id JOIN leave_request_days d ON d.request_id = r.id
      WHERE r.status IN ('pending', 'approved') AND t.counts_against_allowance = 1 AND \(filter)
      GROUP BY r.employee_id, \(year)
      """
  }
}

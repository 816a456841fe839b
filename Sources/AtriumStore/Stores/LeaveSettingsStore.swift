import AtriumDomain
import AtriumSQL

/// The company's leave settings: policy, leave types, holidays per location and allowances
/// set per employee and year.
public struct LeaveSettingsStore {
  let connection: any DatabaseConnection

  public init(_ connection: any DatabaseConnection) {
    self.connection = connection
  }

  // MARK: Policy

  public func policy() throws -> LeavePolicy {
    guard let row = try connection.queryFirst("SELECT * FROM company WHERE id = 1") else { return .standard }
    return Self.policy(
      allowance: row.int("default_allowance"), carryOver: row.int("carry_over_maximum"),
      until: row.string("carry_over_until"), negative: row.bool("allow_negative_balance"))
  }

  /// The policy year by year. Before any change was recorded, the company row's policy holds
  /// for every year.
  public func policyHistory() throws -> LeavePolicyHistory { try connection.fetch(policyHistoryFetch) }

  /// One query on the hot path of every balance: the recorded years, or the company row
  /// standing in for them until the first change is recorded.
  public var policyHistoryFetch: Fetch<LeavePolicyHistory> {
    Fetch(
      """
      SELECT from_year, default_allowance, carry_over_maximum, carry_over_until, allow_negative_balance
      FROM leave_policy_years
      UNION ALL
      SELECT \(LeavePolicyHistory.firstYear), default_allowance, carry_over_maximum, carry_over_until,
        allow_negative_balance
      FROM company WHERE id = 1 AND NOT EXISTS (SELECT 1 FROM leave_policy_years)
      ORDER BY from_year
      """
    ) { rows in
      LeavePolicyHistory(
        rows.map { row in
          LeavePolicyHistory.Entry(
            fromYear: row.int("from_year"),
            policy: Self.policy(
              allowance: row.int("default_allowance"), carryOver: row.int("carry_over_maximum"),
              until: row.string("carry_over_until"), negative: row.bool("allow_negative_balance")))
        })
    }
  }

  /// One year's change as recorded: when and by whom.
  public struct PolicyChange: Hashable, Sendable {
    public let fromYear: Int
    public let changedAt: Int64
    public let changedBy: String?
  }

  public func policyChanges() throws -> [PolicyChange] {
    try connection.query("SELECT from_year, changed_at, changed_by FROM leave_policy_years ORDER BY from_year").map {
      PolicyChange(
        fromYear: $0.int("from_year"), changedAt: Int64($0.int("changed_at")),
        changedBy: $0.optionalString("changed_by"))
    }
  }

  /// Replaces the history. Entries that did not change keep when and by whom they were set.
  public func save(_ history: LeavePolicyHistory, changedAt instant: Int64, by employeeID: String) throws {
    // Only rows really stored count as unchanged (not the company row standing in for them).
    let stored = try connection.queryFirst("SELECT COUNT(*) AS n FROM leave_policy_years")?.int("n") ?? 0
    let current = try policyHistory().entries
    let before = stored == 0 ? [] : current
    // The policy the installation began with is recorded as such, not as this change.
    let original = stored == 0 ? current : []
    let kept = history.entries.map { String($0.fromYear) }.joined(separator: ", ")
    try connection.execute("DELETE FROM leave_policy_years WHERE from_year NOT IN (\(kept))")
    for entry in history.entries where !before.contains(entry) {
      let policy = entry.policy
      try connection.execute(
        """
        INSERT INTO leave_policy_years (from_year, default_allowance, carry_over_maximum, carry_over_until,
          allow_negative_balance, changed_at, changed_by) VALUES (?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (from_year) DO UPDATE SET default_allowance = excluded.default_allowance,
          carry_over_maximum = excluded.carry_over_maximum, carry_over_until = excluded.carry_over_until,
          allow_negative_balance = excluded.allow_negative_balance, changed_at = excluded.changed_at,
          changed_by = excluded.changed_by
        """, DatabaseValue(entry.fromYear), DatabaseValue(policy.defaultAllowance.halves),
        DatabaseValue(policy.carryOverMaximum.halves),
        .text(String(format: "%02d-%02d", policy.carryOverUntilMonth, policy.carryOverUntilDay)),
        DatabaseValue(policy.allowsNegativeBalance), .integer(original.contains(entry) ? 0 : instant),
        original.contains(entry) ? .null : .text(employeeID))
    }
    if Self.deadlines(of: current) != Self.deadlines(of: history.entries) {
      try LeaveBalanceStore(connection).recountEveryone()
    }
  }

  /// What the balance rows' early days depend on: each entry's year and carry-over deadline.
  private static func deadlines(of entries: [LeavePolicyHistory.Entry]) -> [[Int]] {
    entries.map { [$0.fromYear, $0.policy.carryOverUntilMonth, $0.policy.carryOverUntilDay] }
  }

  private static func policy(allowance: Int, carryOver: Int, until text: String, negative: Bool) -> LeavePolicy {
    let until = text.split(separator: "-").compactMap { Int($0) }
    return LeavePolicy(
      defaultAllowance: HalfDays(halves: allowance), carryOverMaximum: HalfDays(halves: carryOver),
      carryOverUntilMonth: until.count == 2 ? until[0] : 3, carryOverUntilDay: until.count == 2 ? until[1] : 31,
      allowsNegativeBalance: negative)
  }

  /// Saves the policy on the company row (which must exist): the policy of every year until
  /// the history records a change.
  public func save(_ policy: LeavePolicy) throws {
    let until = String(format: "%02d-%02d", policy.carryOverUntilMonth, policy.carryOverUntilDay)
    let before = try connection.queryFirst("SELECT carry_over_until FROM company WHERE id = 1")?
      .optionalString("carry_over_until")
    try connection.execute(
      """
      UPDATE company SET default_allowance = ?, carry_over_maximum = ?, carry_over_until = ?,
        allow_negative_balance = ? WHERE id = 1
      """,
      DatabaseValue(policy.defaultAllowance.halves), DatabaseValue(policy.carryOverMaximum.halves), .text(until),
      DatabaseValue(policy.allowsNegativeBalance))
    // The deadline of every year still without a recorded change, when it moved.
    if before != until { try LeaveBalanceStore(connection).recountEveryone() }
  }

  // MARK: Leave types

  public func leaveTypes() throws -> [LeaveType] { try connection.fetch(leaveTypesFetch) }

  public var leaveTypesFetch: Fetch<[LeaveType]> {
    Fetch("SELECT * FROM leave_types ORDER BY name, id") { $0.map(Self.leaveType) }
  }

  /// The type requests get when none is chosen (Vacation until an admin picks another).
  public func defaultLeaveType() throws -> LeaveType? {
    try connection.queryFirst("SELECT * FROM leave_types WHERE is_default = 1 ORDER BY id LIMIT 1").map(Self.leaveType)
  }

  /// Makes `id` the one default type.
  public func makeDefault(id: String) throws {
    try connection.execute(
      "UPDATE leave_types SET is_default = CASE WHEN id = ? THEN 1 ELSE 0 END", .text(id))
  }

  public func leaveType(id: String) throws -> LeaveType? {
    try connection.queryFirst("SELECT * FROM leave_types WHERE id = ?", .text(id)).map(Self.leaveType)
  }

  /// Adds a type; a unique violation when the name is taken.
  public func insert(_ type: LeaveType) throws {
    try connection.execute(
      "INSERT INTO leave_types (id, name, counts_against_allowance, needs_approval, active) VALUES (?, ?, ?, ?, ?)",
      .text(type.id), .text(type.name), DatabaseValue(type.countsAgainstAllowance),
      DatabaseValue(type.needsApproval), DatabaseValue(type.isActive))
  }

  /// Saves a changed type; when whether it counts changed, every balance row is counted again.
  public func update(_ type: LeaveType) throws {
    let counted = try connection.queryFirst(
      "SELECT counts_against_allowance FROM leave_types WHERE id = ?", .text(type.id))?.bool("counts_against_allowance")
    try connection.execute(
      "UPDATE leave_types SET name = ?, counts_against_allowance = ?, needs_approval = ?, active = ? WHERE id = ?",
      .text(type.name), DatabaseValue(type.countsAgainstAllowance), DatabaseValue(type.needsApproval),
      DatabaseValue(type.isActive), .text(type.id))
    if counted != type.countsAgainstAllowance { try LeaveBalanceStore(connection).recountEveryone() }
  }

  private static func leaveType(_ row: DatabaseRow) -> LeaveType {
    LeaveType(
      id: row.string("id"), name: row.string("name"), countsAgainstAllowance: row.bool("counts_against_allowance"),
      needsApproval: row.bool("needs_approval"), isActive: row.bool("active"),
      isDefault: row.bool("is_default"))
  }

  // MARK: Holidays

  /// A holiday as stored, with its id and location.
  public struct StoredHoliday: Hashable, Sendable {
    public let id: String
    public let locationID: String
    public let holiday: Holiday
  }

  /// The holidays of a location, optionally of one year, by date.
  public func holidays(locationID: String, year: Int? = nil) throws -> [StoredHoliday] {
    guard let year else { return try connection.fetch(holidaysFetch(locationID: locationID)) }
    return try connection.fetch(holidaysFetch(locationID, .text("\(year)-01-01"), .text("\(year)-12-31")))
  }

  /// Every holiday of a location, by date.
  public func holidaysFetch(locationID: String) -> Fetch<[StoredHoliday]> {
    Fetch("SELECT * FROM holidays WHERE location_id = ? ORDER BY date", .text(locationID)) {
      $0.compactMap(Self.holiday)
    }
  }

  /// The holidays of a location within one request's days, by date: what checking a request
  /// needs (a location keeps every year's holidays, and a request reads only its own days).
  public func holidaysFetch(locationID: String, within span: LeaveSpan) -> Fetch<[StoredHoliday]> {
    holidaysFetch(locationID, DatabaseValue(span.start), DatabaseValue(span.end))
  }

  /// The holidays of a location dated from `start` to `end` (dates as stored), by date.
  private func holidaysFetch(
    _ locationID: String, _ start: DatabaseValue, _ end: DatabaseValue
  ) -> Fetch<[StoredHoliday]> {
    Fetch(
      "SELECT * FROM holidays WHERE location_id = ? AND date >= ? AND date <= ? ORDER BY date", .text(locationID),
      start, end
    ) { $0.compactMap(Self.holiday) }
  }

  public func holiday(id: String) throws -> StoredHoliday? {
    try connection.queryFirst("SELECT * FROM holidays WHERE id = ?", .text(id)).flatMap(Self.holiday)
  }

  /// Adds a holiday; a unique violation when the location already has one that day.
  public func insertHoliday(id: String, locationID: String, _ holiday: Holiday) throws {
    try connection.execute(
      "INSERT INTO holidays (id, location_id, date, name, half) VALUES (?, ?, ?, ?, ?)",
      .text(id), .text(locationID), DatabaseValue(holiday.date), .text(holiday.name),
      DatabaseValue(holiday.half?.rawValue))
  }

  public func deleteHoliday(id: String) throws {
    try connection.execute("DELETE FROM holidays WHERE id = ?", .text(id))
  }

  private static func holiday(_ row: DatabaseRow) -> StoredHoliday? {
    guard let date = row.date("date") else { return nil }
    return StoredHoliday(
      id: row.string("id"), locationID: row.string("location_id"),
      holiday: Holiday(date: date, name: row.string("name"), half: row.optionalString("half").flatMap(DayHalf.init)))
  }

  // MARK: Allowances

  /// Allowances set for particular years of one employee.
  public func allowanceOverrides(employeeID: String) throws -> [Int: HalfDays] {
    try connection.fetch(allowanceOverridesFetch(employeeID: employeeID))
  }

  public func allowanceOverridesFetch(employeeID: String) -> Fetch<[Int: HalfDays]> {
    Fetch("SELECT year, halves FROM allowances WHERE employee_id = ?", .text(employeeID)) { rows in
      rows.reduce(into: [:]) { $0[$1.int("year")] = HalfDays(halves: $1.int("halves")) }
    }
  }

  public func setAllowance(employeeID: String, year: Int, days: HalfDays) throws {
    try connection.execute(
      """
      INSERT INTO allowances (employee_id, year, halves) VALUES (?, ?, ?)
      ON CONFLICT (employee_id, year) DO UPDATE SET halves = excluded.halves
      """, .text(employeeID), DatabaseValue(year), DatabaseValue(days.halves))
  }
}

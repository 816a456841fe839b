import AtriumDomain

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
    let until = row.string("carry_over_until").split(separator: "-").compactMap { Int($0) }
    return LeavePolicy(
      defaultAllowance: HalfDays(halves: row.int("default_allowance")),
      carryOverMaximum: HalfDays(halves: row.int("carry_over_maximum")),
      carryOverUntilMonth: until.count == 2 ? until[0] : 3, carryOverUntilDay: until.count == 2 ? until[1] : 31,
      allowsNegativeBalance: row.bool("allow_negative_balance"))
  }

  /// Saves the policy on the company row (which must exist).
  public func save(_ policy: LeavePolicy) throws {
    let until = String(format: "%02d-%02d", policy.carryOverUntilMonth, policy.carryOverUntilDay)
    try connection.execute(
      """
      UPDATE company SET default_allowance = ?, carry_over_maximum = ?, carry_over_until = ?,
        allow_negative_balance = ? WHERE id = 1
      """,
      DatabaseValue(policy.defaultAllowance.halves), DatabaseValue(policy.carryOverMaximum.halves), .text(until),
      DatabaseValue(policy.allowsNegativeBalance))
  }

  // MARK: Leave types

  public func leaveTypes() throws -> [LeaveType] {
    try connection.query("SELECT * FROM leave_types ORDER BY name, id").map(Self.leaveType)
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

  public func update(_ type: LeaveType) throws {
    try connection.execute(
      "UPDATE leave_types SET name = ?, counts_against_allowance = ?, needs_approval = ?, active = ? WHERE id = ?",
      .text(type.name), DatabaseValue(type.countsAgainstAllowance), DatabaseValue(type.needsApproval),
      DatabaseValue(type.isActive), .text(type.id))
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
    let rows: [DatabaseRow]
    if let year {
      rows = try connection.query(
        "SELECT * FROM holidays WHERE location_id = ? AND date >= ? AND date <= ? ORDER BY date",
        .text(locationID), .text("\(year)-01-01"), .text("\(year)-12-31"))
    } else {
      rows = try connection.query("SELECT * FROM holidays WHERE location_id = ? ORDER BY date", .text(locationID))
    }
    return rows.compactMap(Self.holiday)
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
    try connection.query("SELECT year, halves FROM allowances WHERE employee_id = ?", .text(employeeID))
      .reduce(into: [:]) { $0[$1.int("year")] = HalfDays(halves: $1.int("halves")) }
  }

  public func setAllowance(employeeID: String, year: Int, days: HalfDays) throws {
    try connection.execute(
      """
      INSERT INTO allowances (employee_id, year, halves) VALUES (?, ?, ?)
      ON CONFLICT (employee_id, year) DO UPDATE SET halves = excluded.halves
      """, .text(employeeID), DatabaseValue(year), DatabaseValue(days.halves))
  }
}

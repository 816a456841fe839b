import AtriumDomain
import AtriumSQL

/// Employees: the directory's rows.
public struct PeopleStore {
  let connection: any DatabaseConnection

  public init(_ connection: any DatabaseConnection) {
    self.connection = connection
  }

  public func employee(id: String) throws -> Employee? {
    try connection.queryFirst("SELECT * FROM employees WHERE id = ?", .text(id)).map(Self.employee)
  }

  /// Looks up by the normalized username (see `Credentials.normalizedUsername`).
  public func employee(username: String) throws -> Employee? {
    try connection.queryFirst("SELECT * FROM employees WHERE username = ?", .text(username)).map(Self.employee)
  }

  /// Looks up by email (stored in lowercase).
  public func employee(email: String) throws -> Employee? {
    try connection.queryFirst("SELECT * FROM employees WHERE email = ?", .text(email.lowercased())).map(Self.employee)
  }

  /// Everyone still employed, for a change that may touch each of their balances.
  public func activeEmployees() throws -> [Employee] {
    try connection.query("SELECT * FROM employees WHERE active = 1 ORDER BY id").employees
  }

  /// Everyone, former employees too, in pages by id (`after`: the last id of the page before).
  public func everyone(after id: String, limit: Int) throws -> [Employee] {
    try connection.query("SELECT * FROM employees WHERE id > ? ORDER BY id LIMIT ?", .text(id), .integer(Int64(limit)))
      .employees
  }

  /// Active administrators other than `id`.
  public func activeAdministrators(besides id: String) throws -> Int {
    try connection.queryFirst(
      "SELECT COUNT(*) AS n FROM employees WHERE role = 'admin' AND active = 1 AND id <> ?", .text(id))?.int("n") ?? 0
  }

  /// The active people a company notice is meant for: `everyone`, or a `department` or
  /// `location` (its id).
  public func audience(_ audience: String, id: String?) throws -> [Employee] {
    switch audience {
    case "department":
      try connection.query(
        "SELECT * FROM employees WHERE active = 1 AND department_id = ? ORDER BY id", .text(id ?? "")
      )
      .employees
    case "location":
      try connection.query("SELECT * FROM employees WHERE active = 1 AND location_id = ? ORDER BY id", .text(id ?? ""))
        .employees
    default:
      try connection.query("SELECT * FROM employees WHERE active = 1 ORDER BY id").employees
    }
  }

  /// Everyone who runs Atrium: the active administrators.
  public func activeAdministrators() throws -> [Employee] {
    try connection.query("SELECT * FROM employees WHERE role = 'admin' AND active = 1 ORDER BY id").employees
  }

  public func count() throws -> Int {
    try connection.queryFirst("SELECT COUNT(*) AS n FROM employees")?.int("n") ?? 0
  }

  /// Adds an employee; throws a unique violation for a taken username or email and a foreign
  /// key violation for an unknown department, location or manager.
  public func insert(_ employee: Employee) throws {
    try connection.execute(
      """
      INSERT INTO employees (id, username, email, first_name, last_name, position, department_id,
        location_id, manager_id, role, start_date, phone, bio, active, sort_key, permissions, search_id)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
        (SELECT COALESCE(MAX(search_id), 0) + 1 FROM employees))
      """,
      [
        .text(employee.id), .text(employee.username), .text(employee.email),
        .text(employee.firstName), .text(employee.lastName), .text(employee.position),
        .text(employee.departmentID), .text(employee.locationID), DatabaseValue(employee.managerID),
        .text(employee.role.rawValue), DatabaseValue(employee.startDate), .text(employee.phone),
        .text(employee.bio), DatabaseValue(employee.isActive), .text(employee.sortKey),
        .text(Permission.text(employee.permissions)),
      ])
    try index(employeeID: employee.id)
    try ReportingLinesStore(connection).added(employee.id, managerID: employee.managerID)
  }

  /// Saves every field of an existing employee.
  public func update(_ employee: Employee) throws {
    let formerManager = try connection.queryFirst("SELECT manager_id FROM employees WHERE id = ?", .text(employee.id))?
      .optionalString("manager_id")
    // A new name takes a key after every other, out of the search's range in name order
    // (`orderSearch`); the search row goes under the old key first.
    try unindex(employeeID: employee.id)
    try connection.execute(
      """
      UPDATE employees SET username = ?, email = ?, first_name = ?, last_name = ?, position = ?, department_id = ?,
        location_id = ?, manager_id = ?, role = ?, start_date = ?, phone = ?, bio = ?, active = ?, sort_key = ?,
        permissions = ?,
        search_id = CASE WHEN sort_key = ? THEN search_id ELSE (SELECT MAX(search_id) + 1 FROM employees) END
      WHERE id = ?
      """,
      [
        .text(employee.username), .text(employee.email), .text(employee.firstName), .text(employee.lastName),
        .text(employee.position), .text(employee.departmentID), .text(employee.locationID),
        DatabaseValue(employee.managerID), .text(employee.role.rawValue), DatabaseValue(employee.startDate),
        .text(employee.phone), .text(employee.bio), DatabaseValue(employee.isActive), .text(employee.sortKey),
        .text(Permission.text(employee.permissions)), .text(employee.sortKey), .text(employee.id),
      ])
    try index(employeeID: employee.id)
    if formerManager != employee.managerID {
      try ReportingLinesStore(connection).moved(employee.id, to: employee.managerID)
    }
  }

  /// Sets or clears someone's profile photo.
  public func setPhoto(_ photoID: String?, of employeeID: String) throws {
    try connection.execute("UPDATE employees SET photo = ? WHERE id = ?", DatabaseValue(photoID), .text(employeeID))
  }

  /// Every photo some person still uses, so that housekeeping keeps their files.
  public func photosInUse() throws -> Set<String> {
    Set(try connection.query("SELECT DISTINCT photo FROM employees WHERE photo IS NOT NULL").map { $0.string("photo") })
  }

  /// The ids of everyone above an employee in the reporting chain, nearest first, from the
  /// chain's rows (`ReportingLinesStore`, which never links a loop).
  public func chain(above employeeID: String) throws -> [String] {
    try connection.query(
      "SELECT ancestor_id FROM reporting_lines WHERE descendant_id = ? AND depth > 0 ORDER BY depth",
      .text(employeeID)
    ).map { $0.string("ancestor_id") }
  }

  /// The managers above an employee, nearest first (see `chain(above:)`).
  public func managers(above employeeID: String) throws -> [Employee] {
    try connection.query(
      """
      SELECT e.* FROM reporting_lines l JOIN employees e ON e.id = l.ancestor_id
      WHERE l.descendant_id = ? AND l.depth > 0 ORDER BY l.depth
      """, .text(employeeID)
    ).employees
  }
}

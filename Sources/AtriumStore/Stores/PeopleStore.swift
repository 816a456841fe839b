import AtriumDomain

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

  public func count() throws -> Int {
    try connection.queryFirst("SELECT COUNT(*) AS n FROM employees")?.int("n") ?? 0
  }

  /// Adds an employee; throws a unique violation for a taken username or email and a foreign
  /// key violation for an unknown department, location or manager.
  public func insert(_ employee: Employee) throws {
    try connection.execute(
      """
      INSERT INTO employees (id, username, email, first_name, last_name, position, department_id,
        location_id, manager_id, role, start_date, phone, bio, active)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        .text(employee.id), .text(employee.username), .text(employee.email),
        .text(employee.firstName), .text(employee.lastName), .text(employee.position),
        .text(employee.departmentID), .text(employee.locationID), DatabaseValue(employee.managerID),
        .text(employee.role.rawValue), DatabaseValue(employee.startDate), .text(employee.phone),
        .text(employee.bio), DatabaseValue(employee.isActive),
      ])
  }

  /// The ids of everyone above an employee in the reporting chain, nearest first. A cycle in
  /// the data (which the people rules refuse) cannot loop: the walk stops at a repeat.
  public func chain(above employeeID: String) throws -> [String] {
    var chain: [String] = []
    var current = employeeID
    while let row = try connection.queryFirst("SELECT manager_id FROM employees WHERE id = ?", .text(current)),
      let manager = row.optionalString("manager_id"), manager != employeeID, !chain.contains(manager)
    {
      chain.append(manager)
      current = manager
    }
    return chain
  }

  /// The employees with these ids, by id.
  public func employees(ids: [String]) throws -> [String: Employee] {
    var result: [String: Employee] = [:]
    for id in Set(ids) {
      if let employee = try employee(id: id) { result[id] = employee }
    }
    return result
  }

  static func employee(_ row: DatabaseRow) -> Employee {
    Employee(
      id: row.string("id"), username: row.string("username"), email: row.string("email"),
      firstName: row.string("first_name"), lastName: row.string("last_name"),
      position: row.string("position"), departmentID: row.string("department_id"),
      locationID: row.string("location_id"), managerID: row.optionalString("manager_id"),
      role: Role(rawValue: row.string("role")) ?? .employee, startDate: row.date("start_date"),
      phone: row.string("phone"), bio: row.string("bio"), isActive: row.bool("active"))
  }
}

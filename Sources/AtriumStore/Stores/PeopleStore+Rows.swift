import AtriumDomain
import AtriumSQL

extension PeopleStore {
  /// Where each column of an employee's row is in a query's rows: found by name once per
  /// query rather than once per row and column (sixteen lookups a person, a tenth of a
  /// directory page's instructions: `make bench-cost`).
  struct EmployeeColumns {
    let id, username, email, firstName, lastName, position, departmentID, locationID, managerID: Int?
    let role, startDate, phone, bio, active, photo, permissions: Int?

    init(_ columns: DatabaseColumns) {
      (id, username, email) = (
        columns.position(of: "id"), columns.position(of: "username"), columns.position(of: "email")
      )
      (firstName, lastName, position) = (
        columns.position(of: "first_name"), columns.position(of: "last_name"), columns.position(of: "position")
      )
      (departmentID, locationID, managerID) = (
        columns.position(of: "department_id"), columns.position(of: "location_id"), columns.position(of: "manager_id")
      )
      (role, startDate, phone, bio) = (
        columns.position(of: "role"), columns.position(of: "start_date"), columns.position(of: "phone"),
        columns.position(of: "bio")
      )
      (active, photo, permissions) = (
        columns.position(of: "active"), columns.position(of: "photo"), columns.position(of: "permissions")
      )
    }
  }

  /// Employees from rows of `employees` (`SELECT *` or more), in order.
  static func employees(_ rows: some Collection<DatabaseRow>) -> [Employee] {
    guard let first = rows.first else { return [] }
    let columns = EmployeeColumns(first.columns)
    return rows.map { employee($0, columns) }
  }

  /// An employee from one row of `employees` (`SELECT *` or more).
  static func employee(_ row: DatabaseRow) -> Employee {
    employee(row, EmployeeColumns(row.columns))
  }

  private static func employee(_ row: DatabaseRow, _ at: EmployeeColumns) -> Employee {
    Employee(
      id: row[at.id].string, username: row[at.username].string, email: row[at.email].string,
      firstName: row[at.firstName].string, lastName: row[at.lastName].string, position: row[at.position].string,
      departmentID: row[at.departmentID].string, locationID: row[at.locationID].string,
      managerID: row[at.managerID].optionalString, role: Role(rawValue: row[at.role].string) ?? .employee,
      startDate: row[at.startDate].optionalString.flatMap { CalendarDate($0) }, phone: row[at.phone].string,
      bio: row[at.bio].string, isActive: row[at.active].int != 0, photoID: row[at.photo].optionalString,
      permissions: Permission.set(from: row[at.permissions].string))
  }
}

extension Collection<DatabaseRow> {
  /// The rows (of `employees`, `SELECT *` or more) as employees, in order.
  var employees: [Employee] { PeopleStore.employees(self) }
}

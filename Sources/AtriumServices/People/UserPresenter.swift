import AtriumAPI
import AtriumDomain
import AtriumSQL
import AtriumStore

/// Turns an employee into the user object of DESIGN.md, with department and location names.
package struct UserPresenter: Sendable {
  package init() {
  }

  package func user(for employee: Employee, connection: any DatabaseConnection) throws -> User {
    let places = PlacesStore(connection)
    let department = try places.department(id: employee.departmentID)
    let location = try places.location(id: employee.locationID)
    return User(
      id: employee.id, username: employee.username, email: employee.email,
      firstName: employee.firstName, lastName: employee.lastName, displayName: employee.displayName,
      position: employee.position,
      department: Reference(id: employee.departmentID, name: department?.name ?? ""),
      location: Reference(id: employee.locationID, name: location?.name ?? ""),
      managerId: employee.managerID, role: employee.role,
      photoURL: PhotoService.address(of: employee.id, photoID: employee.photoID),
      permissions: employee.permissions.sorted())
  }
}

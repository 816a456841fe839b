import AtriumAPI
import AtriumCrypto
import AtriumDomain
import AtriumLDAP
import AtriumSQL
import AtriumStore
import Foundation

/// Sign-in against the company directory and the people sync. Every call opens its own
/// connection and may wait on the network: it runs on the worker pool or a background thread.
package struct DirectoryService: Sendable {
  package let environment: ServerEnvironment
  package let configuration: DirectoryConfiguration
  package let photos: PhotoService

  // MARK: - Sign-in

  /// The employee for a directory user whose password the directory accepts, created or
  /// updated from their entry.
  /// - Throws: 401 (wrong password, unknown or disabled user), 503 (directory unreachable).
  package func signIn(username: String, password: String) throws -> Employee {
    do {
      let ldap = try environment.directoryClient.connect(configuration.connection)
      let dn: String
      switch configuration.lookup {
      case .template(let template):
        dn = LDAPEscaping.fill(template, username: username, escape: LDAPEscaping.dnValue)
      case .search(let base, let filter):
        try bindService(ldap)
        let found = try ldap.search(
          base: base, filter: LDAPEscaping.fill(filter, username: username, escape: LDAPEscaping.filterValue),
          attributes: [configuration.attributes.username])
        // Nobody, or several people, answer to this name: the same refusal as a wrong password.
        guard found.count == 1 else { throw LDAPError.invalidCredentials }
        dn = found[0].dn
      }
      try bindUser(ldap, dn: dn, password: password)
      let entries = try ldap.search(
        base: dn, scope: .base, filter: configuration.activeFilter ?? "(objectClass=*)",
        attributes: configuration.attributes.all)
      guard let entry = entries.first, let person = DirectoryPerson(entry, attributes: configuration.attributes),
        person.username == username
      else {
        throw LDAPError.invalidCredentials
      }
      let role = role(
        of: person.dn, admins: members(of: configuration.adminGroup, ldap),
        managers: members(of: configuration.managerGroup, ldap))
      let newPhoto = try photo(of: person)
      return try environment.database.write { connection in
        // An erased person stays erased: their entry signs nobody in.
        if try ErasureStore(connection).erasedDirectoryEntries().contains(AccountErasureService.hash(dn: person.dn)) {
          throw LDAPError.invalidCredentials
        }
        return try apply(person, role: role, photo: newPhoto, connection: connection).employee
      }
    } catch LDAPError.invalidCredentials {
      throw Problem.unauthorized(.wrongCredentials)
    } catch let error as LDAPError {
      environment.log.write(ErrorLogEntry(requestId: "directory", error: error.description).line)
      throw Problem(status: 503, .admin(.directoryUnavailable), type: "/problems/directory-unavailable")
    }
  }

  /// Binds as the signing-in user. A DN the server cannot parse or does not know, or a bind it
  /// refuses for another reason, is a failed sign-in like a wrong password.
  private func bindUser(_ ldap: any DirectoryConnection, dn: String, password: String) throws(LDAPError) {
    do {
      try ldap.bind(dn: dn, password: password)
    } catch {
      if case .unavailable = error { throw error }
      throw .invalidCredentials
    }
  }

  /// Binds as the service account, when there is one (else searches are anonymous).
  package func bindService(_ ldap: any DirectoryConnection) throws(LDAPError) {
    guard let dn = configuration.bindDN, let password = configuration.bindPassword else { return }
    do {
      try ldap.bind(dn: dn, password: password)
    } catch .invalidCredentials {
      // The service account's password is wrong: that is the server's problem, not the user's.
      throw .failed(code: 49, message: "the service account (ATRIUM_LDAP_BIND_DN) was refused")
    }
  }

  /// The normalized member DNs of a group; empty when there is no group or it cannot be read.
  private func members(of group: String?, _ ldap: any DirectoryConnection) -> Set<String> {
    guard let group,
      let entries = try? ldap.search(
        base: group, scope: .base, filter: "(objectClass=*)", attributes: ["member", "uniqueMember"])
    else { return [] }
    return Set(
      entries.flatMap { $0.strings("member") + $0.strings("uniqueMember") }.map(DirectoryConfiguration.normalized))
  }

  private func role(of dn: String, admins: Set<String>, managers: Set<String>) -> Role {
    admins.contains(dn) ? .admin : managers.contains(dn) ? .manager : .employee
  }

  /// The photo id for the person's directory photo when it changed since it was last imported,
  /// or nil to leave the photo alone. A photo that cannot be read is skipped.
  package func photo(of person: DirectoryPerson) throws -> DirectoryPhoto? {
    guard let bytes = person.photo else { return nil }
    let hash = Crypto.hex(Crypto.sha256(bytes))
    let stored = try environment.database.read { connection -> String? in
      guard let employee = try DirectoryStore(connection).employee(dn: person.dn) else { return nil }
      return try DirectoryStore(connection).photoHash(employeeID: employee.id)
    }
    guard stored != hash else { return nil }
    do {
      return DirectoryPhoto(id: try photos.store(image: bytes), sourceHash: hash)
    } catch {
      environment.log.write(
        ErrorLogEntry(requestId: "directory", error: "the photo of \(person.dn) cannot be read: \(error)").line)
      return nil
    }
  }

  // MARK: - Applying an entry

  package enum Change { case created, updated, unchanged }

  /// Creates or updates the employee of a directory entry. An entry is matched by its DN, else
  /// by username when that Atrium account has no password of its own (it is then linked);
  /// a local account with a password is never taken over.
  /// - Parameters:
  ///   - photo: A new photo, or nil to keep the current one.
  ///   - managerID: The manager when the caller resolved it (the sync); nil to look it up.
  package func apply(
    _ person: DirectoryPerson, role: Role, photo: DirectoryPhoto?, managerID: String?? = nil,
    connection: any DatabaseConnection
  ) throws -> (employee: Employee, change: Change) {
    let directory = DirectoryStore(connection)
    let people = PeopleStore(connection)
    var existing = try directory.employee(dn: person.dn)
    if existing == nil, let local = try people.employee(username: person.username) {
      guard try AccountStore(connection).account(employeeID: local.id)?.passwordHash == nil else {
        throw Problem.conflict(.localAccountKept(username: person.username))
      }
      existing = local
    }
    let places = DirectoryPlaces(connection: connection, makeID: environment.makeID)
    var employee =
      existing
      ?? Employee(
        id: environment.makeID(), username: person.username, email: person.email, firstName: "", lastName: "",
        departmentID: "", locationID: "")
    let before = existing
    employee.username = person.username
    employee.email = person.email
    employee.firstName = person.firstName
    employee.lastName = person.lastName
    employee.position = person.position
    employee.departmentID = try places.department(named: person.department)
    employee.locationID = try places.location(named: person.location)
    employee.phone = person.phone
    employee.role = role
    employee.isActive = true
    if let managerID {
      employee.managerID = managerID
    } else if let managerDN = person.managerDN, let manager = try directory.employee(dn: managerDN) {
      employee.managerID = manager.id
    }
    do {
      if before == nil {
        try people.insert(employee)
        try AccountStore(connection).setPassword(employeeID: employee.id, hash: nil, mustChange: false)
        try directory.link(employeeID: employee.id, dn: person.dn)
      } else if before != employee {
        try people.update(employee)
        try directory.link(employeeID: employee.id, dn: person.dn)
      } else {
        try directory.link(employeeID: employee.id, dn: person.dn)
      }
    } catch let error as DatabaseError where error.isUniqueViolation {
      throw Problem.conflict(.directoryIdentityTaken(dn: person.dn))
    }
    var changed = before == nil || before != employee
    if let photo {
      try people.setPhoto(photo.id, of: employee.id)
      try directory.setPhotoHash(photo.sourceHash, employeeID: employee.id)
      employee.photoID = photo.id
      changed = true
    }
    return (employee, before == nil ? .created : changed ? .updated : .unchanged)
  }
}

/// A directory photo made into Atrium's sizes, with the hash of the directory's bytes.
package struct DirectoryPhoto: Sendable, Hashable {
  package let id: String
  package let sourceHash: String
}

/// Departments and locations by name, created when the directory names one Atrium lacks.
package struct DirectoryPlaces {
  package let connection: any DatabaseConnection
  package let makeID: () -> String

  /// People without a department or location in the directory go here.
  package static let unassigned = "Unassigned"

  package func department(named name: String) throws -> String {
    let name = name.isEmpty ? Self.unassigned : name
    let places = PlacesStore(connection)
    if let id = try places.departmentID(named: name) { return id }
    let id = makeID()
    try places.insert(Department(id: id, name: name))
    return id
  }

  package func location(named name: String) throws -> String {
    let name = name.isEmpty ? Self.unassigned : name
    let places = PlacesStore(connection)
    if let id = try places.locationID(named: name) { return id }
    let id = makeID()
    let zone = try CompanyStore(connection).company()?.timeZone ?? "UTC"
    try places.insert(Location(id: id, name: name, timeZone: zone))
    return id
  }
}

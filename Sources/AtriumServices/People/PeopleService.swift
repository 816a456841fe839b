import AtriumAPI
import AtriumDomain
import AtriumSQL
import AtriumStore

/// The directory, profiles, and changes to them: one's own phone, location and bio; anything
/// for admins, with a manager cycle refused.
package struct PeopleService: Sendable {
  package init(environment: ServerEnvironment) {
    self.environment = environment
  }

  package let environment: ServerEnvironment

  package func directory(_ query: PeopleQuery) throws -> Page<PersonSummary> {
    try environment.database.read { connection in
      let result = try PeopleStore(connection).directory(
        query: query.text, departmentID: query.departmentID, locationID: query.locationID,
        limit: query.page.limit, after: query.page.cursor)
      let names = try placeNames(connection)
      return Page(items: result.rows.map { Self.summary(of: $0.person, names: names) }, nextCursor: result.nextCursor)
    }
  }

  /// The directory page's bytes, each person written from what this instance kept of them
  /// while their row and the place names still read the same (`EncodedPersonSummaries`).
  package func encodedDirectory(_ query: PeopleQuery) throws -> EncodedDirectoryPage {
    try environment.database.read { connection in
      let kept = environment.memory?.encodedPersonSummaries
      var found = EncodedPersonSummaries.Found(rows: query.page.limit + 1)
      let result = try PeopleStore(connection).directory(
        query: query.text, departmentID: query.departmentID, locationID: query.locationID,
        limit: query.page.limit, after: query.page.cursor, known: { found.row(for: $0, in: kept) })
      let names = try placeNames(connection)
      let write = { (row: PeopleStore.ListedRow) in
        try EncodedPersonSummary(Self.summary(of: row.person, names: names))
      }
      let items =
        try kept?.summaries(of: result.rows, found: found, namesVersion: names.version, write: write)
        ?? result.rows.map(write)
      return EncodedDirectoryPage(items: items, nextCursor: result.nextCursor)
    }
  }

  private static func summary(of person: ListedPerson, names: PlaceNames) -> PersonSummary {
    PersonSummary(
      id: person.id, displayName: person.displayName, firstName: person.firstName, lastName: person.lastName,
      position: person.position, department: names.department(person.departmentID),
      location: names.location(person.locationID),
      photoURL: PhotoService.address(of: person.id, photoID: person.photoID))
  }

  /// Every department's and location's name: every page of the directory shows them, so they
  /// are read once per change, not per page, with the version kept people are checked by.
  private func placeNames(_ connection: any DatabaseConnection) throws -> PlaceNames {
    try environment.recall(\.placeNames, .placeNames) {
      var names = try PlaceNames(connection)
      names.version = environment.memory?.encodedPersonSummaries.version(of: names) ?? 0
      return names
    }
  }

  /// Everyone sees the directory, so every active profile is visible; a deactivated one only
  /// to admins.
  package func profile(id: String, principal: Principal) throws -> PersonProfile {
    try environment.database.read { connection in
      guard let employee = try PeopleStore(connection).employee(id: id),
        employee.isActive || principal.employee.role == .admin
      else { throw Problem.notFound(.noPerson(id: id)) }
      return try Self.profile(of: employee, connection: connection)
    }
  }

  package func updateMe(_ change: ProfileChange, principal: Principal) throws -> PersonProfile {
    var validator = Validator()
    let phone = change.phone.map { ProfileRules.phone($0, into: &validator) }
    let bio = change.bio.map {
      ProfileRules.text($0, field: "bio", maximum: ProfileRules.maximumBioLength, into: &validator)
    }
    try validator.check()
    return try environment.database.write { connection in
      let people = PeopleStore(connection)
      guard var employee = try people.employee(id: principal.employee.id) else {
        throw Problem.unauthorized(.accountInactive)
      }
      if let locationID = change.locationId {
        guard try PlacesStore(connection).location(id: locationID) != nil else {
          throw Problem.invalid(ValidationFailure([FieldError(field: "locationId", rule: .notA(.location))]))
        }
        employee.locationID = locationID
      }
      if let phone { employee.phone = phone }
      if let bio { employee.bio = bio }
      try people.update(employee)
      return try Self.profile(of: employee, connection: connection)
    }
  }

  package func updatePerson(id: String, _ change: PersonChange, principal: Principal) throws -> PersonProfile {
    try requireAdmin(principal, to: "change other people's profiles")
    var validator = Validator()
    let username = change.username.map { Credentials.normalizedUsername($0) }
    if let username {
      validator.require(
        Credentials.isValidUsername(username), "username", .username)
    }
    let email = change.email.map { ProfileRules.email($0, into: &validator) }
    let firstName = change.firstName.map { ProfileRules.name($0, field: "firstName", into: &validator) }
    let lastName = change.lastName.map { ProfileRules.name($0, field: "lastName", into: &validator) }
    let position = change.position.map {
      ProfileRules.text($0, field: "position", maximum: ProfileRules.maximumPositionLength, into: &validator)
    }
    let phone = change.phone.map { ProfileRules.phone($0, into: &validator) }
    let bio = change.bio.map {
      ProfileRules.text($0, field: "bio", maximum: ProfileRules.maximumBioLength, into: &validator)
    }
    let permissions = change.permissions.map { names in Set(names.compactMap { Permission(rawValue: $0) }) }
    if let names = change.permissions {
      validator.require(
        names.allSatisfy { Permission(rawValue: $0) != nil }, "permissions",
        .unknownValue(allowed: Permission.allCases.map(\.rawValue)))
    }
    try validator.check()
    return try environment.database.write { connection in
      let people = PeopleStore(connection)
      guard var employee = try people.employee(id: id) else { throw Problem.notFound(.noPerson(id: id)) }
      let permissionsBefore = employee.permissions
      if let permissions { employee.permissions = permissions }
      let before = try Self.profile(of: employee, connection: connection)
      var problems = Validator()
      let places = PlacesStore(connection)
      if let departmentID = change.departmentId {
        problems.require(try places.department(id: departmentID) != nil, "departmentId", .notA(.department))
        employee.departmentID = departmentID
      }
      if let locationID = change.locationId {
        problems.require(try places.location(id: locationID) != nil, "locationId", .notA(.location))
        employee.locationID = locationID
      }
      if case .set(let managerID) = change.managerId {
        if let managerID {
          let exists = try people.employee(id: managerID) != nil
          problems.require(exists, "managerId", .notA(.person))
          if exists {
            let cycle = try ProfileRules.wouldCycle(employeeID: id, managerID: managerID) {
              try people.employee(id: $0)?.managerID
            }
            problems.require(!cycle, "managerId", .loopInReportingChain)
          }
        }
        employee.managerID = managerID
      }
      try problems.check()
      if let username { employee.username = username }
      if let email { employee.email = email }
      if let firstName { employee.firstName = firstName }
      if let lastName { employee.lastName = lastName }
      if let position { employee.position = position }
      if let phone { employee.phone = phone }
      if let bio { employee.bio = bio }
      if let role = change.role {
        // An administrator who demoted themselves could leave the company with none.
        guard role == .admin || employee.id != principal.employee.id else {
          throw Problem.unprocessable(.cannotRemoveOwnAdminRole)
        }
        employee.role = role
      }
      if case .set(let startDate) = change.startDate { employee.startDate = startDate }
      if let active = change.active {
        guard active || employee.id != principal.employee.id else {
          throw Problem.unprocessable(.cannotDeactivateSelf)
        }
        employee.isActive = active
      }
      do {
        try people.update(employee)
      } catch let error as DatabaseError where error.isUniqueViolation {
        throw Problem.conflict(.usernameOrEmailTaken)
      }
      if change.active == false {
        // Deactivation ends every session at once, and nothing is pushed to them any more.
        let now = environment.now().milliseconds
        try AccountStore(connection).setValidAfter(employeeID: id, instant: now)
        try SessionStore(connection).revokeAllSessions(employeeID: id, at: now)
        try SettingsStore(connection).deleteDevices(employeeID: id)
      }
      let after = try Self.profile(of: employee, connection: connection)
      try AuditTrail(environment: environment).record(
        "person.update", target: ("person", id), before: before, after: after, by: principal, connection: connection)
      if employee.permissions != permissionsBefore {
        try AuditTrail(environment: environment).record(
          "person.permissions", target: ("person", id), before: permissionsBefore.sorted(),
          after: employee.permissions.sorted(), by: principal, connection: connection)
      }
      return after
    }
  }

  package static func profile(of employee: Employee, connection: any DatabaseConnection) throws -> PersonProfile {
    let names = try PlaceNames(connection)
    let manager = try employee.managerID.flatMap { try PeopleStore(connection).employee(id: $0) }
    return PersonProfile(
      id: employee.id, username: employee.username, displayName: employee.displayName,
      firstName: employee.firstName, lastName: employee.lastName, position: employee.position,
      department: names.department(employee.departmentID), location: names.location(employee.locationID),
      email: employee.email, phone: employee.phone,
      manager: manager.map { PersonName(id: $0.id, displayName: $0.displayName) }, startDate: employee.startDate,
      bio: employee.bio, role: employee.role, active: employee.isActive,
      photoURL: PhotoService.address(of: employee.id, photoID: employee.photoID))
  }
}

/// Department and location names, read once per answer (or kept by the instance's memory:
/// `InstanceMemory.placeNames`).
package struct PlaceNames: Equatable, Sendable {
  private let departments: [String: String]
  private let locations: [String: String]
  /// Which names these are, for people kept encoded (`EncodedPersonSummaries.version(of:)`);
  /// 0 where nothing is kept.
  package var version = 0

  package init(_ connection: any DatabaseConnection) throws {
    departments = Dictionary(
      uniqueKeysWithValues: try connection.query("SELECT id, name FROM departments").map {
        ($0.string("id"), $0.string("name"))
      })
    locations = Dictionary(
      uniqueKeysWithValues: try connection.query("SELECT id, name FROM locations").map {
        ($0.string("id"), $0.string("name"))
      })
  }

  /// Both name every department and location alike (their versions aside).
  package static func == (left: PlaceNames, right: PlaceNames) -> Bool {
    left.departments == right.departments && left.locations == right.locations
  }

  package func department(_ id: String) -> Reference { Reference(id: id, name: departments[id] ?? "") }
  package func location(_ id: String) -> Reference { Reference(id: id, name: locations[id] ?? "") }
}

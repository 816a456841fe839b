import AtriumAPI
import AtriumCrypto
import AtriumDomain
import AtriumSQL
import AtriumStore
import Foundation

/// Local accounts: admins create people and reset passwords (a temporary one, shown once, to be
/// changed at the first sign-in); everyone changes their own password.
package struct AccountService: Sendable {
  package init(environment: ServerEnvironment, auth: AuthService) {
    self.environment = environment
    self.auth = auth
  }

  package let environment: ServerEnvironment
  package let auth: AuthService

  /// Letters and digits that cannot be mistaken for one another when read aloud or copied.
  private static let alphabet = Array("abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789")

  /// A random password of 14 characters, or of the company's minimum when that is longer: the
  /// same rules hold for the passwords Atrium makes.
  package func temporaryPassword() -> String {
    let minimum = (try? environment.database.read { try CompanyStore($0).passwordPolicy() })?.minimumLength ?? 0
    return String(environment.random.bytes(max(14, minimum)).map { Self.alphabet[Int($0) % Self.alphabet.count] })
  }

  package func create(_ body: NewPerson, by principal: Principal) throws -> CreatedPerson {
    try requireAdmin(principal, to: "add people")
    var validator = Validator()
    let username = Credentials.normalizedUsername(body.username)
    validator.require(
      Credentials.isValidUsername(username), "username", .username)
    let email = ProfileRules.email(body.email, into: &validator)
    let firstName = ProfileRules.name(body.firstName, field: "firstName", into: &validator)
    let lastName = ProfileRules.name(body.lastName, field: "lastName", into: &validator)
    let position = ProfileRules.text(
      body.position ?? "", field: "position", maximum: ProfileRules.maximumPositionLength, into: &validator)
    let phone = ProfileRules.phone(body.phone ?? "", into: &validator)
    let bio = ProfileRules.text(body.bio ?? "", field: "bio", maximum: ProfileRules.maximumBioLength, into: &validator)
    try validator.check()
    let password = temporaryPassword()
    let hash = try environment.passwordHasher.hash(password)
    let employee = Employee(
      id: environment.makeID(), username: username, email: email, firstName: firstName, lastName: lastName,
      position: position, departmentID: body.departmentId, locationID: body.locationId, managerID: body.managerId,
      role: body.role ?? .employee, startDate: body.startDate, phone: phone, bio: bio)
    return try environment.database.write { connection in
      var references = Validator()
      references.require(
        try PlacesStore(connection).department(id: body.departmentId) != nil, "departmentId", .notA(.department))
      references.require(
        try PlacesStore(connection).location(id: body.locationId) != nil, "locationId", .notA(.location))
      if let managerID = body.managerId {
        references.require(try PeopleStore(connection).employee(id: managerID) != nil, "managerId", .notA(.person))
      }
      try references.check()
      do {
        try PeopleStore(connection).insert(employee)
      } catch let error as DatabaseError where error.isUniqueViolation {
        throw Problem.conflict(.usernameOrEmailTaken)
      }
      try AccountStore(connection).setPassword(employeeID: employee.id, hash: hash, mustChange: true)
      let profile = try PeopleService.profile(of: employee, connection: connection)
      try AuditTrail(environment: environment).record(
        "person.create", target: ("person", employee.id), after: profile, by: principal, connection: connection)
      return CreatedPerson(person: profile, temporaryPassword: password)
    }
  }

  /// A new temporary password for someone; their sessions end at once.
  package func resetPassword(of id: String, by principal: Principal) throws -> TemporaryPassword {
    try requireAdmin(principal, to: "reset passwords")
    guard id != principal.employee.id else {
      // A reset ends the caller's own sessions and locks them out behind a password shown once.
      throw Problem.unprocessable(.useOwnPasswordRoute)
    }
    let password = temporaryPassword()
    let hash = try environment.passwordHasher.hash(password)
    let now = environment.now().milliseconds
    try environment.database.write { connection in
      guard try PeopleStore(connection).employee(id: id) != nil else {
        throw Problem.notFound(.noPerson(id: id))
      }
      let accounts = AccountStore(connection)
      try accounts.setPassword(employeeID: id, hash: hash, mustChange: true)
      try accounts.setValidAfter(employeeID: id, instant: now)
      try SessionStore(connection).revokeAllSessions(employeeID: id, at: now)
      try AuditTrail(environment: environment).record(
        "person.password-reset", target: ("person", id), by: principal, connection: connection)
    }
    return TemporaryPassword(temporaryPassword: password)
  }

  /// Changes one's own password, ends every other session, and answers with a fresh session.
  package func changePassword(
    _ body: PasswordChange, by principal: Principal, origin: SessionOrigin
  ) throws -> SessionTokens {
    var validator = Validator()
    let policy = try environment.database.read { try CompanyStore($0).passwordPolicy() }
    policy.check(body.new, current: body.current, field: "new", isCommon: CommonPasswords.contains, into: &validator)
    if !validator.errors.isEmpty { throw Problem.invalid(ValidationFailure(validator.errors)) }
    guard try auth.verifyPassword(body.current, of: principal.employee, address: origin.address) else {
      var problem = Problem.unprocessable(.currentPasswordWrong)
      problem.errors = [FieldError(field: "current", rule: .notRight).worded(in: .en)]
      throw problem
    }
    let hash = try environment.passwordHasher.hash(body.new)
    let now = environment.now()
    try environment.database.write { connection in
      let accounts = AccountStore(connection)
      try accounts.setPassword(employeeID: principal.employee.id, hash: hash, mustChange: false)
      try accounts.setValidAfter(employeeID: principal.employee.id, instant: now.milliseconds)
      try SessionStore(connection).revokeAllSessions(employeeID: principal.employee.id, at: now.milliseconds)
    }
    // Issued just after the revocation instant, so the new session is not void with the rest.
    return try auth.startSession(
      for: principal.employee, mustChangePassword: false, now: now.addingTimeInterval(0.001), origin: origin)
  }
}

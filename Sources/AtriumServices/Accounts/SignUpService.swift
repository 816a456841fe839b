import AtriumAPI
import AtriumDomain
import AtriumMail
import AtriumMessages
import AtriumSQL
import AtriumStore

/// Self sign-up where the company allows it (`SignUpRules`): a person of an allowed mail
/// domain creates their account, which works once they confirm their address by mail.
///
/// Signing up answers the same and does the same work for any allowed address: one outbox
/// row, a confirmation link for a new address, or a "you already have an account" note for an
/// address that has one, so the form never tells who works here. New people start as
/// employees, in the department and location the admin chose, without a manager.
package struct SignUpService: Sendable {
  package init(environment: ServerEnvironment) {
    self.environment = environment
  }

  let environment: ServerEnvironment

  static let purpose = "sign-up"
  static let kind = "account.sign-up"
  package static let confirmDays = AccountLinkRules.signUpConfirmationDays
  static let limit = AccountMailLimit(kindPrefix: kind, perRecipientPerHour: 5, perOriginPerHour: 20)

  /// Whether this server takes sign-ups (mail on, and domains listed).
  package func isOpen() throws -> Bool {
    guard environment.mail != nil else { return false }
    return try !environment.database.read { try CompanyStore($0).signUp() }.domains.isEmpty
  }

  /// - Throws: 400 naming the fields that break a rule (an address of another domain, the
  ///   password policy, a phone without its country prefix), 403 when sign-up is closed, 503
  ///   without mail, 429 past the hourly limits.
  package func signUp(_ body: SignUpRequest, origin: String, language: Language) throws -> SignUpAccepted {
    guard let mail = environment.mail else { throw Problem(status: 503, .mailIsOff) }
    let settings = try environment.database.read { try CompanyStore($0).signUp() }
    guard !settings.domains.isEmpty, let departmentID = settings.departmentID, let locationID = settings.locationID
    else { throw Problem.forbidden(.signUpClosed) }
    var validator = Validator()
    let email = ProfileRules.email(body.email, into: &validator).lowercased()
    if !email.isEmpty {
      validator.require(
        SignUpRules.allows(email, domains: settings.domains), "email", .domainNotAllowed(settings.domains))
    }
    let first = ProfileRules.name(body.firstName, field: "firstName", into: &validator)
    let last = ProfileRules.name(body.lastName, field: "lastName", into: &validator)
    let phone = ProfileRules.phone(body.phone, into: &validator)
    validator.require(!phone.isEmpty, "phone", .phoneWithCountryPrefix)
    let policy = try environment.database.read { try CompanyStore($0).passwordPolicy() }
    policy.check(body.password, current: nil, field: "password", isCommon: CommonPasswords.contains, into: &validator)
    try validator.check()
    let hash = try environment.passwordHasher.hash(body.password)
    let now = environment.now().milliseconds
    try environment.database.write { connection in
      try Self.limit.check(email: email, origin: origin, now: now, connection: connection)
      let people = PeopleStore(connection)
      let accounts = AccountStore(connection)
      let key = "\(Self.kind):\(environment.makeID())"
      let composer = MailComposer(environment: environment, mail: mail)
      if let existing = try people.employee(email: email),
        try accounts.account(employeeID: existing.id)?.unconfirmedSince == nil
      {
        // Someone has this address: they are told, and the form says what it says to anyone.
        let reader = try AccountLinks.language(of: existing.id, else: language, connection: connection)
        try composer.enqueue(
          .init(
            subject: MailText.alreadyHaveAccountSubject.text(in: reader),
            lines: [MailText.alreadyHaveAccountBody(username: existing.username).text(in: reader)], path: "/sign-in",
            action: MailText.alreadyHaveAccountAction.text(in: reader), reason: MailText.signUpReason.text(in: reader)),
          kind: Self.kind + ".existing", to: MailAddress(email, name: existing.displayName),
          greeting: existing.firstName, recipientID: existing.id, language: reader, idempotencyKey: key,
          holdsSecret: false, origin: origin, connection: connection)
        return
      }
      // A new address, or a sign-up not yet confirmed, which this one replaces.
      var person =
        try people.employee(email: email)
        ?? Employee(
          id: environment.makeID(),
          username: try SignUpRules.username(for: email) { try people.employee(username: $0) != nil },
          email: email, firstName: first, lastName: last, departmentID: departmentID, locationID: locationID,
          role: .employee, isActive: false)
      let isNew = try people.employee(id: person.id) == nil
      person.firstName = first
      person.lastName = last
      person.phone = phone
      if isNew { try people.insert(person) } else { try people.update(person) }
      try accounts.setPassword(employeeID: person.id, hash: hash, mustChange: false)
      try accounts.setUnconfirmed(employeeID: person.id, since: now)
      try mailConfirmation(
        to: person, language: language, key: key, origin: origin, composer: composer, connection: connection)
    }
    return SignUpAccepted(email: email, confirmWithinDays: Self.confirmDays)
  }

  /// The domains whose people may sign up; empty when it is closed.
  package func domains() throws -> [String] {
    try environment.database.read { try CompanyStore($0).signUp() }.domains
  }

  /// Who may sign up (admins).
  package func settings(principal: Principal) throws -> SignUpSettingsBody {
    try requireAdmin(principal, to: "see who may sign up")
    return Self.body(try environment.database.read { try CompanyStore($0).signUp() })
  }

  /// Opens sign-up to the listed domains (or closes it with none), audited.
  package func update(_ body: SignUpSettingsBody, principal: Principal) throws -> SignUpSettingsBody {
    try requireAdmin(principal, to: "choose who may sign up")
    var validator = Validator()
    let domains = SignUpRules.domains(body.domains)
    validator.require(domains != nil, "domains", .domainName)
    validator.require(domains.map { $0.count <= 20 } ?? true, "domains", .atMostEntries(20))
    try validator.check()
    let signUp = CompanyStore.SignUp(
      domains: domains ?? [], departmentID: body.departmentId.flatMap { $0.isEmpty ? nil : $0 },
      locationID: body.locationId.flatMap { $0.isEmpty ? nil : $0 })
    return try environment.database.write { connection in
      let places = PlacesStore(connection)
      if !signUp.domains.isEmpty {
        guard let department = signUp.departmentID, let location = signUp.locationID else {
          throw Problem.unprocessable(.signUpNeedsDepartmentAndLocation)
        }
        var found = Validator()
        found.require(try places.department(id: department) != nil, "departmentId", .notA(.department))
        found.require(try places.location(id: location) != nil, "locationId", .notA(.location))
        try found.check()
      }
      let store = CompanyStore(connection)
      let before = Self.body(try store.signUp())
      try store.saveSignUp(signUp)
      let after = Self.body(signUp)
      try AuditTrail(environment: environment).record(
        "company.sign-up", target: ("company", "1"), before: before, after: after, by: principal,
        connection: connection)
      return after
    }
  }

  private static func body(_ signUp: CompanyStore.SignUp) -> SignUpSettingsBody {
    SignUpSettingsBody(domains: signUp.domains, departmentId: signUp.departmentID, locationId: signUp.locationID)
  }

  /// Sends an unconfirmed account's link again. The same answer, and one outbox row, for any
  /// address (a row marked skipped when there is nothing to send).
  package func resend(email raw: String, origin: String, language: Language) throws -> SignUpAccepted {
    var validator = Validator()
    let email = ProfileRules.email(raw, into: &validator).lowercased()
    try validator.check()
    guard let mail = environment.mail else { throw Problem(status: 503, .mailIsOff) }
    let now = environment.now().milliseconds
    try environment.database.write { connection in
      try Self.limit.check(email: email, origin: origin, now: now, connection: connection)
      let key = "\(Self.kind):\(environment.makeID())"
      guard let person = try PeopleStore(connection).employee(email: email),
        try AccountStore(connection).account(employeeID: person.id)?.unconfirmedSince != nil
      else {
        try OutboxStore(connection).enqueue(
          .init(
            id: environment.makeID(), channel: .mail, kind: Self.kind + ".unknown", recipientID: nil, address: email,
            idempotencyKey: key, payload: "", createdAt: now, origin: origin))
        return
      }
      try mailConfirmation(
        to: person, language: language, key: key, origin: origin,
        composer: MailComposer(environment: environment, mail: mail), connection: connection)
    }
    return SignUpAccepted(email: email, confirmWithinDays: Self.confirmDays)
  }

  /// The person a confirmation link names, while it works.
  package func person(confirming token: String) throws -> Employee {
    let link = try links.usable(token)
    guard let person = try environment.database.read({ try PeopleStore($0).employee(id: link.employeeID) }) else {
      throw Problem.notFound(.linkUnknown)
    }
    return person
  }

  /// Confirms the address: the link is spent, the account works and the person is active.
  package func confirm(token: String) throws -> Employee {
    let link = try links.usable(token)
    return try environment.database.write { connection in
      try links.spend(token, connection: connection)
      let people = PeopleStore(connection)
      guard var person = try people.employee(id: link.employeeID) else { throw Problem.notFound(.linkUnknown) }
      person.isActive = true
      try people.update(person)
      try AccountStore(connection).setUnconfirmed(employeeID: person.id, since: nil)
      try AuditTrail(environment: environment).record(
        "person.sign-up", target: ("person", person.id), after: ["username": person.username],
        by: Principal(employee: person, sessionID: ""), connection: connection)
      return person
    }
  }

  /// Removes the accounts never confirmed within the link's days (housekeeping).
  @discardableResult
  package func removeUnconfirmed() throws -> Int {
    let cutoff = environment.now().milliseconds - Int64(Self.confirmDays) * 86_400_000
    return try environment.database.write { connection in
      let stale = try AccountStore(connection).unconfirmed(before: cutoff)
      for id in stale { try PeopleStore(connection).deleteUnused(employeeID: id) }
      return stale.count
    }
  }

  private func mailConfirmation(
    to person: Employee, language: Language, key: String, origin: String, composer: MailComposer,
    connection: any DatabaseConnection
  ) throws {
    let token = try links.issue(
      for: person.id, validFor: Int64(Self.confirmDays) * 86_400_000, connection: connection)
    let company = try CompanyStore(connection).company()?.name ?? "Atrium"
    try composer.enqueue(
      .init(
        subject: MailText.signUpSubject(company: company).text(in: language),
        lines: [MailText.signUpBody(username: person.username, days: Self.confirmDays).text(in: language)],
        path: "/sign-up/confirm/\(token)", action: MailText.signUpAction.text(in: language),
        reason: MailText.signUpReason.text(in: language)),
      kind: Self.kind, to: MailAddress(person.email, name: person.displayName), greeting: person.firstName,
      recipientID: person.id, language: language, idempotencyKey: key, holdsSecret: true, origin: origin,
      connection: connection)
  }

  private var links: AccountLinks { AccountLinks(environment: environment, purpose: Self.purpose) }
}

import AtriumAPI
import AtriumDomain
import AtriumMail
import AtriumMessages
import AtriumStore

/// Changing one's own address: the person asks (with their password), a one-time link goes to
/// the new address, and opening it moves the account there; the old address is told, so a
/// change nobody asked for does not go unnoticed. A directory account's address is the
/// directory's.
package struct EmailChangeService: Sendable {
  package init(environment: ServerEnvironment, auth: AuthService) {
    self.environment = environment
    self.auth = auth
  }

  let environment: ServerEnvironment
  let auth: AuthService

  static let purpose = "email-change"
  static let kind = "account.email-change"
  package static let linkHours = AccountLinkRules.emailChangeHours
  static let limit = AccountMailLimit(kindPrefix: kind, perRecipientPerHour: 5, perOriginPerHour: 20)

  /// - Throws: 400 naming `email` or `password`, 403 for a directory account, 409 for an
  ///   address another account uses, 503 without mail, 429 past the hourly limits.
  package func request(_ body: EmailChange, principal: Principal, origin: String, language: Language) throws {
    let person = principal.employee
    var validator = Validator()
    let email = ProfileRules.email(body.email, into: &validator).lowercased()
    validator.require(email != person.email.lowercased(), "email", .differentFromCurrent)
    try validator.check()
    guard let mail = environment.mail else { throw Problem(status: 503, .mailIsOff) }
    if try environment.database.read({ try DirectoryStore($0).isLinked(employeeID: person.id) }) {
      throw Problem.forbidden(.directoryOwnsAddress)
    }
    guard try auth.verifyPassword(body.password ?? "", of: person, address: origin) else {
      throw Problem.invalid(ValidationFailure([FieldError(field: "password", rule: .notRight)]))
    }
    let now = environment.now().milliseconds
    try environment.database.write { connection in
      try Self.limit.check(email: email, origin: origin, now: now, connection: connection)
      if try PeopleStore(connection).employee(email: email) != nil { throw Problem.conflict(.addressTaken) }
      let reader = try AccountLinks.language(of: person.id, else: language, connection: connection)
      let token = try links.issue(
        for: person.id, validFor: Int64(Self.linkHours) * 3_600_000, subject: email, connection: connection)
      try MailComposer(environment: environment, mail: mail).enqueue(
        .init(
          subject: MailText.emailChangeSubject.text(in: reader),
          lines: [MailText.emailChangeBody(hours: Self.linkHours).text(in: reader)], path: "/email-change/\(token)",
          action: MailText.emailChangeAction.text(in: reader), reason: MailText.emailChangeReason.text(in: reader)),
        kind: Self.kind, to: MailAddress(email, name: person.displayName), greeting: person.firstName,
        recipientID: person.id, language: reader, idempotencyKey: "\(Self.kind):\(environment.makeID())",
        holdsSecret: true, origin: origin, connection: connection)
    }
  }

  /// The person and the new address a link names, while it works.
  package func pending(_ token: String) throws -> (person: Employee, email: String) {
    let link = try links.usable(token)
    guard let email = link.subject,
      let person = try environment.database.read({ try PeopleStore($0).employee(id: link.employeeID) })
    else { throw Problem.notFound(.linkUnknown) }
    return (person, email)
  }

  /// Moves the account to the new address, tells the old one, and audits it as the person's.
  @discardableResult
  package func confirm(_ token: String) throws -> Employee {
    let link = try links.usable(token)
    guard let email = link.subject else { throw Problem.notFound(.linkUnknown) }
    return try environment.database.write { connection in
      try links.spend(token, connection: connection)
      let people = PeopleStore(connection)
      guard var person = try people.employee(id: link.employeeID), person.isActive else {
        throw Problem.notFound(.linkUnknown)
      }
      if try people.employee(email: email) != nil { throw Problem.conflict(.addressTaken) }
      let old = person.email
      person.email = email
      try people.update(person)
      try AuditTrail(environment: environment).record(
        "person.email-change", target: ("person", person.id), before: ["email": old], after: ["email": email],
        by: Principal(employee: person, sessionID: ""), connection: connection)
      if let mail = environment.mail {
        let reader = try AccountLinks.language(of: person.id, else: .en, connection: connection)
        try MailComposer(environment: environment, mail: mail).enqueue(
          .init(
            subject: MailText.emailChangedSubject.text(in: reader),
            lines: [MailText.emailChangedBody(newAddress: email).text(in: reader)], path: "/settings",
            reason: MailText.emailChangeReason.text(in: reader)),
          kind: Self.kind + ".notice", to: MailAddress(old, name: person.displayName), greeting: person.firstName,
          recipientID: person.id, language: reader, idempotencyKey: "\(Self.kind).notice:\(environment.makeID())",
          holdsSecret: false, origin: nil, connection: connection)
      }
      return person
    }
  }

  private var links: AccountLinks { AccountLinks(environment: environment, purpose: Self.purpose) }
}

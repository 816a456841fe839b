import AtriumAPI
import AtriumDomain
import AtriumMessages
import AtriumStore

/// Invitations: instead of handing a new person a temporary password, an admin has Atrium mail
/// them a one-time link (7 days) to choose their own, after which they are signed in. Sending
/// another invitation voids the last link. Directory (LDAP) accounts are never invited: their
/// password is the directory's.
package struct InvitationService: Sendable {
  package init(environment: ServerEnvironment) {
    self.environment = environment
  }

  let environment: ServerEnvironment

  static let purpose = "invitation"
  package static let linkDays = AccountLinkRules.invitationDays

  /// Queues the invitation mail for person `id`.
  /// - Parameter language: The admin's language, for a person who has not chosen one.
  package func invite(_ id: String, by principal: Principal, language: Language) throws -> InvitationSent {
    try requireAdmin(principal, to: "invite people")
    guard let mail = environment.mail else { throw Problem(status: 503, .mailIsOff) }
    let expiresAt = environment.now().milliseconds + Int64(Self.linkDays) * 86_400_000
    return try environment.database.write { connection in
      guard let person = try PeopleStore(connection).employee(id: id) else { throw Problem.notFound(.noPerson(id: id)) }
      guard person.isActive else { throw Problem.conflict(.inactiveNotInvited) }
      guard try !DirectoryStore(connection).isLinked(employeeID: id) else {
        throw Problem.conflict(.directoryAccountsNotInvited)
      }
      let token = try links.issue(for: id, validFor: Int64(Self.linkDays) * 86_400_000, connection: connection)
      let reader = try AccountLinks.language(of: id, else: language, connection: connection)
      let company = try CompanyStore(connection).company()?.name ?? "Atrium"
      try MailComposer(environment: environment, mail: mail).enqueue(
        .init(
          subject: MailText.invitationSubject(company: company).text(in: reader),
          lines: [
            MailText.invitationBody(
              admin: principal.employee.displayName, username: person.username, days: Self.linkDays
            ).text(in: reader)
          ],
          path: "/invitation/\(token)", action: MailText.invitationAction.text(in: reader),
          reason: MailText.invitationReason.text(in: reader)),
        kind: "account.invitation", to: person, language: reader,
        idempotencyKey: "account.invitation:\(environment.makeID())", holdsSecret: true, connection: connection)
      try AuditTrail(environment: environment).record(
        "person.invite", target: ("person", id), by: principal, connection: connection)
      return InvitationSent(email: person.email, expiresAt: Instant.text(expiresAt))
    }
  }

  /// The invited person, when `token` is a link that still works; throws why it does not.
  package func invitee(token: String) throws -> Employee {
    let link = try links.usable(token)
    guard let person = try environment.database.read({ try PeopleStore($0).employee(id: link.employeeID) }) else {
      throw Problem.notFound(.linkUnknown)
    }
    return person
  }

  /// Sets the person's first password and spends the link; their earlier sessions, if any, end.
  package func accept(token: String, password: String) throws -> Employee {
    try links.setPassword(password, token: token, audit: "person.invitation-accepted")
  }

  private var links: AccountLinks { AccountLinks(environment: environment, purpose: Self.purpose) }
}

import AtriumAPI
import AtriumDomain
import AtriumMail
import AtriumMessages
import AtriumStore

/// A forgotten password: a one-time link by mail, then a new password that ends every session.
///
/// Asking answers the same and does the same work whatever the address: one outbox row, which
/// the sender turns into a link for a local account, a note for a directory account (whose
/// password is the directory's), or nothing for an address without an account. The request
/// never speaks SMTP, so it answers alike with the mail server down.
package struct PasswordResetService: Sendable {
  package init(environment: ServerEnvironment) {
    self.environment = environment
  }

  let environment: ServerEnvironment

  static let purpose = "password-reset"
  /// The outbox kind of every row a request writes (`.directory`, `.unknown` for the others).
  static let kind = "account.password-reset"
  /// How long a link works.
  package static let linkMinutes = AccountLinkRules.passwordResetMinutes
  /// Requests per recipient address, and per client address, in an hour.
  package static let perRecipientPerHour = 5
  package static let perOriginPerHour = 20

  /// Queues the mail for `body.email`.
  /// - Parameters:
  ///   - origin: The client's address, for the rate limit.
  ///   - language: The request's language, for a person who has not chosen one.
  package func request(_ body: ForgottenPassword, origin: String, language: Language) throws {
    var validator = Validator()
    let email = ProfileRules.email(body.email, into: &validator)
    try validator.check()
    guard let mail = environment.mail else { throw Problem(status: 503, .mailIsOff) }
    let now = environment.now().milliseconds
    try environment.database.write { connection in
      let outbox = OutboxStore(connection)
      try AccountMailLimit(
        kindPrefix: Self.kind, perRecipientPerHour: Self.perRecipientPerHour, perOriginPerHour: Self.perOriginPerHour
      ).check(email: email, origin: origin, now: now, connection: connection)
      // Each request is its own row: a second request sends a second (newer) link.
      let key = "\(Self.kind):\(environment.makeID())"
      guard let person = try PeopleStore(connection).employee(email: email), person.isActive else {
        try outbox.enqueue(
          .init(
            id: environment.makeID(), channel: .mail, kind: Self.kind + ".unknown", recipientID: nil, address: email,
            idempotencyKey: key, payload: "", createdAt: now, origin: origin))
        return
      }
      let reader = try AccountLinks.language(of: person.id, else: language, connection: connection)
      let composer = MailComposer(environment: environment, mail: mail)
      guard try AccountStore(connection).account(employeeID: person.id)?.passwordHash != nil else {
        try composer.enqueue(
          .init(
            subject: MailText.resetDirectorySubject.text(in: reader),
            lines: [MailText.resetDirectoryBody.text(in: reader)], path: "/sign-in",
            reason: MailText.resetReason.text(in: reader)),
          kind: Self.kind + ".directory", to: person, language: reader, idempotencyKey: key, origin: origin,
          connection: connection)
        return
      }
      let token = try links.issue(
        for: person.id, validFor: Int64(Self.linkMinutes) * 60_000, connection: connection)
      try composer.enqueue(
        .init(
          subject: MailText.resetSubject.text(in: reader),
          lines: [MailText.resetBody(minutes: Self.linkMinutes).text(in: reader)], path: "/password-reset/\(token)",
          action: MailText.resetAction.text(in: reader), reason: MailText.resetReason.text(in: reader)),
        kind: Self.kind, to: person, language: reader, idempotencyKey: key, holdsSecret: true, origin: origin,
        connection: connection)
    }
  }

  /// Whether `token` is a link that still works; throws the reason it does not.
  package func check(token: String) throws {
    _ = try links.usable(token)
  }

  /// Sets the new password, spends the link and ends every session of the person.
  package func complete(_ body: PasswordReset) throws {
    try links.setPassword(body.password, token: body.token, audit: "person.password-reset-by-mail")
  }

  private var links: AccountLinks { AccountLinks(environment: environment, purpose: Self.purpose) }
}

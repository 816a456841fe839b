import AtriumAPI
import AtriumCrypto
import AtriumDomain
import AtriumMessages
import AtriumSQL
import AtriumStore

/// One-time links sent by mail (a password reset, an invitation): a random token the person
/// receives, stored only as its SHA-256, valid until it expires and once. Issuing a new link
/// for the same purpose voids the person's unused one.
struct AccountLinks {
  let environment: ServerEnvironment
  /// `password-reset`, `invitation`.
  let purpose: String

  /// A new link's token, saved (as its hash) in the caller's transaction.
  func issue(
    for employeeID: String, validFor milliseconds: Int64, subject: String? = nil, connection: any DatabaseConnection
  ) throws
    -> String
  {
    let token = environment.secret(bytes: 32)
    let now = environment.now().milliseconds
    try AccountLinkStore(connection).create(
      tokenHash: Self.hash(token), purpose: purpose, employeeID: employeeID, at: now, expiresAt: now + milliseconds,
      subject: subject)
    return token
  }

  /// The link `token` opens, when it still works; throws why it does not (404 never made or
  /// replaced, 409 used or expired).
  func usable(_ token: String) throws -> AccountLinkStore.Link {
    let now = environment.now().milliseconds
    let link = try environment.database.read { try AccountLinkStore($0).link(tokenHash: Self.hash(token)) }
    guard let link, link.purpose == purpose else { throw Problem.notFound(.linkUnknown) }
    guard link.usedAt == nil else { throw Problem.conflict(.linkUsed) }
    guard link.expiresAt > now else { throw Problem.conflict(.linkExpired) }
    return link
  }

  /// Spends the link in the caller's transaction: of two uses at once, one wins.
  func spend(_ token: String, connection: any DatabaseConnection) throws {
    guard try AccountLinkStore(connection).use(tokenHash: Self.hash(token), at: environment.now().milliseconds) else {
      throw Problem.conflict(.linkUsed)
    }
  }

  /// Sets the password of the link's person as the link allows: checked by the company's
  /// policy, the link spent, every session of theirs ended, the change audited as theirs.
  /// - Parameter action: The audit log's action.
  /// - Returns: The person.
  @discardableResult
  func setPassword(_ password: String, token: String, audit action: String) throws -> Employee {
    let link = try usable(token)
    var validator = Validator()
    let policy = try environment.database.read { try CompanyStore($0).passwordPolicy() }
    policy.check(password, current: nil, field: "password", isCommon: CommonPasswords.contains, into: &validator)
    try validator.check()
    let hash = try environment.passwordHasher.hash(password)
    let now = environment.now().milliseconds
    return try environment.database.write { connection in
      try spend(token, connection: connection)
      guard let person = try PeopleStore(connection).employee(id: link.employeeID), person.isActive else {
        throw Problem.notFound(.linkUnknown)
      }
      let accounts = AccountStore(connection)
      try accounts.setPassword(employeeID: person.id, hash: hash, mustChange: false)
      try accounts.setValidAfter(employeeID: person.id, instant: now)
      try SessionStore(connection).revokeAllSessions(employeeID: person.id, at: now)
      try AuditTrail(environment: environment).record(
        action, target: ("person", person.id), by: Principal(employee: person, sessionID: ""), connection: connection)
      return person
    }
  }

  /// The language an account mail is written in: the person's choice in Settings, else the
  /// language of the request that caused it.
  static func language(
    of employeeID: String, else fallback: Language, connection: any DatabaseConnection
  ) throws -> Language {
    let settings = try SettingsStore(connection).settings(employeeID: employeeID)
    return settings.languageChosen ? Language(rawValue: settings.language) ?? fallback : fallback
  }

  /// Only this is stored: whoever reads the table cannot use a link.
  static func hash(_ token: String) -> String {
    Crypto.hex(Crypto.sha256(Array(token.utf8)))
  }
}

import AtriumAPI
import AtriumCrypto
import AtriumDomain
import AtriumMessages
import AtriumSQL
import AtriumStore
import Foundation

/// Deleting an account (`AccountErasure` says what goes and what stays): a person deletes
/// their own, confirming with their e-mail and password; an admin erases anyone's, a directory
/// person's too. One transaction: the row becomes the former employee's, sessions and the
/// password go, every erasure hook runs, the manager and the admins get a notice, and the audit
/// log says who did it. The photo's files go after the commit.
package struct AccountErasureService: Sendable {
  package init(environment: ServerEnvironment, auth: AuthService) {
    self.environment = environment
    self.auth = auth
  }

  package let environment: ServerEnvironment
  let auth: AuthService

  /// - Throws: 422 naming `email` or `password` when they do not confirm it (nothing changes),
  ///   403 for a directory account, 409 for the only administrator.
  package func deleteOwnAccount(_ body: AccountDeletion, principal: Principal, address: String) throws {
    let person = principal.employee
    var validator = Validator()
    validator.require(body.email.trimmingWhitespace.lowercased() == person.email.lowercased(), "email", .notRight)
    try validator.check()
    if try isDirectoryAccount(person.id) { throw Problem.forbidden(.directoryAccountDeletedByDirectory) }
    guard try auth.verifyPassword(body.password ?? "", of: person, address: address) else {
      throw Problem.invalid(ValidationFailure([FieldError(field: "password", rule: .notRight)]))
    }
    try erase(id: person.id, actor: principal)
  }

  /// Whether a person signs in with the company directory (who cannot delete their own account).
  package func isDirectoryAccount(_ id: String) throws -> Bool {
    try environment.database.read { try DirectoryStore($0).isLinked(employeeID: id) }
  }

  /// An admin erases a person's data (also a directory person's, whom the sync then leaves out).
  package func erase(id: String, by principal: Principal) throws {
    try requireAdmin(principal, to: "erase people")
    try erase(id: id, actor: principal)
  }

  private func erase(id: String, actor: Principal) throws {
    let byThemselves = actor.employee.id == id
    let photo = try environment.database.write { connection -> String? in
      let people = PeopleStore(connection)
      guard let person = try people.employee(id: id) else { throw Problem.notFound(.noPerson(id: id)) }
      let directory = DirectoryStore(connection)
      let dn = try directory.dn(employeeID: id)
      switch AccountErasure.refusal(
        of: person, isDirectoryAccount: dn != nil, byThemselves: byThemselves,
        otherActiveAdministrators: try people.activeAdministrators(besides: id))
      {
      case .directoryAccount: throw Problem.forbidden(.directoryAccountDeletedByDirectory)
      case .lastAdministrator: throw Problem.conflict(.lastAdministratorStays)
      case .alreadyErased: throw Problem.conflict(.alreadyErased)
      case nil: break
      }
      let now = environment.now().milliseconds
      let former = Self.former(person)
      let store = ErasureStore(connection)
      try store.eraseEmployee(former)
      if let dn { try store.eraseDirectoryEntry(dnHash: Self.hash(dn: dn), at: now) }
      // Revoked first (other instances hear of it and forget the caller), then deleted.
      try SessionStore(connection).revokeAllSessions(employeeID: id, at: now)
      try AccountStore(connection).setValidAfter(employeeID: id, instant: now)
      for table in ["sessions", "account_links", "accounts"] {
        try store.delete(from: table, where: "employee_id", is: id)
      }
      let request = ErasureRequest(
        person: person, replacements: AccountErasure.replacements(for: person), connection: connection, now: now)
      for hook in environment.erasureHooks { try hook.erase(request) }
      try tell(about: former, managerID: person.managerID, actor: byThemselves ? nil : actor, at: now, connection)
      let signer = byThemselves ? Principal(employee: former, sessionID: actor.sessionID) : actor
      try AuditTrail(environment: environment).record(
        byThemselves ? "account.delete" : "person.erase", target: ("person", id), after: ["name": former.displayName],
        by: signer, connection: connection)
      return person.photoID
    }
    if let photo, let directory = environment.filesDirectory { PhotoFiles(filesDirectory: directory).remove(photo) }
  }

  /// The person's manager and the admins learn of it on their board, in their language.
  private func tell(
    about former: Employee, managerID: String?, actor: Principal?, at instant: Int64,
    _ connection: any DatabaseConnection
  ) throws {
    let people = PeopleStore(connection)
    var recipients = try people.activeAdministrators()
    if let managerID, let manager = try people.employee(id: managerID), manager.isActive { recipients.append(manager) }
    var told: Set<String> = []
    let settings = SettingsStore(connection)
    for recipient in recipients where recipient.id != actor?.employee.id && told.insert(recipient.id).inserted {
      let chosen = try settings.settings(employeeID: recipient.id)
      let language = Language.reader(chosen: chosen.languageChosen ? chosen.language : nil, acceptLanguage: nil)
      let message: ErasureText =
        actor.map { .erasedBy(admin: $0.employee.displayName, former: former.displayName) }
        ?? .deletedTheirAccount(former: former.displayName)
      try NoticeStore(connection).insert(
        .init(
          id: environment.makeID(), recipientID: recipient.id, kind: "account.erased",
          title: message.text(in: language),
          body: "", requestID: nil, parameters: [:], createdAt: instant))
    }
  }

  /// What the person's row keeps (`AccountErasure`).
  static func former(_ person: Employee) -> Employee {
    let name = AccountErasure.formerName(id: person.id)
    var former = person
    former.firstName = name.first
    former.lastName = name.last
    former.username = AccountErasure.formerUsername(id: person.id)
    former.email = AccountErasure.formerEmail(id: person.id)
    former.position = ""
    former.phone = ""
    former.bio = ""
    former.role = .employee
    former.isActive = false
    former.photoID = nil
    former.permissions = []
    return former
  }

  /// How an erased directory entry is remembered: never by its name, which holds the person's.
  package static func hash(dn: String) -> String {
    Crypto.hex(Crypto.sha256(Array(DirectoryConfiguration.normalized(dn).utf8)))
  }
}

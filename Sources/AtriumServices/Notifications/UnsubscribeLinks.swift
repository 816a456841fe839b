import AtriumAPI
import AtriumCrypto
import AtriumDomain
import AtriumStore

/// The link in every notification mail that stops its kind by mail for its reader, without
/// signing in: opened, it asks first; a mail client's one-click POST (RFC 8058) stops it at
/// once. The link is `/unsubscribe/<person>.<kind>.<signature>`, signed with the server's key
/// (HMAC-SHA-256, its own purpose), and it does not expire: a mail may be read months later.
package struct UnsubscribeLinks: Sendable {
  package init(environment: ServerEnvironment) {
    self.environment = environment
  }

  package let environment: ServerEnvironment

  /// The web app's path for a person's link to stop a kind.
  package func path(employeeID: String, kind: String) -> String {
    "/unsubscribe/\(employeeID).\(kind).\(Base64URL.encode(signature(employeeID: employeeID, kind: kind)))"
  }

  /// Who and which kind a link's token names.
  /// - Throws: 403 `linkUnknown` for a token this server did not sign, a kind it no longer
  ///   has or a person who is gone; nothing tells which.
  package func resolve(_ token: String) throws -> (person: Employee, kind: RegisteredNotificationKind) {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 3, let signature = Base64URL.decode(parts[2]),
      Crypto.constantTimeEquals(signature, self.signature(employeeID: parts[0], kind: parts[1])),
      let kind = environment.notificationKinds.first(where: { $0.id == parts[1] }),
      let person = try environment.database.read({ try PeopleStore($0).employee(id: parts[0]) })
    else { throw Problem(status: 403, .linkUnknown) }
    return (person, kind)
  }

  /// Turns the kind's mail off for the link's person; again changes nothing.
  @discardableResult
  package func unsubscribe(_ token: String) throws -> (person: Employee, kind: RegisteredNotificationKind) {
    let (person, kind) = try resolve(token)
    try environment.database.write { connection in
      let store = SettingsStore(connection)
      var settings = try store.settings(employeeID: person.id)
      settings.notifications[kind.id] = NotificationChoiceChange(mail: false).applied(
        to: settings.choice(for: kind.kind), kind: kind.kind)
      try store.save(settings, employeeID: person.id)
    }
    return (person, kind)
  }

  private func signature(employeeID: String, kind: String) -> [UInt8] {
    Crypto.hmacSHA256(key: environment.signingKey, message: Array("atrium-unsubscribe\0\(employeeID)\0\(kind)".utf8))
  }
}

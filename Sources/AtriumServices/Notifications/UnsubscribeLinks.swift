import AtriumAPI
import AtriumCrypto
import AtriumDomain
import AtriumMessages
import AtriumStore

/// The link in every notification mail that stops its kind (or the daily digest) by mail for
/// its reader, without signing in: opened, it asks first; a mail client's one-click POST (RFC 8058) stops it at
/// once. The link is `/unsubscribe/<person>.<kind or digest>.<signature>`, signed with the server's key
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

  /// The target that stops the daily digest: every kind the person takes in it.
  package static let digest = "digest"

  /// What a target is called in `language`: a registered kind's name, or "Daily digest".
  package func name(of target: String, in language: Language) -> String? {
    if target == Self.digest { return PageText.dailyDigest.text(in: language) }
    return environment.notificationKinds.first { $0.id == target }?.name(language)
  }

  /// Who and which target (a kind's id, or `digest`) a link's token names.
  /// - Throws: 403 `linkUnknown` for a token this server did not sign, a kind it no longer
  ///   has or a person who is gone; nothing tells which.
  package func resolve(_ token: String) throws -> (person: Employee, target: String) {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    // Compared, in constant time, with the text this server makes for that person and kind.
    guard parts.count == 3,
      Crypto.constantTimeEquals(
        Array(parts[2].utf8), Array(Base64URL.encode(signature(employeeID: parts[0], kind: parts[1])).utf8)),
      name(of: parts[1], in: .en) != nil,
      let person = try environment.database.read({ try PeopleStore($0).employee(id: parts[0]) })
    else { throw Problem(status: 403, .linkUnknown) }
    return (person, parts[1])
  }

  /// Turns the target's mail off for the link's person (for `digest`, every kind they take in
  /// it); again changes nothing.
  @discardableResult
  package func unsubscribe(_ token: String) throws -> (person: Employee, target: String) {
    let (person, target) = try resolve(token)
    try environment.database.write { connection in
      let store = SettingsStore(connection)
      var settings = try store.settings(employeeID: person.id)
      for registered in environment.notificationKinds {
        let choice = settings.choice(for: registered.kind)
        guard registered.id == target || (target == Self.digest && choice.waitsForDigest) else { continue }
        settings.notifications[registered.id] = NotificationChoiceChange(mail: false).applied(
          to: choice, kind: registered.kind)
      }
      try store.save(settings, employeeID: person.id)
    }
    return (person, target)
  }

  private func signature(employeeID: String, kind: String) -> [UInt8] {
    Crypto.hmacSHA256(key: environment.signingKey, message: Array("atrium-unsubscribe\0\(employeeID)\0\(kind)".utf8))
  }
}

import AtriumDomain
import AtriumLDAP

/// A person as the directory describes them, read from an entry through the attribute map.
package struct DirectoryPerson: Hashable, Sendable {
  package let dn: String
  package let username: String
  package let email: String
  package let firstName: String
  package let lastName: String
  package let position: String
  package let department: String
  package let location: String
  package let phone: String
  package let managerDN: String?
  package let photo: [UInt8]?

  /// Nil for an entry without a username Atrium accepts.
  package init?(_ entry: LDAPEntry, attributes map: DirectoryConfiguration.AttributeMap) {
    guard let raw = entry.string(map.username) else { return nil }
    let username = Credentials.normalizedUsername(raw)
    guard Credentials.isValidUsername(username) else { return nil }
    func text(_ name: String, limit: Int = 200) -> String {
      String((entry.string(name) ?? "").trimmingWhitespace.prefix(limit))
    }
    dn = DirectoryConfiguration.normalized(entry.dn)
    self.username = username
    let mail = text(map.mail).lowercased()
    // Email is unique in Atrium; someone without one gets an address that can never be real.
    email = mail.isEmpty ? "\(username)@directory.invalid" : mail
    firstName = text(map.givenName, limit: ProfileRules.maximumNameLength)
    let surname = text(map.surname, limit: ProfileRules.maximumNameLength)
    lastName = surname.isEmpty && firstName.isEmpty ? username : surname
    position = text(map.position, limit: ProfileRules.maximumPositionLength)
    department = text(map.department)
    location = text(map.location)
    phone = text(map.phone, limit: 40)
    managerDN = entry.string(map.manager).map(DirectoryConfiguration.normalized)
    photo = entry.bytes(map.photo).flatMap { $0.isEmpty ? nil : $0 }
  }
}

/// The one company an installation serves, with the contact data its people see.
public struct Company: Hashable, Sendable, Codable {
  public var name: String
  public var phone: String
  public var email: String
  public var website: String
  public var address: String
  /// IANA time zone identifier, e.g. `Europe/Madrid`: the default for new locations.
  public var timeZone: String

  public init(
    name: String, phone: String = "", email: String = "", website: String = "",
    address: String = "", timeZone: String
  ) {
    self.name = name
    self.phone = phone
    self.email = email
    self.website = website
    self.address = address
    self.timeZone = timeZone
  }
}

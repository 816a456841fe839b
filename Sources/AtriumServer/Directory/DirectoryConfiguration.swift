import AtriumLDAP
import Foundation

/// How Atrium reaches and reads the company directory (LDAP), read once at start-up from the
/// `ATRIUM_LDAP_*` environment variables (or flags) and handed down as a value.
public struct DirectoryConfiguration: Sendable, Hashable {
  public var connection: LDAPConnection.Options

  /// How a signing-in user's entry is found.
  public enum UserLookup: Sendable, Hashable {
    /// Their DN is the template with `{username}` filled in (escaped as a DN value).
    case template(String)
    /// A search below `base` for `filter` with `{username}` filled in (escaped as a filter value),
    /// bound as the service account.
    case search(base: String, filter: String)
  }

  public var lookup: UserLookup
  /// The service account for searches and syncs; without it they bind anonymously.
  public var bindDN: String?
  public var bindPassword: String?
  /// Where the sync looks for people: the search base, or the template's parent.
  public var peopleBase: String
  /// Which entries are people, for the sync.
  public var peopleFilter: String
  public var attributes: AttributeMap
  /// Members of these groups (`member` values) get the admin and manager roles.
  public var adminGroup: String?
  public var managerGroup: String?
  /// What marks an enabled account, e.g. `(!(pwdAccountLockedTime=*))` on OpenLDAP or
  /// `(!(userAccountControl:1.2.840.113556.1.4.803:=2))` on Active Directory.
  public var activeFilter: String?
  /// Seconds between background syncs; nil for none.
  public var syncInterval: TimeInterval?
  /// Entries per page of a sync's search (RFC 2696).
  public var pageSize = 500

  /// Which directory attribute holds each field.
  public struct AttributeMap: Sendable, Hashable {
    public var username = "uid"
    public var mail = "mail"
    public var givenName = "givenName"
    public var surname = "sn"
    public var position = "title"
    public var department = "departmentNumber"
    public var location = "l"
    public var phone = "telephoneNumber"
    public var manager = "manager"
    public var photo = "jpegPhoto"

    public init() {}

    var all: [String] { [username, mail, givenName, surname, position, department, location, phone, manager, photo] }
  }

  public struct Invalid: Error, CustomStringConvertible {
    public let description: String
  }

  public init(
    connection: LDAPConnection.Options, lookup: UserLookup, bindDN: String? = nil, bindPassword: String? = nil,
    peopleBase: String? = nil, peopleFilter: String? = nil, attributes: AttributeMap = AttributeMap(),
    adminGroup: String? = nil, managerGroup: String? = nil, activeFilter: String? = nil,
    syncInterval: TimeInterval? = nil
  ) {
    self.connection = connection
    self.lookup = lookup
    self.bindDN = bindDN
    self.bindPassword = bindPassword
    self.attributes = attributes
    self.adminGroup = adminGroup
    self.managerGroup = managerGroup
    self.activeFilter = activeFilter
    self.syncInterval = syncInterval
    switch lookup {
    case .template(let template):
      self.peopleBase = peopleBase ?? Self.parent(of: template)
      self.peopleFilter = peopleFilter ?? "(\(attributes.username)=*)"
    case .search(let base, let filter):
      self.peopleBase = peopleBase ?? base
      self.peopleFilter = peopleFilter ?? filter.replacingOccurrences(of: "{username}", with: "*")
    }
  }

  /// The settings from `ATRIUM_LDAP_*` variables; nil when `ATRIUM_LDAP_URL` is not set.
  public static func from(environment: [String: String]) throws -> DirectoryConfiguration? {
    func value(_ name: String) -> String? {
      guard let text = environment["ATRIUM_LDAP_" + name]?.trimmingCharacters(in: .whitespaces), !text.isEmpty
      else { return nil }
      return text
    }
    guard let urlList = value("URL") else { return nil }
    let urls = urlList.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
    for url in urls where !(url.hasPrefix("ldap://") || url.hasPrefix("ldaps://")) {
      throw Invalid(description: "ATRIUM_LDAP_URL must hold ldap:// or ldaps:// addresses, got \(url)")
    }
    let timeout = try value("TIMEOUT").map { text -> Int in
      guard let seconds = Int(text), (1...300).contains(seconds) else {
        throw Invalid(description: "ATRIUM_LDAP_TIMEOUT must be 1 to 300 seconds, got \(text)")
      }
      return seconds
    }
    let options = LDAPConnection.Options(
      urls: urls, startTLS: ["1", "true", "yes"].contains(value("STARTTLS")?.lowercased() ?? ""),
      caFile: value("CA_FILE"), timeout: timeout ?? 5)
    let lookup: UserLookup
    if let template = value("USER_DN_TEMPLATE") {
      guard template.contains("{username}") else {
        throw Invalid(description: "ATRIUM_LDAP_USER_DN_TEMPLATE must contain {username}")
      }
      lookup = .template(template)
    } else if let base = value("SEARCH_BASE") {
      let filter = value("USER_FILTER") ?? "(uid={username})"
      guard filter.contains("{username}") else {
        throw Invalid(description: "ATRIUM_LDAP_USER_FILTER must contain {username}")
      }
      lookup = .search(base: base, filter: filter)
    } else {
      throw Invalid(
        description: "set ATRIUM_LDAP_USER_DN_TEMPLATE, or ATRIUM_LDAP_SEARCH_BASE (with ATRIUM_LDAP_BIND_DN, "
          + "ATRIUM_LDAP_BIND_PASSWORD and ATRIUM_LDAP_USER_FILTER)")
    }
    if (value("BIND_DN") == nil) != (value("BIND_PASSWORD") == nil) {
      throw Invalid(description: "ATRIUM_LDAP_BIND_DN and ATRIUM_LDAP_BIND_PASSWORD go together")
    }
    let interval = try value("SYNC_INTERVAL").map { text -> TimeInterval in
      guard let seconds = Int(text), seconds == 0 || (60...604_800).contains(seconds) else {
        throw Invalid(description: "ATRIUM_LDAP_SYNC_INTERVAL must be 0 (off) or 60 to 604800 seconds, got \(text)")
      }
      return TimeInterval(seconds)
    }
    var attributes = AttributeMap()
    let mapping: [(String, WritableKeyPath<AttributeMap, String>)] = [
      ("ATTR_USERNAME", \.username), ("ATTR_MAIL", \.mail), ("ATTR_GIVEN_NAME", \.givenName),
      ("ATTR_SURNAME", \.surname), ("ATTR_POSITION", \.position), ("ATTR_DEPARTMENT", \.department),
      ("ATTR_LOCATION", \.location), ("ATTR_PHONE", \.phone), ("ATTR_MANAGER", \.manager), ("ATTR_PHOTO", \.photo),
    ]
    for (name, path) in mapping { if let attribute = value(name) { attributes[keyPath: path] = attribute } }
    return DirectoryConfiguration(
      connection: options, lookup: lookup, bindDN: value("BIND_DN"), bindPassword: value("BIND_PASSWORD"),
      peopleBase: value("PEOPLE_BASE"), peopleFilter: value("PEOPLE_FILTER"), attributes: attributes,
      adminGroup: value("ADMIN_GROUP"), managerGroup: value("MANAGER_GROUP"), activeFilter: value("ACTIVE_FILTER"),
      syncInterval: interval == 0 ? nil : interval ?? 3600)
  }

  /// `ou=people,dc=example,dc=com` from `uid={username},ou=people,dc=example,dc=com`.
  static func parent(of template: String) -> String {
    guard let comma = template.firstIndex(of: ",") else { return template }
    return String(template[template.index(after: comma)...])
  }

  /// A DN in a form two spellings of the same name share: lowercase, no spaces around the
  /// separators. Good enough to compare `member` values with entry DNs.
  static func normalized(_ dn: String) -> String {
    dn.split(separator: ",").map { component in
      component.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }.joined(
        separator: "=")
    }.joined(separator: ",").lowercased()
  }
}

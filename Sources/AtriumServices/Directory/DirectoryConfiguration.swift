import AtriumAPI
import AtriumDomain
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

    package var all: [String] {
      [username, mail, givenName, surname, position, department, location, phone, manager, photo]
    }

    /// The settings' names for the fields.
    package static var fields: [String: WritableKeyPath<AttributeMap, String>] {
      [
        "username": \.username, "mail": \.mail, "givenName": \.givenName, "surname": \.surname,
        "position": \.position, "department": \.department, "location": \.location, "phone": \.phone,
        "manager": \.manager, "photo": \.photo,
      ]
    }
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
    func number(_ name: String) throws -> Int? {
      guard let text = value(name) else { return nil }
      guard let number = Int(text) else {
        throw Invalid(description: "ATRIUM_LDAP_\(name) must be a number, got \(text)")
      }
      return number
    }
    guard let urlList = value("URL") else { return nil }
    var attributes: [String: String] = [:]
    for (field, name) in Self.attributeVariables { attributes[field] = value(name) }
    let settings = DirectorySettings(
      urls: urlList.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init),
      startTLS: ["1", "true", "yes"].contains(value("STARTTLS")?.lowercased() ?? ""), caFile: value("CA_FILE"),
      timeoutSeconds: try number("TIMEOUT"), userDNTemplate: value("USER_DN_TEMPLATE"),
      searchBase: value("SEARCH_BASE"), userFilter: value("USER_FILTER"), bindDN: value("BIND_DN"),
      bindPassword: value("BIND_PASSWORD"), peopleBase: value("PEOPLE_BASE"), peopleFilter: value("PEOPLE_FILTER"),
      adminGroup: value("ADMIN_GROUP"), managerGroup: value("MANAGER_GROUP"), activeFilter: value("ACTIVE_FILTER"),
      syncIntervalSeconds: try number("SYNC_INTERVAL"), attributes: attributes)
    do {
      return try from(settings: settings)
    } catch {
      throw Invalid(
        description: error.errors.map { "\(Self.variable(for: $0.field)) \($0.worded(in: .en).message)" }.joined(
          separator: "; "))
    }
  }

  /// Checks settings (from an admin or the environment) and makes them a configuration.
  public static func from(settings: DirectorySettings) throws(ValidationFailure) -> DirectoryConfiguration {
    var validator = Validator()
    let urls = settings.urls.map { $0.trimmingWhitespace }.filter { !$0.isEmpty }
    validator.require(
      !urls.isEmpty && urls.allSatisfy { ($0.hasPrefix("ldap://") || $0.hasPrefix("ldaps://")) && !$0.contains(" ") },
      "urls", .directoryAddresses)
    let timeout = settings.timeoutSeconds ?? 5
    validator.require((1...300).contains(timeout), "timeoutSeconds", .secondsBetween(1, 300))
    let interval = settings.syncIntervalSeconds ?? 3600
    validator.require(
      interval == 0 || (60...604_800).contains(interval), "syncIntervalSeconds", .zeroOrSecondsBetween(60, 604_800))
    func text(_ value: String?) -> String? {
      value.map { $0.trimmingWhitespace }.flatMap { $0.isEmpty ? nil : $0 }
    }
    var lookup: UserLookup?
    if let template = text(settings.userDNTemplate) {
      validator.require(template.contains("{username}"), "userDNTemplate", .mustContain("{username}"))
      lookup = .template(template)
    } else if let base = text(settings.searchBase) {
      let filter = text(settings.userFilter) ?? "(uid={username})"
      validator.require(
        filter.contains("{username}") && filter.hasPrefix("(") && filter.hasSuffix(")"), "userFilter",
        .directoryFilter(containing: "{username}"))
      lookup = .search(base: base, filter: filter)
    } else {
      validator.require(false, "userDNTemplate", .requiredUnless(other: "searchBase"))
    }
    let bindDN = text(settings.bindDN)
    validator.require(
      (bindDN == nil) == (settings.bindPassword?.isEmpty ?? true), "bindPassword",
      .goesWith(other: "bindDN"))
    for (field, filter) in [("peopleFilter", settings.peopleFilter), ("activeFilter", settings.activeFilter)] {
      if let filter = text(filter) {
        validator.require(filter.hasPrefix("(") && filter.hasSuffix(")"), field, .directoryFilter(containing: nil))
      }
    }
    var attributes = AttributeMap()
    for (field, name) in settings.attributes ?? [:] {
      guard let path = AttributeMap.fields[field] else {
        validator.require(false, "attributes", .noSuchField(field))
        continue
      }
      let name = name.trimmingWhitespace
      validator.require(
        !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == ";" }, "attributes",
        .attributeName(field: field))
      attributes[keyPath: path] = name
    }
    try validator.check()
    guard let lookup else { throw ValidationFailure([]) }
    return DirectoryConfiguration(
      connection: LDAPConnection.Options(
        urls: urls, startTLS: settings.startTLS ?? false, caFile: text(settings.caFile), timeout: timeout),
      lookup: lookup, bindDN: bindDN, bindPassword: bindDN == nil ? nil : settings.bindPassword,
      peopleBase: text(settings.peopleBase), peopleFilter: text(settings.peopleFilter), attributes: attributes,
      adminGroup: text(settings.adminGroup), managerGroup: text(settings.managerGroup),
      activeFilter: text(settings.activeFilter), syncInterval: interval == 0 ? nil : TimeInterval(interval))
  }

  /// The configuration as settings (with the service account's password: keep it server-side).
  package var settings: DirectorySettings {
    var template: String?
    var base: String?
    var filter: String?
    switch lookup {
    case .template(let value): template = value
    case .search(let searchBase, let userFilter):
      base = searchBase
      filter = userFilter
    }
    return DirectorySettings(
      urls: connection.urls, startTLS: connection.startTLS, caFile: connection.caFile,
      timeoutSeconds: connection.timeout, userDNTemplate: template, searchBase: base, userFilter: filter,
      bindDN: bindDN, bindPassword: bindPassword, peopleBase: peopleBase, peopleFilter: peopleFilter,
      adminGroup: adminGroup, managerGroup: managerGroup, activeFilter: activeFilter,
      syncIntervalSeconds: syncInterval.map { Int($0) } ?? 0,
      attributes: AttributeMap.fields.mapValues { attributes[keyPath: $0] })
  }

  private static let attributeVariables = [
    "username": "ATTR_USERNAME", "mail": "ATTR_MAIL", "givenName": "ATTR_GIVEN_NAME", "surname": "ATTR_SURNAME",
    "position": "ATTR_POSITION", "department": "ATTR_DEPARTMENT", "location": "ATTR_LOCATION",
    "phone": "ATTR_PHONE", "manager": "ATTR_MANAGER", "photo": "ATTR_PHOTO",
  ]

  /// The variable behind a settings field, for error messages at start-up.
  private static func variable(for field: String) -> String {
    let names = [
      "urls": "URL", "timeoutSeconds": "TIMEOUT", "syncIntervalSeconds": "SYNC_INTERVAL",
      "userDNTemplate": "USER_DN_TEMPLATE", "userFilter": "USER_FILTER", "bindPassword": "BIND_PASSWORD",
      "peopleFilter": "PEOPLE_FILTER", "activeFilter": "ACTIVE_FILTER", "attributes": "ATTR_*",
    ]
    return "ATRIUM_LDAP_" + (names[field] ?? field)
  }

  /// `ou=people,dc=example,dc=com` from `uid={username},ou=people,dc=example,dc=com`.
  package static func parent(of template: String) -> String {
    guard let comma = template.firstIndex(of: ",") else { return template }
    return String(template[template.index(after: comma)...])
  }

  /// A DN in a form two spellings of the same name share: lowercase, no spaces around the
  /// separators. Good enough to compare `member` values with entry DNs.
  package static func normalized(_ dn: String) -> String {
    dn.split(separator: ",").map { component in
      component.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }.joined(
        separator: "=")
    }.joined(separator: ",").lowercased()
  }
}

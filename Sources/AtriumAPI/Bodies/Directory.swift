/// `GET /api/v1/directory` (admins): how the company directory is set up, secrets left out,
/// and what the last sync did.
public struct DirectoryStatus: Codable, Hashable, Sendable {
  public var configured: Bool
  /// `environment` (the `ATRIUM_LDAP_*` variables) or `admin` (saved through this API, which
  /// then wins over the variables).
  public var source: String?
  public var urls: [String]
  public var startTLS: Bool
  /// `template` (a bind-DN template) or `search` (a service account searches for the user).
  public var lookup: String?
  public var userDNTemplate: String?
  public var searchBase: String?
  public var userFilter: String?
  /// The service account's DN; its password is never shown.
  public var bindDN: String?
  public var peopleBase: String?
  public var peopleFilter: String?
  public var adminGroup: String?
  public var managerGroup: String?
  public var activeFilter: String?
  public var syncIntervalSeconds: Int?
  public var lastSync: DirectorySyncReport?
  public var timeoutSeconds: Int?
  /// Attribute names by field.
  public var attributes: [String: String]?

  public init(
    configured: Bool, urls: [String] = [], startTLS: Bool = false, lookup: String? = nil,
    userDNTemplate: String? = nil, searchBase: String? = nil, userFilter: String? = nil, bindDN: String? = nil,
    peopleBase: String? = nil, peopleFilter: String? = nil, adminGroup: String? = nil, managerGroup: String? = nil,
    activeFilter: String? = nil, syncIntervalSeconds: Int? = nil, lastSync: DirectorySyncReport? = nil,
    source: String? = nil, timeoutSeconds: Int? = nil, attributes: [String: String]? = nil
  ) {
    self.configured = configured
    self.source = source
    self.timeoutSeconds = timeoutSeconds
    self.attributes = attributes
    self.urls = urls
    self.startTLS = startTLS
    self.lookup = lookup
    self.userDNTemplate = userDNTemplate
    self.searchBase = searchBase
    self.userFilter = userFilter
    self.bindDN = bindDN
    self.peopleBase = peopleBase
    self.peopleFilter = peopleFilter
    self.adminGroup = adminGroup
    self.managerGroup = managerGroup
    self.activeFilter = activeFilter
    self.syncIntervalSeconds = syncIntervalSeconds
    self.lastSync = lastSync
  }
}

/// What one directory sync did; `error` says why it changed nothing, when it failed.
public struct DirectorySyncReport: Codable, Hashable, Sendable {
  public var startedAt: String
  public var finishedAt: String
  public var created: Int
  public var updated: Int
  public var deactivated: Int
  public var unchanged: Int
  /// Entries left out: no usable username, or a name or email another account holds.
  public var refused: Int
  public var error: String?

  public init(
    startedAt: String, finishedAt: String, created: Int, updated: Int, deactivated: Int, unchanged: Int,
    refused: Int, error: String?
  ) {
    self.startedAt = startedAt
    self.finishedAt = finishedAt
    self.created = created
    self.updated = updated
    self.deactivated = deactivated
    self.unchanged = unchanged
    self.refused = refused
    self.error = error
  }
}

/// `PUT /api/v1/directory` body (admins): the company directory's settings, as the
/// `ATRIUM_LDAP_*` variables hold them. `bindPassword` is write-only: left out, the one
/// already saved is kept; it is never answered back.
public struct DirectorySettings: Codable, Hashable, Sendable {
  public var urls: [String]
  public var startTLS: Bool?
  public var caFile: String?
  public var timeoutSeconds: Int?
  /// Either a bind-DN template with `{username}`...
  public var userDNTemplate: String?
  /// ...or a search base and a filter with `{username}`.
  public var searchBase: String?
  public var userFilter: String?
  public var bindDN: String?
  public var bindPassword: String?
  public var peopleBase: String?
  public var peopleFilter: String?
  public var adminGroup: String?
  public var managerGroup: String?
  public var activeFilter: String?
  /// 0 for no background sync.
  public var syncIntervalSeconds: Int?
  /// Attribute names by field (`username`, `mail`, `givenName`, `surname`, `position`,
  /// `department`, `location`, `phone`, `manager`, `photo`); fields left out keep the defaults.
  public var attributes: [String: String]?

  public init(
    urls: [String], startTLS: Bool? = nil, caFile: String? = nil, timeoutSeconds: Int? = nil,
    userDNTemplate: String? = nil, searchBase: String? = nil, userFilter: String? = nil, bindDN: String? = nil,
    bindPassword: String? = nil, peopleBase: String? = nil, peopleFilter: String? = nil, adminGroup: String? = nil,
    managerGroup: String? = nil, activeFilter: String? = nil, syncIntervalSeconds: Int? = nil,
    attributes: [String: String]? = nil
  ) {
    self.urls = urls
    self.startTLS = startTLS
    self.caFile = caFile
    self.timeoutSeconds = timeoutSeconds
    self.userDNTemplate = userDNTemplate
    self.searchBase = searchBase
    self.userFilter = userFilter
    self.bindDN = bindDN
    self.bindPassword = bindPassword
    self.peopleBase = peopleBase
    self.peopleFilter = peopleFilter
    self.adminGroup = adminGroup
    self.managerGroup = managerGroup
    self.activeFilter = activeFilter
    self.syncIntervalSeconds = syncIntervalSeconds
    self.attributes = attributes
  }
}

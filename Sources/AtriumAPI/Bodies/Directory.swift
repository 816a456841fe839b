/// `GET /api/v1/directory` (admins): how the company directory is set up, secrets left out,
/// and what the last sync did.
public struct DirectoryStatus: Codable, Hashable, Sendable {
  public var configured: Bool
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

  public init(
    configured: Bool, urls: [String] = [], startTLS: Bool = false, lookup: String? = nil,
    userDNTemplate: String? = nil, searchBase: String? = nil, userFilter: String? = nil, bindDN: String? = nil,
    peopleBase: String? = nil, peopleFilter: String? = nil, adminGroup: String? = nil, managerGroup: String? = nil,
    activeFilter: String? = nil, syncIntervalSeconds: Int? = nil, lastSync: DirectorySyncReport? = nil
  ) {
    self.configured = configured
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

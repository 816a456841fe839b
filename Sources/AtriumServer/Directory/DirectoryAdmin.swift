import AtriumAPI
import AtriumStore

/// What admins see and do about the directory through the API.
struct DirectoryAdmin: Sendable {
  let environment: ServerEnvironment
  let service: DirectoryService?

  func status(principal: Principal) throws -> DirectoryStatus {
    try requireAdmin(principal, to: "see the directory settings")
    let last = try environment.database.read { try DirectoryStore($0).lastSync() }
    guard let configuration = environment.directory else {
      return DirectoryStatus(configured: false, lastSync: last.map(Self.body))
    }
    var status = DirectoryStatus(
      configured: true, urls: configuration.connection.urls, startTLS: configuration.connection.startTLS,
      bindDN: configuration.bindDN, peopleBase: configuration.peopleBase, peopleFilter: configuration.peopleFilter,
      adminGroup: configuration.adminGroup, managerGroup: configuration.managerGroup,
      activeFilter: configuration.activeFilter, syncIntervalSeconds: configuration.syncInterval.map { Int($0) },
      lastSync: last.map(Self.body))
    switch configuration.lookup {
    case .template(let template):
      status.lookup = "template"
      status.userDNTemplate = template
    case .search(let base, let filter):
      status.lookup = "search"
      status.searchBase = base
      status.userFilter = filter
    }
    return status
  }

  func sync(principal: Principal) throws -> DirectorySyncReport {
    try requireAdmin(principal, to: "sync with the directory")
    guard let service else {
      throw Problem.conflict("No company directory is configured (ATRIUM_LDAP_URL).")
    }
    return Self.body(service.sync())
  }

  static func body(_ report: DirectoryStore.SyncReport) -> DirectorySyncReport {
    DirectorySyncReport(
      startedAt: Instant.text(report.startedAt), finishedAt: Instant.text(report.finishedAt),
      created: report.created, updated: report.updated, deactivated: report.deactivated,
      unchanged: report.unchanged, refused: report.refused, error: report.error)
  }
}

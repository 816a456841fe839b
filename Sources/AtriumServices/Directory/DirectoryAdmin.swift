import AtriumAPI
import AtriumStore

/// What admins see and do about the directory through the API: read the settings (secrets
/// left out), change or forget them, and sync now.
package struct DirectoryAdmin: Sendable {
  package init(environment: ServerEnvironment, directory: CurrentDirectory) {
    self.environment = environment
    self.directory = directory
  }

  package let environment: ServerEnvironment
  package let directory: CurrentDirectory

  package func status(principal: Principal) throws -> DirectoryStatus {
    try requireAdmin(principal, to: "see the directory settings")
    let last = try environment.database.read { try DirectoryStore($0).lastSync() }
    guard let configuration = directory.configuration else {
      return DirectoryStatus(configured: false, lastSync: last.map(Self.body))
    }
    return Self.status(configuration, source: directory.source, lastSync: last)
  }

  /// Saves new settings, which apply to the next sign-in and sync. The service account's
  /// password, when left out for the same account, stays what it was.
  package func update(_ settings: DirectorySettings, principal: Principal) throws -> DirectoryStatus {
    try requireAdmin(principal, to: "change the directory settings")
    var settings = settings
    let before = directory.configuration
    if settings.bindPassword == nil, let bindDN = settings.bindDN, bindDN == before?.bindDN {
      settings.bindPassword = before?.bindPassword
    }
    let configuration = try DirectoryConfiguration.from(settings: settings)
    let last = try environment.database.write { connection in
      try directory.save(configuration, connection: connection)
      try AuditTrail(environment: environment).record(
        "directory.update", target: ("directory", "settings"), before: before.map(Self.redacted),
        after: Self.redacted(configuration), by: principal, connection: connection)
      return try DirectoryStore(connection).lastSync()
    }
    directory.use(configuration, source: .admin)
    return Self.status(configuration, source: .admin, lastSync: last)
  }

  /// Forgets the saved settings: the environment's apply again (or none).
  package func reset(principal: Principal) throws {
    try requireAdmin(principal, to: "change the directory settings")
    let before = directory.configuration
    try environment.database.write { connection in
      try DirectoryStore(connection).deleteSettings()
      try AuditTrail(environment: environment).record(
        "directory.reset", target: ("directory", "settings"), before: before.map(Self.redacted), by: principal,
        connection: connection)
    }
    directory.use(environment.directory, source: .environment)
  }

  package func sync(principal: Principal) throws -> DirectorySyncReport {
    try requireAdmin(principal, to: "sync with the directory")
    guard let service = directory.service() else {
      throw Problem.conflict(.directoryNotConfigured)
    }
    return Self.body(service.sync())
  }

  /// Settings fit for the audit log: the password is never written there.
  private static func redacted(_ configuration: DirectoryConfiguration) -> DirectorySettings {
    var settings = configuration.settings
    settings.bindPassword = settings.bindPassword == nil ? nil : "(set)"
    return settings
  }

  private static func status(
    _ configuration: DirectoryConfiguration, source: CurrentDirectory.Source, lastSync: DirectoryStore.SyncReport?
  ) -> DirectoryStatus {
    let settings = configuration.settings
    return DirectoryStatus(
      configured: true, urls: settings.urls, startTLS: settings.startTLS ?? false,
      lookup: settings.userDNTemplate == nil ? "search" : "template", userDNTemplate: settings.userDNTemplate,
      searchBase: settings.searchBase, userFilter: settings.userFilter, bindDN: settings.bindDN,
      peopleBase: settings.peopleBase, peopleFilter: settings.peopleFilter, adminGroup: settings.adminGroup,
      managerGroup: settings.managerGroup, activeFilter: settings.activeFilter,
      syncIntervalSeconds: settings.syncIntervalSeconds, lastSync: lastSync.map(body), source: source.rawValue,
      timeoutSeconds: settings.timeoutSeconds, attributes: settings.attributes)
  }

  package static func body(_ report: DirectoryStore.SyncReport) -> DirectorySyncReport {
    DirectorySyncReport(
      startedAt: Instant.text(report.startedAt), finishedAt: Instant.text(report.finishedAt),
      created: report.created, updated: report.updated, deactivated: report.deactivated,
      unchanged: report.unchanged, refused: report.refused, error: report.error)
  }
}

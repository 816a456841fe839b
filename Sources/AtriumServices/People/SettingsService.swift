import AtriumAPI
import AtriumDomain
import AtriumMessages
import AtriumStore

/// A person's notification settings and language, and their push devices.
package struct SettingsService: Sendable {
  package init(environment: ServerEnvironment) {
    self.environment = environment
  }

  package let environment: ServerEnvironment
  package static let languages = ["en", "es"]
  package static let platforms = ["apns", "fcm", "webpush"]

  package func settings(principal: Principal) throws -> SettingsBody {
    Self.body(try environment.database.read { try SettingsStore($0).settings(employeeID: principal.employee.id) })
  }

  package func update(_ change: SettingsChange, principal: Principal) throws -> SettingsBody {
    if let language = change.language, !Self.languages.contains(language) {
      throw Problem.invalid(
        ValidationFailure([FieldError(field: "language", rule: .unknownValue(allowed: ["en", "es"]))]))
    }
    return try environment.database.write { connection in
      let store = SettingsStore(connection)
      var settings = try store.settings(employeeID: principal.employee.id)
      if let value = change.notifications?.leaveDecisions { settings.notifyLeaveDecisions = value }
      if let value = change.notifications?.approvalsWaiting { settings.notifyApprovalsWaiting = value }
      if let value = change.notifications?.companyNotices { settings.notifyCompanyNotices = value }
      if let language = change.language {
        settings.language = language
        settings.languageChosen = true
      }
      try store.save(settings, employeeID: principal.employee.id)
      return Self.body(settings)
    }
  }

  /// Registers a device; the same token again updates it (idempotent per token).
  /// The language the person chose in Settings; nil until they choose one (the browser's or
  /// the device's language applies until then).
  package func chosenLanguage(employeeID: String) throws -> String? {
    let settings = try environment.recall(\.settings, employeeID) {
      try environment.database.read { try SettingsStore($0).settings(employeeID: employeeID) }
    }
    return settings.languageChosen ? settings.language : nil
  }

  /// The language to answer a person in, by the one rule (`Language.reader`): their choice in
  /// Settings, else the request's `Accept-Language`, else English. Anonymous readers get the
  /// header's.
  package func readerLanguage(employeeID: String?, acceptLanguage: String?) -> Language {
    let chosen = employeeID.flatMap { try? chosenLanguage(employeeID: $0) }
    return Language.reader(chosen: chosen, acceptLanguage: acceptLanguage)
  }

  package func register(_ body: NewDevice, principal: Principal) throws -> (device: DeviceBody, isNew: Bool) {
    var validator = Validator()
    validator.require(
      Self.platforms.contains(body.platform), "platform", .unknownValue(allowed: Self.platforms.sorted()))
    let token = body.token.trimmingWhitespace
    validator.require((1...4096).contains(token.utf8.count), "token", .bytesBetween(1, 4096))
    let name = ProfileRules.text(body.name ?? "", field: "name", maximum: 100, into: &validator)
    try validator.check()
    return try environment.database.write { connection in
      let result = try SettingsStore(connection).register(
        id: environment.makeID(), employeeID: principal.employee.id, platform: body.platform, token: token, name: name,
        at: environment.now().milliseconds)
      return (Self.body(result.device), result.isNew)
    }
  }

  package func devices(principal: Principal) throws -> Page<DeviceBody> {
    try environment.database.read { connection in
      Page(
        items: try SettingsStore(connection).devices(employeeID: principal.employee.id).map(Self.body), nextCursor: nil)
    }
  }

  /// Someone else's device answers 404: its existence is not the caller's business.
  package func deleteDevice(id: String, principal: Principal) throws {
    try environment.database.write { connection in
      let store = SettingsStore(connection)
      guard let device = try store.device(id: id), device.employeeID == principal.employee.id else {
        throw Problem.notFound(.noDevice(id: id))
      }
      try store.deleteDevice(id: id)
    }
  }

  private static func body(_ settings: SettingsStore.Settings) -> SettingsBody {
    SettingsBody(
      notifications: NotificationSettings(
        leaveDecisions: settings.notifyLeaveDecisions, approvalsWaiting: settings.notifyApprovalsWaiting,
        companyNotices: settings.notifyCompanyNotices), language: settings.language)
  }

  private static func body(_ device: SettingsStore.Device) -> DeviceBody {
    DeviceBody(
      id: device.id, platform: device.platform, name: device.name, createdAt: Instant.text(device.createdAt),
      lastSeenAt: Instant.text(device.lastSeenAt))
  }
}

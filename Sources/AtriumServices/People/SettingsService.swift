import AtriumAPI
import AtriumCrypto
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

  /// - Parameter acceptLanguage: The request's, which names the kinds until the person chooses a language.
  package func settings(principal: Principal, acceptLanguage: String?) throws -> SettingsBody {
    body(
      try environment.database.read { try SettingsStore($0).settings(employeeID: principal.employee.id) },
      acceptLanguage: acceptLanguage)
  }

  /// Changes what the body names and nothing else; a kind the server does not have, or a
  /// digest for a kind that offers none, changes nothing and names the field.
  package func update(_ change: SettingsChange, principal: Principal, acceptLanguage: String?) throws -> SettingsBody {
    var validator = Validator()
    if let language = change.language {
      validator.require(Self.languages.contains(language), "language", .unknownValue(allowed: Self.languages))
    }
    let kinds = environment.notificationKinds.map(\.kind)
    for (id, asked) in (change.notifications ?? [:]).sorted(by: { $0.key < $1.key }) {
      guard let kind = kinds.first(where: { $0.id == id }) else {
        validator.require(false, "notifications.\(id)", .unknownValue(allowed: kinds.map(\.id)))
        continue
      }
      if let rule = asked.change.brokenRule(for: kind) {
        validator.require(false, "notifications.\(id).digest", rule)
      }
    }
    try validator.check()
    return try environment.database.write { connection in
      let store = SettingsStore(connection)
      var settings = try store.settings(employeeID: principal.employee.id)
      for kind in kinds {
        guard let asked = change.notifications?[kind.id] else { continue }
        settings.notifications[kind.id] = asked.change.applied(to: settings.choice(for: kind), kind: kind)
      }
      if let language = change.language {
        settings.language = language
        settings.languageChosen = true
      }
      try store.save(settings, employeeID: principal.employee.id)
      return body(settings, acceptLanguage: acceptLanguage)
    }
  }

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

  /// Registers a device; the same token again updates it (idempotent per token). A browser's
  /// token must be a push subscription with an https endpoint, and an iPhone's the hexadecimal
  /// token APNs gave the app: a token Atrium could not push to is refused now, not dropped later.
  package func register(_ body: NewDevice, principal: Principal) throws -> (device: DeviceBody, isNew: Bool) {
    var validator = Validator()
    validator.require(
      Self.platforms.contains(body.platform), "platform", .unknownValue(allowed: Self.platforms.sorted()))
    let token = body.token.trimmingWhitespace
    validator.require((1...4096).contains(token.utf8.count), "token", .bytesBetween(1, 4096))
    if !validator.errors.contains(where: { $0.field == "token" }) {
      switch body.platform {
      case "webpush":
        let loopback = environment.push?.allowsTestEndpoints ?? false
        validator.require(
          WebPushSubscription(token: token, allowsLoopbackHTTP: loopback) != nil, "token", .webPushSubscription)
      case "apns":
        validator.require(
          (64...200).contains(token.count) && token.allSatisfy(\.isHexDigit), "token", .apnsDeviceToken)
      default: break
      }
    }
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

  /// Forgets the caller's device with this token (a browser turning its notifications off);
  /// nothing when it is not theirs or not known.
  package func deleteDevice(token: String, principal: Principal) throws {
    try environment.database.write { connection in
      let store = SettingsStore(connection)
      guard let device = try store.device(token: token.trimmingWhitespace),
        device.employeeID == principal.employee.id
      else { return }
      try store.deleteDevice(id: device.id)
    }
  }

  /// The installation's VAPID public key, base64url (the page's `applicationServerKey`).
  package func vapidPublicKey() throws -> String {
    Base64URL.encode(try VapidKeys.loadOrCreate(in: environment.database).publicKey)
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

  private func body(_ settings: SettingsStore.Settings, acceptLanguage: String?) -> SettingsBody {
    let language = Language.reader(
      chosen: settings.languageChosen ? settings.language : nil, acceptLanguage: acceptLanguage)
    let kinds = environment.notificationKinds
    return SettingsBody(
      notifications: Dictionary(
        uniqueKeysWithValues: kinds.map { registered in
          let choice = settings.choice(for: registered.kind)
          return (
            registered.id,
            NotificationChoiceBody(board: choice.board, mail: choice.mail, push: choice.push, digest: choice.digest)
          )
        }),
      notificationKinds: kinds.map {
        NotificationKindBody(id: $0.id, name: $0.name(language), offersDigest: $0.kind.offersDigest)
      },
      language: settings.language)
  }

  private static func body(_ device: SettingsStore.Device) -> DeviceBody {
    DeviceBody(
      id: device.id, platform: device.platform, name: device.name, createdAt: Instant.text(device.createdAt),
      lastSeenAt: Instant.text(device.lastSeenAt))
  }
}

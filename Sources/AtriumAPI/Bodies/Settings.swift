import AtriumDomain

/// How a person wants one kind of notification.
public struct NotificationChoiceBody: Codable, Hashable, Sendable {
  /// On their board in Atrium.
  public var board: Bool
  public var mail: Bool
  /// On the devices registered for push.
  public var push: Bool
  /// With `mail`: one mail at 08:00 (the person's time zone) instead of one each time.
  public var digest: Bool

  public init(board: Bool, mail: Bool, push: Bool, digest: Bool) {
    self.board = board
    self.mail = mail
    self.push = push
    self.digest = digest
  }
}

/// A kind of notification the server has, named in the reader's language.
public struct NotificationKindBody: Codable, Hashable, Sendable {
  /// The key under `notifications`: `leaveDecisions`, `approvalsWaiting`, `companyNotices`.
  public var id: String
  public var name: String
  /// Whether `digest` may be chosen for it.
  public var offersDigest: Bool

  public init(id: String, name: String, offersDigest: Bool) {
    self.id = id
    self.name = name
    self.offersDigest = offersDigest
  }
}

/// `GET /api/v1/me/settings`.
public struct SettingsBody: Codable, Hashable, Sendable {
  /// Every kind the server has, by its id.
  public var notifications: [String: NotificationChoiceBody]
  /// The kinds in the order Settings shows them.
  public var notificationKinds: [NotificationKindBody]
  /// `en` or `es`.
  public var language: String

  public init(
    notifications: [String: NotificationChoiceBody], notificationKinds: [NotificationKindBody], language: String
  ) {
    self.notifications = notifications
    self.notificationKinds = notificationKinds
    self.language = language
  }

  private enum CodingKeys: String, CodingKey {
    case notifications, notificationKinds, language
  }

  private struct KindKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// The choices come in the kinds' order, so one answer reads the same every time (a
  /// dictionary's own order changes from one process to the next).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    var choices = container.nestedContainer(keyedBy: KindKey.self, forKey: .notifications)
    let ordered =
      notificationKinds.map(\.id)
      + notifications.keys.sorted().filter { id in
        !notificationKinds.contains { $0.id == id }
      }
    for id in ordered {
      if let choice = notifications[id] { try choices.encode(choice, forKey: KindKey(stringValue: id)) }
    }
    try container.encode(notificationKinds, forKey: .notificationKinds)
    try container.encode(language, forKey: .language)
  }
}

/// A change to one kind: `true` or `false` turns every channel on or off (what clients sent
/// before there were channels); an object changes the channels it names.
public enum NotificationChoiceChangeBody: Codable, Hashable, Sendable {
  case everyChannel(Bool)
  case channels(NotificationChoiceChange)

  private enum Key: String, CodingKey, CaseIterable {
    case board, mail, push, digest
  }

  private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  public init(from decoder: any Decoder) throws {
    if let isOn = try? decoder.singleValueContainer().decode(Bool.self) {
      self = .everyChannel(isOn)
      return
    }
    guard let named = try? decoder.container(keyedBy: AnyKey.self) else {
      throw FieldRuleViolation(
        codingPath: decoder.codingPath,
        rule: .wrongType(expected: "true, false or an object of board, mail, push, digest"))
    }
    if let unknown = named.allKeys.first(where: { Key(rawValue: $0.stringValue) == nil }) {
      throw FieldRuleViolation(codingPath: decoder.codingPath, rule: .noSuchField(unknown.stringValue))
    }
    let container = try decoder.container(keyedBy: Key.self)
    self = .channels(
      NotificationChoiceChange(
        board: try container.decodeIfPresent(Bool.self, forKey: .board),
        mail: try container.decodeIfPresent(Bool.self, forKey: .mail),
        push: try container.decodeIfPresent(Bool.self, forKey: .push),
        digest: try container.decodeIfPresent(Bool.self, forKey: .digest)))
  }

  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .everyChannel(let isOn):
      var container = encoder.singleValueContainer()
      try container.encode(isOn)
    case .channels(let change):
      var container = encoder.container(keyedBy: Key.self)
      try container.encodeIfPresent(change.board, forKey: .board)
      try container.encodeIfPresent(change.mail, forKey: .mail)
      try container.encodeIfPresent(change.push, forKey: .push)
      try container.encodeIfPresent(change.digest, forKey: .digest)
    }
  }

  /// The change it asks for.
  public var change: NotificationChoiceChange {
    switch self {
    case .everyChannel(let isOn): NotificationChoiceChange(everyChannel: isOn)
    case .channels(let change): change
    }
  }
}

/// `PATCH /api/v1/me/settings`: any subset.
public struct SettingsChange: Codable, Hashable, Sendable {
  /// By kind id; kinds left out stay as they are.
  public var notifications: [String: NotificationChoiceChangeBody]?
  public var language: String?

  public init(notifications: [String: NotificationChoiceChangeBody]? = nil, language: String? = nil) {
    self.notifications = notifications
    self.language = language
  }
}

/// A device registered for push notifications.
public struct DeviceBody: Codable, Hashable, Sendable {
  public var id: String
  /// `apns`, `fcm` or `webpush`.
  public var platform: String
  public var name: String
  /// RFC 3339, UTC.
  public var createdAt: String
  public var lastSeenAt: String

  public init(id: String, platform: String, name: String, createdAt: String, lastSeenAt: String) {
    self.id = id
    self.platform = platform
    self.name = name
    self.createdAt = createdAt
    self.lastSeenAt = lastSeenAt
  }
}

/// `POST /api/v1/devices` body.
public struct NewDevice: Codable, Hashable, Sendable {
  public var platform: String
  public var token: String
  public var name: String?

  public init(platform: String, token: String, name: String? = nil) {
    self.platform = platform
    self.token = token
    self.name = name
  }
}

/// `GET /api/v1/push/vapid-public-key`.
public struct VapidPublicKey: Codable, Hashable, Sendable {
  /// The base64url of the uncompressed P-256 point, for `PushManager.subscribe`'s
  /// `applicationServerKey`.
  public var key: String

  public init(key: String) {
    self.key = key
  }
}

/// Which notifications a person wants.
public struct NotificationSettings: Codable, Hashable, Sendable {
  /// A decision on one's own request.
  public var leaveDecisions: Bool
  /// A request waiting for one's decision.
  public var approvalsWaiting: Bool
  public var companyNotices: Bool

  public init(leaveDecisions: Bool, approvalsWaiting: Bool, companyNotices: Bool) {
    self.leaveDecisions = leaveDecisions
    self.approvalsWaiting = approvalsWaiting
    self.companyNotices = companyNotices
  }
}

/// `GET /api/v1/me/settings`.
public struct SettingsBody: Codable, Hashable, Sendable {
  public var notifications: NotificationSettings
  /// `en` or `es`.
  public var language: String

  public init(notifications: NotificationSettings, language: String) {
    self.notifications = notifications
    self.language = language
  }
}

/// `PATCH /api/v1/me/settings`: any subset.
public struct SettingsChange: Codable, Hashable, Sendable {
  public struct Notifications: Codable, Hashable, Sendable {
    public var leaveDecisions: Bool?
    public var approvalsWaiting: Bool?
    public var companyNotices: Bool?

    public init(leaveDecisions: Bool? = nil, approvalsWaiting: Bool? = nil, companyNotices: Bool? = nil) {
      self.leaveDecisions = leaveDecisions
      self.approvalsWaiting = approvalsWaiting
      self.companyNotices = companyNotices
    }
  }

  public var notifications: Notifications?
  public var language: String?

  public init(notifications: Notifications? = nil, language: String? = nil) {
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

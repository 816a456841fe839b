import AtriumDomain
import AtriumSQL
import Foundation

/// A person's settings (defaults until they change something) and the devices they registered
/// for push notifications.
public struct SettingsStore {
  let connection: any DatabaseConnection

  public init(_ connection: any DatabaseConnection) {
    self.connection = connection
  }

  public struct Settings: Sendable, Hashable {
    /// The kinds the person changed, by kind id; the others are their kind's `defaultChoice`.
    public var notifications: [String: NotificationChoice] = [:]
    /// `en` or `es`.
    public var language = "en"
    /// Whether the person chose `language` (else the web app follows their browser).
    public var languageChosen = false
    /// Milliseconds since 1970: the push badge counts unread notices created after this.
    public var badgeResetAt: Int64 = 0

    public init() {}

    /// How the person wants notifications of this kind.
    public func choice(for kind: NotificationKind) -> NotificationChoice {
      notifications[kind.id] ?? kind.defaultChoice
    }
  }

  public func settings(employeeID: String) throws -> Settings {
    guard let row = try connection.queryFirst("SELECT * FROM settings WHERE employee_id = ?", .text(employeeID)) else {
      return Settings()
    }
    return Self.settings(row)
  }

  /// A `settings` row's values (also read beside other tables' columns).
  static func settings(_ row: DatabaseRow) -> Settings {
    var settings = Settings()
    settings.notifications = StoredNotificationChoices.decode(row.string("notifications"))
    settings.language = row.string("language")
    settings.languageChosen = row.bool("language_chosen")
    settings.badgeResetAt = Int64(row.int("badge_reset_at"))
    return settings
  }

  public func save(_ settings: Settings, employeeID: String) throws {
    try connection.execute(
      """
      INSERT INTO settings (employee_id, notifications, language, badge_reset_at, language_chosen)
      VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (employee_id) DO UPDATE SET notifications = excluded.notifications, language = excluded.language,
        badge_reset_at = excluded.badge_reset_at, language_chosen = excluded.language_chosen
      """,
      [
        .text(employeeID), .text(StoredNotificationChoices.encode(settings.notifications)), .text(settings.language),
        .integer(settings.badgeResetAt), DatabaseValue(settings.languageChosen),
      ])
  }

  public struct Device: Sendable, Hashable {
    public let id: String
    public let employeeID: String
    public let platform: String
    public let token: String
    public let name: String
    public let createdAt: Int64
    public let lastSeenAt: Int64
  }

  /// Registers a device, or refreshes it when its token is already known: a push token is the
  /// device's identity, and one device belongs to whoever registered it last.
  /// - Returns: The device and whether it was new.
  public func register(
    id: String, employeeID: String, platform: String, token: String, name: String, at instant: Int64
  ) throws -> (device: Device, isNew: Bool) {
    if let existing = try connection.queryFirst("SELECT id FROM devices WHERE token = ?", .text(token)) {
      try connection.execute(
        "UPDATE devices SET employee_id = ?, platform = ?, name = ?, last_seen_at = ? WHERE token = ?",
        .text(employeeID), .text(platform), .text(name), .integer(instant), .text(token))
      return (try device(id: existing.string("id"))!, false)
    }
    try connection.execute(
      """
      INSERT INTO devices (id, employee_id, platform, token, name, created_at, last_seen_at)
      VALUES (?, ?, ?, ?, ?, ?, ?)
      """, .text(id), .text(employeeID), .text(platform), .text(token), .text(name), .integer(instant),
      .integer(instant))
    return (try device(id: id)!, true)
  }

  public func device(id: String) throws -> Device? {
    try connection.queryFirst("SELECT * FROM devices WHERE id = ?", .text(id)).map(Self.device)
  }

  public func device(token: String) throws -> Device? {
    try connection.queryFirst("SELECT * FROM devices WHERE token = ?", .text(token)).map(Self.device)
  }

  public func devices(employeeID: String) throws -> [Device] {
    try connection.query("SELECT * FROM devices WHERE employee_id = ? ORDER BY created_at, id", .text(employeeID))
      .map(Self.device)
  }

  public func deleteDevice(id: String) throws {
    try connection.execute("DELETE FROM devices WHERE id = ?", .text(id))
  }

  /// Forgets every device of a person (signed out everywhere, deactivated): nothing is pushed
  /// to them until an app registers again.
  public func deleteDevices(employeeID: String) throws {
    try connection.execute("DELETE FROM devices WHERE employee_id = ?", .text(employeeID))
  }

  private static func device(_ row: DatabaseRow) -> Device {
    Device(
      id: row.string("id"), employeeID: row.string("employee_id"), platform: row.string("platform"),
      token: row.string("token"), name: row.string("name"), createdAt: Int64(row.int("created_at")),
      lastSeenAt: Int64(row.int("last_seen_at")))
  }
}

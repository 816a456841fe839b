import AtriumDomain
import AtriumSQL

/// Who takes a daily digest, in which time zone, and when each last got one.
public struct DigestStore {
  let connection: any DatabaseConnection

  public init(_ connection: any DatabaseConnection) {
    self.connection = connection
  }

  /// A person who chose the digest for at least one kind.
  public struct Reader: Sendable {
    public let employee: Employee
    public let settings: SettingsStore.Settings
    /// Their location's (IANA name).
    public let timeZone: String
    public let lastSentOn: CalendarDate?
    /// When the last digest went (ms); what came after goes in the next.
    public let lastSentAt: Int64?
  }

  /// Active people whose settings ask for a digest of some kind. The choices are JSON
  /// (`StoredNotificationChoices`, keys sorted), so a text match finds the candidates and
  /// `SettingsStore.Settings` decides.
  public func readers() throws -> [Reader] {
    try connection.query(
      """
      SELECT e.*, s.notifications, s.language, s.language_chosen, s.badge_reset_at, l.time_zone,
        d.last_sent_on, d.last_sent_at
      FROM settings s JOIN employees e ON e.id = s.employee_id JOIN locations l ON l.id = e.location_id
      LEFT JOIN notification_digests d ON d.employee_id = s.employee_id
      WHERE e.active = 1 AND s.notifications LIKE '%"digest":true%'
      ORDER BY e.id
      """
    ).map { row in
      Reader(
        employee: PeopleStore.employee(row), settings: SettingsStore.settings(row), timeZone: row.string("time_zone"),
        lastSentOn: row.optionalString("last_sent_on").flatMap { CalendarDate($0) },
        lastSentAt: row.optionalInt("last_sent_at").map(Int64.init))
    }
  }

  /// Remembers a digest as sent (or started) for the local `day`.
  public func record(employeeID: String, day: CalendarDate, at instant: Int64) throws {
    try connection.execute(
      """
      INSERT INTO notification_digests (employee_id, last_sent_on, last_sent_at) VALUES (?, ?, ?)
      ON CONFLICT (employee_id) DO UPDATE SET last_sent_on = excluded.last_sent_on, last_sent_at = excluded.last_sent_at
      """, .text(employeeID), .text(day.description), .integer(instant))
  }
}

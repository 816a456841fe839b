import AtriumDomain
import AtriumSQL

/// People's check-ins, presence settings and mates.
public struct PresenceStore {
  let connection: any DatabaseConnection

  public init(_ connection: any DatabaseConnection) {
    self.connection = connection
  }

  /// How a check-in was made.
  public enum Method: String, Sendable, Codable {
    /// By hand, with a position at or near the building.
    case nearby
    /// By hand, without a position (where the company allows it).
    case withoutPosition = "without-position"
    /// By a device, from a position or a geofence event.
    case automatic
  }

  public struct CheckIn: Sendable, Hashable {
    public let id: String
    public let employeeID: String
    public let buildingID: String
    public let method: Method
    public let checkedInAt: Int64
    /// When it ends by itself; a check-out ends it sooner (`endedAt`).
    public let endsAt: Int64
    public let endedAt: Int64?

    public init(
      id: String, employeeID: String, buildingID: String, method: Method, checkedInAt: Int64, endsAt: Int64,
      endedAt: Int64? = nil
    ) {
      self.id = id
      self.employeeID = employeeID
      self.buildingID = buildingID
      self.method = method
      self.checkedInAt = checkedInAt
      self.endsAt = endsAt
      self.endedAt = endedAt
    }

    public func isOpen(at instant: Int64) -> Bool { endedAt == nil && endsAt > instant }
  }

  public struct Settings: Sendable, Hashable {
    public var sharing: PresenceSharing = .off
    public var automatic = false
    public var outsideSince: Int64?

    public init(sharing: PresenceSharing = .off, automatic: Bool = false, outsideSince: Int64? = nil) {
      self.sharing = sharing
      self.automatic = automatic
      self.outsideSince = outsideSince
    }
  }

  /// The person's open check-in at `instant`, if any.
  public func openCheckIn(employeeID: String, at instant: Int64) throws -> CheckIn? {
    try connection.queryFirst(
      """
      SELECT * FROM presence_checkins WHERE employee_id = ? AND ended_at IS NULL AND ends_at > ?
      ORDER BY checked_in_at DESC LIMIT 1
      """, .text(employeeID), .integer(instant)
    ).map(Self.checkIn)
  }

  /// Adds a check-in; the person's open one (there is at most one) ends as replaced.
  public func insert(_ checkIn: CheckIn) throws {
    try end(employeeID: checkIn.employeeID, at: checkIn.checkedInAt, by: "replaced")
    try connection.execute(
      """
      INSERT INTO presence_checkins (id, employee_id, building_id, method, checked_in_at, ends_at)
      VALUES (?, ?, ?, ?, ?, ?)
      """, .text(checkIn.id), .text(checkIn.employeeID), .text(checkIn.buildingID), .text(checkIn.method.rawValue),
      .integer(checkIn.checkedInAt), .integer(checkIn.endsAt))
  }

  /// Ends the person's open check-in (`by`: checkout, replaced, automatic).
  /// - Returns: Whether one was open.
  @discardableResult
  public func end(employeeID: String, at instant: Int64, by reason: String) throws -> Bool {
    try connection.execute(
      """
      UPDATE presence_checkins SET ended_at = ?, ended_by = ?
      WHERE employee_id = ? AND ended_at IS NULL AND ends_at > ?
      """, .integer(instant), .text(reason), .text(employeeID), .integer(instant)) > 0
  }

  public func settings(employeeID: String) throws -> Settings {
    guard
      let row = try connection.queryFirst("SELECT * FROM presence_settings WHERE employee_id = ?", .text(employeeID))
    else { return Settings() }
    return Settings(
      sharing: PresenceSharing(rawValue: row.string("sharing")) ?? .off, automatic: row.bool("automatic"),
      outsideSince: row.optionalInt("outside_since").map(Int64.init))
  }

  public func save(_ settings: Settings, employeeID: String) throws {
    try connection.execute(
      """
      INSERT INTO presence_settings (employee_id, sharing, automatic, outside_since) VALUES (?, ?, ?, ?)
      ON CONFLICT (employee_id) DO UPDATE SET sharing = excluded.sharing, automatic = excluded.automatic,
        outside_since = excluded.outside_since
      """, .text(employeeID), .text(settings.sharing.rawValue), DatabaseValue(settings.automatic),
      settings.outsideSince.map(DatabaseValue.integer) ?? .null)
  }

  // MARK: Mates

  /// The people `employeeID` keeps as mates, oldest added first.
  public func mates(of employeeID: String) throws -> [String] {
    try connection.query(
      "SELECT mate_id FROM presence_mates WHERE employee_id = ? ORDER BY added_at, mate_id", .text(employeeID)
    ).map { $0.string("mate_id") }
  }

  /// Those who keep `employeeID` as a mate.
  public func keptAsMateBy(_ employeeID: String) throws -> Set<String> {
    Set(
      try connection.query("SELECT employee_id FROM presence_mates WHERE mate_id = ?", .text(employeeID)).map {
        $0.string("employee_id")
      })
  }

  /// - Returns: Whether it was new.
  @discardableResult
  public func addMate(_ mateID: String, to employeeID: String, at instant: Int64) throws -> Bool {
    try connection.execute(
      """
      INSERT INTO presence_mates (employee_id, mate_id, added_at) VALUES (?, ?, ?)
      ON CONFLICT (employee_id, mate_id) DO NOTHING
      """, .text(employeeID), .text(mateID), .integer(instant)) > 0
  }

  public func removeMate(_ mateID: String, from employeeID: String) throws {
    try connection.execute(
      "DELETE FROM presence_mates WHERE employee_id = ? AND mate_id = ?", .text(employeeID), .text(mateID))
  }

  // MARK: History

  /// The person's latest check-in made at or after `since`, open or not.
  public func latestCheckIn(employeeID: String, since: Int64) throws -> CheckIn? {
    try connection.queryFirst(
      """
      SELECT * FROM presence_checkins WHERE employee_id = ? AND checked_in_at >= ?
      ORDER BY checked_in_at DESC LIMIT 1
      """, .text(employeeID), .integer(since)
    ).map(Self.checkIn)
  }

  /// Every check-in the person has (30 days at most are kept), newest first.
  public func history(employeeID: String) throws -> [CheckIn] {
    try connection.query(
      "SELECT * FROM presence_checkins WHERE employee_id = ? ORDER BY checked_in_at DESC", .text(employeeID)
    ).map(Self.checkIn)
  }

  /// Deletes the person's check-ins, the open one included.
  public func deleteHistory(employeeID: String) throws {
    try connection.execute("DELETE FROM presence_checkins WHERE employee_id = ?", .text(employeeID))
  }

  /// Deletes everyone's check-ins made before `cutoff` (housekeeping).
  @discardableResult
  public func purge(before cutoff: Int64) throws -> Int {
    try connection.execute("DELETE FROM presence_checkins WHERE checked_in_at < ?", .integer(cutoff))
  }

  /// How many people checked in at each building since `since` (their campus's local midnight):
  /// counts only, never who.
  public func peopleCheckedIn(buildingID: String, since: Int64) throws -> Int {
    try connection.queryFirst(
      "SELECT COUNT(DISTINCT employee_id) AS n FROM presence_checkins WHERE building_id = ? AND checked_in_at >= ?",
      .text(buildingID), .integer(since))?.int("n") ?? 0
  }

  private static func checkIn(_ row: DatabaseRow) -> CheckIn {
    CheckIn(
      id: row.string("id"), employeeID: row.string("employee_id"), buildingID: row.string("building_id"),
      method: Method(rawValue: row.string("method")) ?? .nearby, checkedInAt: Int64(row.int("checked_in_at")),
      endsAt: Int64(row.int("ends_at")), endedAt: row.optionalInt("ended_at").map(Int64.init))
  }
}

import AtriumDomain
import AtriumSQL

/// The link between employees and the company directory's entries, and the record of syncs.
public struct DirectoryStore {
  let connection: any DatabaseConnection

  public init(_ connection: any DatabaseConnection) {
    self.connection = connection
  }

  /// The employee linked to a directory entry (DNs compared in their normalized form).
  public func employee(dn: String) throws -> Employee? {
    try connection.queryFirst("SELECT * FROM employees WHERE directory_dn = ?", .text(dn)).map(PeopleStore.employee)
  }

  /// Whether the employee is linked to a directory entry (their password is the directory's).
  public func isLinked(employeeID: String) throws -> Bool {
    try connection.queryFirst(
      "SELECT 1 AS linked FROM employees WHERE id = ? AND directory_dn IS NOT NULL", .text(employeeID)) != nil
  }

  /// The directory entry a person is linked to, if any.
  public func dn(employeeID: String) throws -> String? {
    try connection.queryFirst("SELECT directory_dn FROM employees WHERE id = ?", .text(employeeID))?.optionalString(
      "directory_dn")
  }

  public func link(employeeID: String, dn: String) throws {
    try connection.execute("UPDATE employees SET directory_dn = ? WHERE id = ?", .text(dn), .text(employeeID))
  }

  public func photoHash(employeeID: String) throws -> String? {
    try connection.queryFirst("SELECT directory_photo FROM employees WHERE id = ?", .text(employeeID))?
      .optionalString("directory_photo")
  }

  public func setPhotoHash(_ hash: String?, employeeID: String) throws {
    try connection.execute(
      "UPDATE employees SET directory_photo = ? WHERE id = ?", DatabaseValue(hash), .text(employeeID))
  }

  /// Every employee that came from the directory, with their entry and whether they are active.
  public func linkedPeople() throws -> [(id: String, dn: String, isActive: Bool)] {
    try connection.query("SELECT id, directory_dn, active FROM employees WHERE directory_dn IS NOT NULL").map {
      ($0.string("id"), $0.string("directory_dn"), $0.bool("active"))
    }
  }

  /// Directory settings saved by an admin (JSON), which win over the environment's.
  public func savedSettings() throws -> String? {
    try connection.queryFirst("SELECT settings FROM directory_settings WHERE id = 1")?.optionalString("settings")
  }

  public func saveSettings(_ json: String, at instant: Int64) throws {
    try connection.execute(
      """
      INSERT INTO directory_settings (id, settings, updated_at) VALUES (1, ?, ?)
      ON CONFLICT (id) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at
      """, .text(json), .integer(instant))
  }

  public func deleteSettings() throws {
    try connection.execute("DELETE FROM directory_settings")
  }

  /// What one sync did.
  public struct SyncReport: Hashable, Sendable {
    public var startedAt: Int64
    public var finishedAt: Int64
    public var created = 0
    public var updated = 0
    public var deactivated = 0
    public var unchanged = 0
    public var refused = 0
    /// Why the sync changed nothing, when it failed.
    public var error: String?

    public init(startedAt: Int64, finishedAt: Int64) {
      self.startedAt = startedAt
      self.finishedAt = finishedAt
    }
  }

  public func record(_ report: SyncReport) throws {
    try connection.execute(
      """
      INSERT INTO directory_syncs (started_at, finished_at, created, updated, deactivated, unchanged, refused, error)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        .integer(report.startedAt), .integer(report.finishedAt), .integer(Int64(report.created)),
        .integer(Int64(report.updated)), .integer(Int64(report.deactivated)), .integer(Int64(report.unchanged)),
        .integer(Int64(report.refused)), DatabaseValue(report.error),
      ])
  }

  public func lastSync() throws -> SyncReport? {
    try connection.queryFirst("SELECT * FROM directory_syncs ORDER BY seq DESC LIMIT 1").map {
      var report = SyncReport(
        startedAt: Int64($0.int("started_at")), finishedAt: Int64($0.int("finished_at")))
      report.created = $0.int("created")
      report.updated = $0.int("updated")
      report.deactivated = $0.int("deactivated")
      report.unchanged = $0.int("unchanged")
      report.refused = $0.int("refused")
      report.error = $0.optionalString("error")
      return report
    }
  }
}

import AtriumDomain
import AtriumSQL
import Foundation

/// The campuses and buildings people check in at.
public struct PresencePlacesStore {
  let connection: any DatabaseConnection

  public init(_ connection: any DatabaseConnection) {
    self.connection = connection
  }

  public struct Campus: Sendable, Hashable {
    public var id: String
    public var name: String
    public var timeZone: String
    public var centre: GeoPoint
    public var locationID: String
    public var createdAt: Int64

    public init(id: String, name: String, timeZone: String, centre: GeoPoint, locationID: String, createdAt: Int64) {
      self.id = id
      self.name = name
      self.timeZone = timeZone
      self.centre = centre
      self.locationID = locationID
      self.createdAt = createdAt
    }
  }

  public struct Building: Sendable, Hashable {
    public var id: String
    public var campusID: String
    public var name: String
    public var centre: GeoPoint
    /// Metres.
    public var radius: Double
    public var address: String
    public var floors: [String]
    public var createdAt: Int64

    public init(
      id: String, campusID: String, name: String, centre: GeoPoint, radius: Double, address: String,
      floors: [String], createdAt: Int64
    ) {
      self.id = id
      self.campusID = campusID
      self.name = name
      self.centre = centre
      self.radius = radius
      self.address = address
      self.floors = floors
      self.createdAt = createdAt
    }

    /// The building as the rules see it.
    public var rules: PresenceBuilding {
      PresenceBuilding(id: id, campusID: campusID, centre: centre, radius: radius)
    }
  }

  /// Every campus by name.
  public func campuses() throws -> [Campus] {
    try connection.query("SELECT * FROM presence_campuses ORDER BY name, id").compactMap(Self.campus)
  }

  public func campus(id: String) throws -> Campus? {
    try connection.queryFirst("SELECT * FROM presence_campuses WHERE id = ?", .text(id)).flatMap(Self.campus)
  }

  /// Every building by name.
  public func buildings() throws -> [Building] {
    try connection.query("SELECT * FROM presence_buildings ORDER BY name, id").compactMap(Self.building)
  }

  public func building(id: String) throws -> Building? {
    try connection.queryFirst("SELECT * FROM presence_buildings WHERE id = ?", .text(id)).flatMap(Self.building)
  }

  /// Adds a campus; throws a unique violation when the name is taken.
  public func insert(_ campus: Campus) throws {
    try connection.execute(
      """
      INSERT INTO presence_campuses (id, name, time_zone, latitude, longitude, location_id, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?)
      """, .text(campus.id), .text(campus.name), .text(campus.timeZone), .real(campus.centre.latitude),
      .real(campus.centre.longitude), .text(campus.locationID), .integer(campus.createdAt))
  }

  public func update(_ campus: Campus) throws {
    try connection.execute(
      """
      UPDATE presence_campuses SET name = ?, time_zone = ?, latitude = ?, longitude = ?, location_id = ?
      WHERE id = ?
      """, .text(campus.name), .text(campus.timeZone), .real(campus.centre.latitude), .real(campus.centre.longitude),
      .text(campus.locationID), .text(campus.id))
  }

  /// Removes a campus that has no buildings left.
  public func deleteCampus(id: String) throws {
    try connection.execute("DELETE FROM presence_campuses WHERE id = ?", .text(id))
  }

  public func buildingCount(campusID: String) throws -> Int {
    try connection.queryFirst(
      "SELECT COUNT(*) AS n FROM presence_buildings WHERE campus_id = ?", .text(campusID))?.int("n") ?? 0
  }

  /// Adds a building; throws a unique violation when the name is taken.
  public func insert(_ building: Building) throws {
    try connection.execute(
      """
      INSERT INTO presence_buildings (id, campus_id, name, latitude, longitude, radius_m, address, floors, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
      """, .text(building.id), .text(building.campusID), .text(building.name), .real(building.centre.latitude),
      .real(building.centre.longitude), .real(building.radius), .text(building.address),
      .text(Self.encode(building.floors)), .integer(building.createdAt))
  }

  public func update(_ building: Building) throws {
    try connection.execute(
      """
      UPDATE presence_buildings SET campus_id = ?, name = ?, latitude = ?, longitude = ?, radius_m = ?, address = ?,
        floors = ?
      WHERE id = ?
      """, .text(building.campusID), .text(building.name), .real(building.centre.latitude),
      .real(building.centre.longitude), .real(building.radius), .text(building.address),
      .text(Self.encode(building.floors)), .text(building.id))
  }

  public func deleteBuilding(id: String) throws {
    try connection.execute("DELETE FROM presence_buildings WHERE id = ?", .text(id))
  }

  /// Whether people may check in without a position at their campuses' buildings (off by
  /// default: a position proves they are there).
  public func checkInWithoutPosition() throws -> Bool {
    try connection.queryFirst("SELECT presence_without_position FROM company WHERE id = 1")?
      .bool("presence_without_position") ?? false
  }

  public func setCheckInWithoutPosition(_ allowed: Bool) throws {
    try connection.execute("UPDATE company SET presence_without_position = ? WHERE id = 1", DatabaseValue(allowed))
  }

  private static func encode(_ floors: [String]) -> String {
    (try? JSONEncoder().encode(floors)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
  }

  private static func campus(_ row: DatabaseRow) -> Campus? {
    guard let centre = GeoPoint(latitude: row.double("latitude"), longitude: row.double("longitude")) else {
      return nil
    }
    return Campus(
      id: row.string("id"), name: row.string("name"), timeZone: row.string("time_zone"), centre: centre,
      locationID: row.string("location_id"), createdAt: Int64(row.int("created_at")))
  }

  private static func building(_ row: DatabaseRow) -> Building? {
    guard let centre = GeoPoint(latitude: row.double("latitude"), longitude: row.double("longitude")) else {
      return nil
    }
    let floors = (try? JSONDecoder().decode([String].self, from: Data(row.string("floors").utf8))) ?? []
    return Building(
      id: row.string("id"), campusID: row.string("campus_id"), name: row.string("name"), centre: centre,
      radius: row.double("radius_m"), address: row.string("address"), floors: floors,
      createdAt: Int64(row.int("created_at")))
  }
}

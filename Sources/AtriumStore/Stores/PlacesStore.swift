import AtriumDomain
import AtriumSQL

/// Locations and departments.
public struct PlacesStore {
  let connection: any DatabaseConnection

  public init(_ connection: any DatabaseConnection) {
    self.connection = connection
  }

  // MARK: Locations

  /// One page of locations by name.
  /// - Throws: `InvalidCursor` when `cursor` was not made by this list.
  public func locations(limit: Int, after cursor: String?) throws -> (items: [Location], nextCursor: String?) {
    let rows = try namePage(table: "locations", limit: limit, after: cursor)
    let items = rows.prefix(limit).map(Self.location)
    return (items, rows.count > limit ? items.last.map { Cursor.encode([$0.name, $0.id]) } : nil)
  }

  /// The location with this name, ignoring case.
  public func locationID(named name: String) throws -> String? {
    try connection.queryFirst("SELECT id FROM locations WHERE lower(name) = lower(?)", .text(name))?.string("id")
  }

  /// The department with this name, ignoring case.
  public func departmentID(named name: String) throws -> String? {
    try connection.queryFirst("SELECT id FROM departments WHERE lower(name) = lower(?)", .text(name))?.string("id")
  }

  public func location(id: String) throws -> Location? {
    try connection.fetch(locationFetch(id: id))
  }

  public func locationFetch(id: String) -> Fetch<Location?> {
    Fetch("SELECT * FROM locations WHERE id = ?", .text(id)) { $0.first.map(Self.location) }
  }

  /// Adds a location; throws a unique violation when the name is taken.
  public func insert(_ location: Location) throws {
    try connection.execute(
      "INSERT INTO locations (id, name, time_zone, weekend_days) VALUES (?, ?, ?, ?)",
      .text(location.id), .text(location.name), .text(location.timeZone),
      .text(location.weekendDays.sorted().map { String($0.rawValue) }.joined(separator: ",")))
  }

  public func update(_ location: Location) throws {
    try connection.execute(
      "UPDATE locations SET name = ?, time_zone = ?, weekend_days = ? WHERE id = ?", .text(location.name),
      .text(location.timeZone), .text(location.weekendDays.sorted().map { String($0.rawValue) }.joined(separator: ",")),
      .text(location.id))
  }

  // MARK: Departments

  /// One page of departments by name.
  /// - Throws: `InvalidCursor` when `cursor` was not made by this list.
  public func departments(
    limit: Int, after cursor: String?
  ) throws -> (
    items: [Department], nextCursor: String?
  ) {
    let rows = try namePage(table: "departments", limit: limit, after: cursor)
    let items = rows.prefix(limit).map(Self.department)
    return (items, rows.count > limit ? items.last.map { Cursor.encode([$0.name, $0.id]) } : nil)
  }

  public func department(id: String) throws -> Department? {
    try connection.queryFirst("SELECT * FROM departments WHERE id = ?", .text(id)).map(Self.department)
  }

  /// Adds a department; throws a unique violation when the name is taken.
  public func insert(_ department: Department) throws {
    try connection.execute(
      "INSERT INTO departments (id, name) VALUES (?, ?)", .text(department.id), .text(department.name))
  }

  public func update(_ department: Department) throws {
    try connection.execute("UPDATE departments SET name = ? WHERE id = ?", .text(department.name), .text(department.id))
  }

  /// Removes a department; a foreign key violation while people still belong to it.
  public func deleteDepartment(id: String) throws {
    try connection.execute("DELETE FROM departments WHERE id = ?", .text(id))
  }

  /// Removes a location and its holidays; a foreign key violation while people still work there.
  public func deleteLocation(id: String) throws {
    try connection.execute("DELETE FROM locations WHERE id = ?", .text(id))
  }

  // MARK: Private

  /// Up to `limit + 1` rows after the cursor, so the caller knows whether a next page exists.
  /// `table` is one of this file's literals, never input.
  private func namePage(table: StaticString, limit: Int, after cursor: String?) throws -> [DatabaseRow] {
    guard let cursor else {
      return try connection.query("SELECT * FROM \(table) ORDER BY name, id LIMIT ?", .integer(Int64(limit + 1)))
    }
    guard let key = Cursor.decode(cursor, count: 2) else { throw InvalidCursor() }
    return try connection.query(
      "SELECT * FROM \(table) WHERE name > ? OR (name = ? AND id > ?) ORDER BY name, id LIMIT ?",
      .text(key[0]), .text(key[0]), .text(key[1]), .integer(Int64(limit + 1)))
  }

  private static func location(_ row: DatabaseRow) -> Location {
    let weekend = row.string("weekend_days").split(separator: ",").compactMap { Int($0).flatMap(Weekday.init) }
    return Location(
      id: row.string("id"), name: row.string("name"), timeZone: row.string("time_zone"),
      weekendDays: Set(weekend))
  }

  private static func department(_ row: DatabaseRow) -> Department {
    Department(id: row.string("id"), name: row.string("name"))
  }
}

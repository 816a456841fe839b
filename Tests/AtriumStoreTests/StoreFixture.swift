import AtriumDomain
import AtriumSQL
import AtriumStore

/// The smallest company a store's test needs: a department `d`, a location `l` (Madrid, in
/// UTC), Eva (`e`) in both, and a leave type `t` ("Sabbatical").
enum StoreFixture {
  static func eva(on connection: any DatabaseConnection) throws {
    try connection.execute("INSERT INTO departments (id, name) VALUES ('d', 'Ventas')")
    try connection.execute(
      "INSERT INTO locations (id, name, time_zone, weekend_days) VALUES ('l', 'Madrid', 'UTC', '6,7')")
    try PeopleStore(connection).insert(
      Employee(
        id: "e", username: "eva", email: "eva@example.com", firstName: "Eva", lastName: "Vidal", departmentID: "d",
        locationID: "l"))
    try LeaveSettingsStore(connection).insert(LeaveType(id: "t", name: "Sabbatical"))
  }
}

extension StoreFixture {
  /// Writes into a database made with the migrations before 51 through today's stores, whose
  /// request rows name the requester's manager (migration 51's column): the column is there
  /// for the writes and dropped after, so the database is the old schema again, with rows as
  /// the stores write them.
  static func writeBeforeTeams(_ database: SQLiteDatabase, _ body: (any DatabaseConnection) throws -> Void) throws {
    try database.write { connection in
      try connection.execute("ALTER TABLE leave_requests ADD COLUMN manager_id TEXT")
      try body(connection)
      try connection.execute("ALTER TABLE leave_requests DROP COLUMN manager_id")
    }
  }
}

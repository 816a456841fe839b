extension Schema {
  /// Presence: the campuses and buildings people check in at.
  static let presence: [Migration] = [
    Migration(
      version: 31, name: "campuses and buildings",
      sql: [
        // A campus belongs to a company location: a person's campuses are their location's.
        // Its time zone says when a check-in there ends (local midnight).
        """
        CREATE TABLE presence_campuses (
          id TEXT PRIMARY KEY,
          name TEXT NOT NULL UNIQUE,
          time_zone TEXT NOT NULL,
          latitude DOUBLE PRECISION NOT NULL,
          longitude DOUBLE PRECISION NOT NULL,
          location_id TEXT NOT NULL REFERENCES locations(id),
          created_at BIGINT NOT NULL)
        """,
        "CREATE INDEX presence_campuses_location ON presence_campuses (location_id)",
        // A building is a circle (centre and radius in metres); `floors` is a JSON array of names.
        """
        CREATE TABLE presence_buildings (
          id TEXT PRIMARY KEY,
          campus_id TEXT NOT NULL REFERENCES presence_campuses(id),
          name TEXT NOT NULL UNIQUE,
          latitude DOUBLE PRECISION NOT NULL,
          longitude DOUBLE PRECISION NOT NULL,
          radius_m DOUBLE PRECISION NOT NULL CHECK (radius_m >= 50 AND radius_m <= 2000),
          address TEXT NOT NULL DEFAULT '',
          floors TEXT NOT NULL DEFAULT '[]',
          created_at BIGINT NOT NULL)
        """,
        "CREATE INDEX presence_buildings_campus ON presence_buildings (campus_id)",
        // Whether people may check in at their campuses' buildings without a position (a desktop).
        "ALTER TABLE company ADD COLUMN presence_without_position INTEGER NOT NULL DEFAULT 0",
      ])
  ]
}

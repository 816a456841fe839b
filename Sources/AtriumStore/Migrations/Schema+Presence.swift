extension Schema {
  /// Presence: the campuses and buildings people check in at, their check-ins, their sharing
  /// and their mates.
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
      ]),
    Migration(
      version: 32, name: "check-ins, presence settings and mates",
      sql: [
        // A check-in is open until `ended_at` is set (a check-out, a newer check-in, a device's
        // exit) or `ends_at` passes (the building's local midnight, or 12 hours). Kept 30 days.
        """
        CREATE TABLE presence_checkins (
          id TEXT PRIMARY KEY,
          employee_id TEXT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
          building_id TEXT NOT NULL REFERENCES presence_buildings(id) ON DELETE CASCADE,
          method TEXT NOT NULL CHECK (method IN ('nearby', 'without-position', 'automatic')),
          checked_in_at BIGINT NOT NULL,
          ends_at BIGINT NOT NULL,
          ended_at BIGINT,
          ended_by TEXT CHECK (ended_by IN ('checkout', 'replaced', 'automatic')))
        """,
        "CREATE INDEX presence_checkins_person ON presence_checkins (employee_id, checked_in_at)",
        "CREATE INDEX presence_checkins_building ON presence_checkins (building_id, checked_in_at)",
        "CREATE INDEX presence_checkins_age ON presence_checkins (checked_in_at)",
        // Nobody's check-ins are shown until they choose (privacy by default); `outside_since`
        // is the automatic check-out's first fix clearly outside.
        """
        CREATE TABLE presence_settings (
          employee_id TEXT PRIMARY KEY REFERENCES employees(id) ON DELETE CASCADE,
          sharing TEXT NOT NULL DEFAULT 'off' CHECK (sharing IN ('off', 'mates', 'everyone')),
          automatic INTEGER NOT NULL DEFAULT 0,
          outside_since BIGINT)
        """,
        // The people each person keeps as mates; seeing a mate needs each to have added the other.
        """
        CREATE TABLE presence_mates (
          employee_id TEXT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
          mate_id TEXT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
          added_at BIGINT NOT NULL,
          PRIMARY KEY (employee_id, mate_id))
        """,
        "CREATE INDEX presence_mates_mate ON presence_mates (mate_id)",
      ]),
  ]
}

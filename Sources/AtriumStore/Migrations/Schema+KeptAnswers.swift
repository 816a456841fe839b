extension Schema {
  /// Versions that let an instance answer a hot read from what it made before, after one read
  /// by key that says whether anything it was made from has changed.
  static let keptAnswers: [Migration] = [
    Migration(
      version: 53, name: "each person's leave has a version that moves with every change of their requests or totals",
      sql: [
        // A year view (`/me/leave`, a person's year, the time-off page, Home) is made from the
        // person's requests and their totals per year (`leave_balances`). Any change of either,
        // by any path and on any instance, draws the person's version again in the same
        // transaction, so an instance keeps each year it made under the version it read first
        // and uses it while the version reads the same (`KeptLeaveYears`). A random number
        // rather than a count: a database restored from a backup cannot bring back a number an
        // instance has seen for other rows. A person without a row has no version
        // (`LeaveVersionStore`), which no number equals. No foreign key: a person's requests
        // and totals are deleted before the person, and their deletes write this row.
        .differing(
          sqlite: "CREATE TABLE leave_versions (employee_id TEXT PRIMARY KEY, version BIGINT NOT NULL) WITHOUT ROWID",
          postgres: "CREATE TABLE leave_versions (employee_id TEXT PRIMARY KEY, version BIGINT NOT NULL)"),
        .differing(
          sqlite: nil,
          postgres: """
            CREATE FUNCTION atrium_leave_version_moved() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              IF TG_OP <> 'INSERT' THEN
                INSERT INTO leave_versions (employee_id, version)
                VALUES (OLD.employee_id, \(postgresRandomVersion))
                ON CONFLICT (employee_id) DO UPDATE SET version = EXCLUDED.version;
              END IF;
              IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.employee_id IS DISTINCT FROM OLD.employee_id) THEN
                INSERT INTO leave_versions (employee_id, version)
                VALUES (NEW.employee_id, \(postgresRandomVersion))
                ON CONFLICT (employee_id) DO UPDATE SET version = EXCLUDED.version;
              END IF;
              RETURN NULL;
            END $$
            """),
      ]
        + ["leave_requests", "leave_balances"].flatMap { table -> [MigrationStatement] in
          [
            .differing(
              sqlite: nil,
              postgres: """
                CREATE TRIGGER \(table)_leave_version AFTER INSERT OR UPDATE OR DELETE ON \(table)
                FOR EACH ROW EXECUTE FUNCTION atrium_leave_version_moved()
                """)
          ]
            + [("insert", "NEW"), ("update", "OLD"), ("update_new", "NEW"), ("delete", "OLD")].map { name, row in
              // SQLite has no statement-level trigger and no procedural language: a trigger for
              // each event; an update draws again for the row's person before and after.
              let event = name == "update_new" ? "UPDATE" : name.uppercased()
              let differs = name == "update_new" ? " WHEN NEW.employee_id IS NOT OLD.employee_id" : ""
              return .differing(
                sqlite: """
                  CREATE TRIGGER \(table)_leave_version_\(name) AFTER \(event) ON \(table)\(differs)
                  BEGIN
                    INSERT INTO leave_versions (employee_id, version) VALUES (\(row).employee_id, random())
                    ON CONFLICT (employee_id) DO UPDATE SET version = excluded.version;
                  END
                  """,
                postgres: nil)
            }
        })
  ]

  /// A random number in PostgreSQL, from 53 random bits (its `random()` is a double in [0, 1)).
  private static let postgresRandomVersion = "(random() * 9007199254740991)::bigint"
}

extension Schema {
  /// Office sensors: the `facilities` permission, rooms, sensors and their readings at three resolutions, the readings
  /// refused, and alert rules with their state per sensor, subscribers and history.
  static let sensors: [Migration] = [
    Migration(
      version: 34, name: "rooms, sensors, readings and alert rules",
      sql: [
        // Permissions an admin grants independent of role (`facilities`: sensors and rooms),
        // comma-separated, read with the person's row.
        "ALTER TABLE employees ADD COLUMN permissions TEXT NOT NULL DEFAULT ''",
        // `name_key` is the lowercased name: one room of a name per building.
        """
        CREATE TABLE rooms (
          id TEXT PRIMARY KEY,
          name TEXT NOT NULL,
          name_key TEXT NOT NULL,
          building_id TEXT REFERENCES presence_buildings(id) ON DELETE SET NULL,
          floor TEXT,
          created_at BIGINT NOT NULL)
        """,
        "CREATE UNIQUE INDEX rooms_name ON rooms (building_id, name_key)",
        // A sensor's id is also its broker account; `kinds` is a comma-separated list.
        // `interval_seconds` is how often it usually reads (silent after three of them).
        """
        CREATE TABLE sensors (
          id TEXT PRIMARY KEY,
          name TEXT NOT NULL,
          room_id TEXT NOT NULL REFERENCES rooms(id),
          kinds TEXT NOT NULL,
          interval_seconds INTEGER NOT NULL DEFAULT 60,
          last_seen_at BIGINT,
          created_by TEXT NOT NULL,
          created_at BIGINT NOT NULL)
        """,
        "CREATE INDEX sensors_room ON sensors (room_id)",
        // The last value of each kind, kept with each batch (what lists show).
        """
        CREATE TABLE sensor_last (
          sensor_id TEXT NOT NULL REFERENCES sensors(id) ON DELETE CASCADE,
          kind TEXT NOT NULL,
          value DOUBLE PRECISION NOT NULL,
          at BIGINT NOT NULL,
          PRIMARY KEY (sensor_id, kind))
        """,
        // Raw readings, kept 48 hours; `at` is when the server received it.
        """
        CREATE TABLE sensor_readings (
          sensor_id TEXT NOT NULL,
          kind TEXT NOT NULL,
          at BIGINT NOT NULL,
          value DOUBLE PRECISION NOT NULL)
        """,
        "CREATE INDEX sensor_readings_series ON sensor_readings (sensor_id, kind, at)",
        "CREATE INDEX sensor_readings_age ON sensor_readings (at)",
        // One-minute buckets (kept 90 days) and daily ones (kept for years): the mean is
        // sum / count, so a bucket is updated by adding, never by reading it back.
        """
        CREATE TABLE sensor_minutes (
          sensor_id TEXT NOT NULL,
          kind TEXT NOT NULL,
          minute BIGINT NOT NULL,
          low DOUBLE PRECISION NOT NULL,
          high DOUBLE PRECISION NOT NULL,
          total DOUBLE PRECISION NOT NULL,
          count BIGINT NOT NULL,
          PRIMARY KEY (sensor_id, kind, minute))
        """,
        "CREATE INDEX sensor_minutes_age ON sensor_minutes (minute)",
        """
        CREATE TABLE sensor_days (
          sensor_id TEXT NOT NULL,
          kind TEXT NOT NULL,
          day BIGINT NOT NULL,
          low DOUBLE PRECISION NOT NULL,
          high DOUBLE PRECISION NOT NULL,
          total DOUBLE PRECISION NOT NULL,
          count BIGINT NOT NULL,
          PRIMARY KEY (sensor_id, kind, day))
        """,
        // Readings refused, counted per sensor and reason (never stored).
        """
        CREATE TABLE sensor_refusals (
          sensor_id TEXT NOT NULL,
          reason TEXT NOT NULL,
          count BIGINT NOT NULL,
          last_at BIGINT NOT NULL,
          PRIMARY KEY (sensor_id, reason))
        """,
        """
        CREATE TABLE alert_templates (
          id TEXT PRIMARY KEY,
          name TEXT NOT NULL,
          kind TEXT NOT NULL,
          comparison TEXT NOT NULL,
          default_threshold DOUBLE PRECISION NOT NULL,
          min_threshold DOUBLE PRECISION NOT NULL,
          max_threshold DOUBLE PRECISION NOT NULL,
          min_cooldown_seconds INTEGER NOT NULL,
          default_for_seconds INTEGER NOT NULL)
        """,
        // A rule watches one sensor, every sensor of a room, or of a building (`scope`).
        """
        CREATE TABLE alert_rules (
          id TEXT PRIMARY KEY,
          template_id TEXT NOT NULL REFERENCES alert_templates(id),
          kind TEXT NOT NULL,
          scope TEXT NOT NULL,
          scope_id TEXT NOT NULL,
          comparison TEXT NOT NULL,
          threshold DOUBLE PRECISION NOT NULL,
          for_seconds INTEGER NOT NULL,
          hysteresis DOUBLE PRECISION NOT NULL,
          cooldown_seconds INTEGER NOT NULL,
          label TEXT NOT NULL,
          enabled INTEGER NOT NULL DEFAULT 1,
          created_by TEXT NOT NULL,
          created_at BIGINT NOT NULL)
        """,
        "CREATE INDEX alert_rules_scope ON alert_rules (scope, scope_id)",
        // The state machine per (rule, sensor), so a restart changes nothing.
        """
        CREATE TABLE alert_states (
          rule_id TEXT NOT NULL REFERENCES alert_rules(id) ON DELETE CASCADE,
          sensor_id TEXT NOT NULL REFERENCES sensors(id) ON DELETE CASCADE,
          phase TEXT NOT NULL,
          since BIGINT,
          last_notified_at BIGINT,
          last_value DOUBLE PRECISION,
          PRIMARY KEY (rule_id, sensor_id))
        """,
        "CREATE INDEX alert_states_pending ON alert_states (phase)",
        // Who is told when a rule fires: a rule, or every rule on a room's sensors.
        """
        CREATE TABLE alert_subscriptions (
          employee_id TEXT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
          target TEXT NOT NULL,
          target_id TEXT NOT NULL,
          created_at BIGINT NOT NULL,
          PRIMARY KEY (employee_id, target, target_id))
        """,
        "CREATE INDEX alert_subscriptions_target ON alert_subscriptions (target, target_id)",
        // Firings and resolutions, shown on the sensor's page.
        """
        CREATE TABLE alert_events (
          id TEXT PRIMARY KEY,
          rule_id TEXT NOT NULL,
          sensor_id TEXT NOT NULL,
          event TEXT NOT NULL,
          value DOUBLE PRECISION,
          at BIGINT NOT NULL)
        """,
        "CREATE INDEX alert_events_sensor ON alert_events (sensor_id, at)",
      ]),
    Migration(
      version: 35, name: "sensor registration keys and the default alert templates",
      sql: [
        // The `Idempotency-Key` a sensor was registered with, per person: a retried
        // registration finds its sensor instead of making a second (its answer holds a
        // password, which the server never keeps, so it is not replayed but issued anew).
        "ALTER TABLE sensors ADD COLUMN registration_key TEXT",
        "CREATE UNIQUE INDEX sensors_registration ON sensors (created_by, registration_key)",
        """
        INSERT INTO alert_templates (id, name, kind, comparison, default_threshold, min_threshold, max_threshold,
          min_cooldown_seconds, default_for_seconds) VALUES
          ('noise-above', 'Noise above', 'noise', '>', 70, 40, 120, 300, 60),
          ('co2-above', 'CO₂ above', 'co2', '>', 1200, 600, 5000, 300, 300),
          ('temperature-above', 'Temperature above', 'temperature', '>', 27, 15, 40, 600, 600),
          ('temperature-below', 'Temperature below', 'temperature', '<', 18, 5, 25, 600, 600)
        """,
      ]),
  ]
}

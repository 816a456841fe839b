import AtriumSQL
import AtriumServices
import AtriumStore
import AtriumTestSupport
import Testing

/// The sensors' retention job deletes every raw reading older than 48 hours and every minute
/// bucket older than 90 days, however many came in since its last run, a batch per write;
/// newer rows stay. A run stops after its batches, and the next one goes on.
@Suite struct SensorRetentionJobTests {
  static let (oldReadings, newReadings, oldMinutes, newMinutes) = (12_500, 50, 2_600, 10)

  @Test func oneRunDeletesEveryRowPastItsAgeWhateverTheirNumber() throws {
    let app = try TestApp()
    let now = app.clock.now.milliseconds
    try Self.fill(app, now: now)
    let deleted = try SensorRetention.run(on: app.database, now: now, batch: 1_000)
    #expect(deleted == Self.oldReadings + Self.oldMinutes)
    #expect(try Self.counts(app) == [Self.newReadings, Self.newMinutes])
    #expect(try SensorRetention.run(on: app.database, now: now, batch: 1_000) == 0)
  }

  @Test func aRunStopsAfterItsBatchesAndTheNextGoesOn() throws {
    let app = try TestApp()
    let now = app.clock.now.milliseconds
    try Self.fill(app, now: now)
    // Three writes of up to 1,000 rows of each table: 3,000 readings, all 2,600 buckets.
    #expect(try SensorRetention.run(on: app.database, now: now, batch: 1_000, batches: 3) == 3_000 + Self.oldMinutes)
    #expect(try Self.counts(app) == [Self.oldReadings - 3_000 + Self.newReadings, Self.newMinutes])
    #expect(try SensorRetention.run(on: app.database, now: now) == Self.oldReadings - 3_000)
    #expect(try Self.counts(app) == [Self.newReadings, Self.newMinutes])
  }

  /// Rows just past their age and just within it, each at an instant of its own.
  private static func fill(_ app: TestApp, now: Int64) throws {
    let rawAge = now - 2 * SensorReadingStore.day
    let minuteAge = now - 90 * SensorReadingStore.day
    try app.database.write { connection in
      for (count, newest) in [(oldReadings, rawAge - 1), (newReadings, rawAge + 60_000)] {
        try connection.execute(
          """
          WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
          INSERT INTO sensor_readings (sensor_id, kind, at, value) SELECT 'probe', 'co2', ? - i, 412.5 FROM n
          """, .integer(Int64(count)), .integer(newest + 1))
      }
      for (count, newest) in [(oldMinutes, minuteAge - SensorReadingStore.minute), (newMinutes, minuteAge + 3_600_000)]
      {
        try connection.execute(
          """
          WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
          INSERT INTO sensor_minutes (sensor_id, kind, minute, low, high, total, count)
          SELECT 'probe', 'co2', ? - i * 60000, 400, 420, 4100, 10 FROM n
          """, .integer(Int64(count)), .integer(newest + SensorReadingStore.minute))
      }
    }
    #expect(try counts(app) == [oldReadings + newReadings, oldMinutes + newMinutes])
  }

  private static func counts(_ app: TestApp) throws -> [Int] {
    try app.database.read { connection in
      try ["sensor_readings", "sensor_minutes"].map { table in
        try connection.queryFirst("SELECT COUNT(*) AS n FROM \(table)")?.int("n") ?? -1
      }
    }
  }
}

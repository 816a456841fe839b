import AtriumDomain
import AtriumSQL

/// Sensors' readings: raw rows for 48 hours, one-minute and daily buckets (min, max, sum and
/// count, so a bucket is updated by adding), the last value of each kind, when each sensor was
/// last seen, and the refusals counted per sensor and reason.
public struct SensorReadingStore {
  let connection: any DatabaseConnection

  public init(_ connection: any DatabaseConnection) {
    self.connection = connection
  }

  public static let minute: Int64 = 60_000
  public static let day: Int64 = 86_400_000

  /// A bucket of readings: its start (milliseconds), lowest, highest, sum and count.
  public struct Bucket: Sendable, Hashable {
    public let start: Int64
    public let low: Double
    public let high: Double
    public let total: Double
    public let count: Int

    public var mean: Double { count > 0 ? total / Double(count) : 0 }

    public init(start: Int64, low: Double, high: Double, total: Double, count: Int) {
      self.start = start
      self.low = low
      self.high = high
      self.total = total
      self.count = count
    }

    func adding(_ value: Double) -> Bucket {
      Bucket(start: start, low: min(low, value), high: max(high, value), total: total + value, count: count + 1)
    }
  }

  /// Writes one interval's worth of readings and refusals (the caller's transaction). Those of
  /// a sensor deleted meanwhile (here or on another instance) are dropped, so one deletion
  /// never makes a whole batch fail on its foreign key, again at every retry.
  /// - Parameters:
  ///   - readings: Per sensor id, what it sent, in the order received.
  ///   - instant: When the interval ended (the refusals' "last at").
  public func keep(
    _ readings: [String: [SensorReading]], refused: [String: [ReadingRefusal]], at instant: Int64
  )
    throws
  {
    let existing = try registered(Set(readings.keys).union(refused.keys))
    let readings = readings.filter { existing.contains($0.key) }
    let refused = refused.filter { existing.contains($0.key) }
    var raw: [[DatabaseValue]] = []
    var minutes: [BucketKey: Bucket] = [:]
    var days: [BucketKey: Bucket] = [:]
    var last: [String: [SensorKind: SensorReading]] = [:]
    for (sensor, list) in readings {
      for reading in list {
        raw.append([.text(sensor), .text(reading.kind.rawValue), .integer(reading.at), .real(reading.value)])
        Self.add(reading, of: sensor, span: Self.minute, to: &minutes)
        Self.add(reading, of: sensor, span: Self.day, to: &days)
        if (last[sensor]?[reading.kind]?.at ?? .min) <= reading.at {
          last[sensor, default: [:]][reading.kind] = reading
        }
      }
    }
    for chunk in stride(from: 0, to: raw.count, by: 200).map({ Array(raw[$0..<min($0 + 200, raw.count)]) }) {
      _ = try connection.execute(
        "INSERT INTO sensor_readings (sensor_id, kind, at, value) VALUES "
          + Array(repeating: "(?, ?, ?, ?)", count: chunk.count).joined(separator: ", "), chunk.flatMap { $0 })
    }
    try add(minutes, to: "sensor_minutes", column: "minute")
    try add(days, to: "sensor_days", column: "day")
    try insert(
      last.flatMap { sensor, kinds in
        kinds.map { kind, reading -> [DatabaseValue] in
          [.text(sensor), .text(kind.rawValue), .real(reading.value), .integer(reading.at)]
        }
      }, into: "sensor_last (sensor_id, kind, value, at)",
      then: """
        ON CONFLICT (sensor_id, kind) DO UPDATE SET value = excluded.value, at = excluded.at
        WHERE excluded.at >= sensor_last.at
        """)
    for (sensor, list) in readings {
      guard let seen = list.map(\.at).max() else { continue }
      _ = try connection.execute(
        "UPDATE sensors SET last_seen_at = ? WHERE id = ? AND (last_seen_at IS NULL OR last_seen_at < ?)",
        .integer(seen), .text(sensor), .integer(seen))
    }
    try count(refused, at: instant)
  }

  /// The last values received after `instant`, every sensor's (what live pages are sent).
  public func lastValues(after instant: Int64) throws -> [(sensorID: String, reading: SensorReading)] {
    try connection.query("SELECT sensor_id, kind, value, at FROM sensor_last WHERE at > ?", .integer(instant))
      .compactMap { row in
        guard let kind = SensorKind(rawValue: row.string("kind")) else { return nil }
        return (
          row.string("sensor_id"), SensorReading(kind: kind, value: row.double("value"), at: Int64(row.int("at")))
        )
      }
  }

  /// Which of `sensorIDs` are registered now.
  func registered(_ sensorIDs: Set<String>) throws -> Set<String> {
    guard !sensorIDs.isEmpty else { return [] }
    let ids = Array(sensorIDs)
    return Set(
      try connection.query(
        "SELECT id FROM sensors WHERE id IN (" + Array(repeating: "?", count: ids.count).joined(separator: ", ") + ")",
        ids.map { .text($0) }
      ).map { $0.string("id") })
  }

  /// The last value of each kind of each of `sensorIDs`.
  public func lastValues(of sensorIDs: [String]) throws -> [String: [SensorKind: SensorReading]] {
    guard !sensorIDs.isEmpty else { return [:] }
    var values: [String: [SensorKind: SensorReading]] = [:]
    for row in try connection.query(
      "SELECT sensor_id, kind, value, at FROM sensor_last WHERE sensor_id IN ("
        + Array(repeating: "?", count: sensorIDs.count).joined(separator: ", ") + ")", sensorIDs.map { .text($0) })
    {
      guard let kind = SensorKind(rawValue: row.string("kind")) else { continue }
      values[row.string("sensor_id"), default: [:]][kind] = SensorReading(
        kind: kind, value: row.double("value"), at: Int64(row.int("at")))
    }
    return values
  }

  /// Minute buckets of one kind of one sensor from `start` on (a sparkline never reads raw rows).
  public func minutes(sensorID: String, kind: SensorKind, from start: Int64) throws -> [Bucket] {
    try connection.query(
      """
      SELECT minute AS start, low, high, total, count FROM sensor_minutes
      WHERE sensor_id = ? AND kind = ? AND minute >= ? ORDER BY minute
      """, .text(sensorID), .text(kind.rawValue), .integer(start)
    ).map(Self.bucket)
  }

  /// One kind's minute buckets of a sensor from `start` on, merged into steps of `step`
  /// milliseconds (a week reads 10,080 minute rows and answers 168 points).
  public func series(sensorID: String, kind: SensorKind, from start: Int64, step: Int64) throws -> [Bucket] {
    try connection.query(
      """
      SELECT (minute / ?) * ? AS start, MIN(low) AS low, MAX(high) AS high, SUM(total) AS total,
        CAST(SUM(count) AS BIGINT) AS count
      FROM sensor_minutes WHERE sensor_id = ? AND kind = ? AND minute >= ? GROUP BY start ORDER BY start
      """, .integer(step), .integer(step), .text(sensorID), .text(kind.rawValue), .integer(start)
    ).map(Self.bucket)
  }

  /// Everything kept of a deleted sensor's readings, at every resolution.
  public func forget(sensorID: String) throws {
    for table in ["sensor_readings", "sensor_minutes", "sensor_days", "sensor_refusals", "sensor_last"] {
      _ = try connection.execute("DELETE FROM \(table) WHERE sensor_id = ?", .text(sensorID))
    }
  }

  /// Every sensor's refusals, by sensor and reason (one query for a whole list).
  public func refusals() throws -> [String: [ReadingRefusal: Int]] {
    var counts: [String: [ReadingRefusal: Int]] = [:]
    for row in try connection.query("SELECT sensor_id, reason, count FROM sensor_refusals") {
      if let reason = ReadingRefusal(rawValue: row.string("reason")) {
        counts[row.string("sensor_id"), default: [:]][reason] = row.int("count")
      }
    }
    return counts
  }

  /// The refusals counted for a sensor, by reason.
  public func refusals(sensorID: String) throws -> [ReadingRefusal: Int] {
    var counts: [ReadingRefusal: Int] = [:]
    for row in try connection.query("SELECT reason, count FROM sensor_refusals WHERE sensor_id = ?", .text(sensorID)) {
      if let reason = ReadingRefusal(rawValue: row.string("reason")) { counts[reason] = row.int("count") }
    }
    return counts
  }

  /// Deletes up to `limit` rows older than their retention (raw readings 48 hours, minute
  /// buckets 90 days) per table, so a retention job never holds the writer for long.
  /// - Returns: How many rows went.
  @discardableResult
  public func purge(now: Int64, limit: Int = 5_000) throws -> Int {
    let rawBefore = now - 2 * Self.day
    let minutesBefore = now - 90 * Self.day
    let raw = try connection.execute(
      """
      DELETE FROM sensor_readings WHERE at IN (
        SELECT at FROM sensor_readings WHERE at < ? ORDER BY at LIMIT ?)
      """, .integer(rawBefore), .integer(Int64(limit)))
    let minutes = try connection.execute(
      """
      DELETE FROM sensor_minutes WHERE minute IN (
        SELECT minute FROM sensor_minutes WHERE minute < ? ORDER BY minute LIMIT ?)
      """, .integer(minutesBefore), .integer(Int64(limit)))
    return raw + minutes
  }

  // MARK: Writing buckets

  struct BucketKey: Hashable {
    let sensor: String
    let kind: SensorKind
    let start: Int64
  }

  /// Adds a reading to its bucket of `span` milliseconds.
  static func add(_ reading: SensorReading, of sensor: String, span: Int64, to buckets: inout [BucketKey: Bucket]) {
    let start = reading.at - reading.at % span
    let key = BucketKey(sensor: sensor, kind: reading.kind, start: start)
    let empty = Bucket(start: start, low: reading.value, high: reading.value, total: 0, count: 0)
    buckets[key] = (buckets[key] ?? empty).adding(reading.value)
  }

  private func add(_ buckets: [BucketKey: Bucket], to table: String, column: String) throws {
    try insert(
      buckets.map { key, bucket in
        [
          .text(key.sensor), .text(key.kind.rawValue), .integer(key.start), .real(bucket.low), .real(bucket.high),
          .real(bucket.total), .integer(Int64(bucket.count)),
        ]
      }, into: "\(table) (sensor_id, kind, \(column), low, high, total, count)",
      then: """
        ON CONFLICT (sensor_id, kind, \(column)) DO UPDATE SET
          low = CASE WHEN excluded.low < \(table).low THEN excluded.low ELSE \(table).low END,
          high = CASE WHEN excluded.high > \(table).high THEN excluded.high ELSE \(table).high END,
          total = \(table).total + excluded.total,
          count = \(table).count + excluded.count
        """)
  }

  /// Inserts rows 100 to a statement: a batch's buckets and last values are a handful of
  /// statements, not one per row (each key appears once in a batch, as both engines' upserts
  /// need).
  private func insert(_ rows: [[DatabaseValue]], into target: String, then clause: String) throws {
    guard let width = rows.first?.count else { return }
    let shape = "(" + Array(repeating: "?", count: width).joined(separator: ", ") + ")"
    for start in stride(from: 0, to: rows.count, by: 100) {
      let chunk = rows[start..<min(start + 100, rows.count)]
      _ = try connection.execute(
        "INSERT INTO \(target) VALUES " + Array(repeating: shape, count: chunk.count).joined(separator: ", ") + " "
          + clause, chunk.flatMap { $0 })
    }
  }

  private func count(_ refused: [String: [ReadingRefusal]], at instant: Int64) throws {
    for (sensor, reasons) in refused {
      for (reason, times) in Dictionary(grouping: reasons, by: { $0 }).mapValues(\.count) {
        _ = try connection.execute(
          """
          INSERT INTO sensor_refusals (sensor_id, reason, count, last_at) VALUES (?, ?, ?, ?)
          ON CONFLICT (sensor_id, reason) DO UPDATE SET
            count = sensor_refusals.count + excluded.count, last_at = excluded.last_at
          """, .text(sensor), .text(reason.rawValue), .integer(Int64(times)), .integer(instant))
      }
    }
  }

  static func bucket(_ row: DatabaseRow) -> Bucket {
    Bucket(
      start: Int64(row.int("start")), low: row.double("low"), high: row.double("high"), total: row.double("total"),
      count: row.int("count"))
  }
}

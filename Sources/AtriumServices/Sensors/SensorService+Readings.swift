import AtriumAPI
import AtriumDomain
import AtriumSQL
import AtriumStore
import Foundation

/// A sensor's series, sparkline and alert history: all read from buckets and events, never
/// from raw readings.
extension SensorService {
  package func series(id: String, range: SeriesRange) throws -> SensorSeriesBody {
    let start = range.start(endingAt: environment.now().milliseconds)
    return try environment.database.read { connection in
      let sensor = try Self.sensor(id, connection)
      let readings = SensorReadingStore(connection)
      var kinds: [String: [SeriesPoint]] = [:]
      for kind in sensor.kinds {
        kinds[kind.rawValue] = try readings.series(sensorID: id, kind: kind, from: start, step: range.step).map {
          SeriesPoint(at: Instant.text($0.start), min: $0.low, max: $0.high, mean: $0.mean, count: $0.count)
        }
      }
      return SensorSeriesBody(
        sensorId: id, range: range, stepSec: Int(range.step / 1000), from: Instant.text(start), kinds: kinds)
    }
  }

  /// The last 24 hours of one kind (the sensor's first, by name, unless asked) as SVG.
  package func sparkline(id: String, kind: SensorKind?) throws -> String {
    let now = environment.now().milliseconds
    return try environment.database.read { connection in
      let sensor = try Self.sensor(id, connection)
      guard let kind = kind ?? sensor.kinds.min(by: { $0.rawValue < $1.rawValue }), sensor.kinds.contains(kind) else {
        throw Problem.badRequest(.sensor(.sensorDoesNotMeasure(kind: kind?.rawValue ?? "")))
      }
      return try Self.sparkline(sensor, kind: kind, endingAt: now, connection)
    }
  }

  /// Each sensor's 24-hour sparkline of its first kind (the web's tiles).
  package func sparklines(of list: [SensorBody]) throws -> [String: String] {
    let now = environment.now().milliseconds
    return try environment.database.read { connection in
      let stored = Dictionary(uniqueKeysWithValues: try SensorStore(connection).sensors().map { ($0.id, $0) })
      var lines: [String: String] = [:]
      for sensor in list {
        guard let row = stored[sensor.id], let kind = sensor.kinds.first else { continue }
        lines[sensor.id] = try Self.sparkline(row, kind: kind, endingAt: now, connection)
      }
      return lines
    }
  }

  /// A wide chart per kind of a sensor over the range (the web's sensor page).
  package func charts(id: String, range: SeriesRange) throws -> [(kind: SensorKind, svg: String)] {
    let now = environment.now().milliseconds
    return try environment.database.read { connection in
      let sensor = try Self.sensor(id, connection)
      return try sensor.kinds.sorted { $0.rawValue < $1.rawValue }.map { kind in
        (kind, try Self.sparkline(sensor, kind: kind, range: range, endingAt: now, width: 600, height: 120, connection))
      }
    }
  }

  /// The viewer's office's time zone, for the clock times the sensors' pages show.
  package func timeZone(of principal: Principal) throws -> TimeZone {
    let locationID = principal.employee.locationID
    let zone = try environment.recall(\.timeZones, locationID) {
      try environment.database.read { try PlacesStore($0).location(id: locationID)?.timeZone }
    }
    return zone.map(LeaveContext.zone(named:)) ?? .gmt
  }

  /// One kind's line over a range ending now, from the minute buckets: the API's sparkline and
  /// the web's tiles (a day, small) and charts (a day or a week, wide).
  package static func sparkline(
    _ sensor: SensorStore.Sensor, kind: SensorKind, range: SeriesRange = .day, endingAt now: Int64,
    width: Int = 120, height: Int = 32, _ connection: any DatabaseConnection
  ) throws -> String {
    let start = range.start(endingAt: now)
    let count = Int(range.span / range.step)
    var points: [Double?] = Array(repeating: nil, count: count)
    for bucket in try SensorReadingStore(connection).series(
      sensorID: sensor.id, kind: kind, from: start, step: range.step)
    {
      let index = Int((bucket.start - start) / range.step)
      if points.indices.contains(index) { points[index] = bucket.mean }
    }
    return Sparkline(points: points, width: width, height: height).svg(
      label: "\(sensor.name): \(kind.rawValue), \(range == .day ? "24 h" : "7 days")")
  }

  /// The sensor's latest firings and resolutions, newest first (50 at most).
  package func alertHistory(id: String) throws -> Page<AlertEventBody> {
    try environment.database.read { connection in
      _ = try Self.sensor(id, connection)
      let alerts = SensorAlertStore(connection)
      let labels = Dictionary(uniqueKeysWithValues: try alerts.rules().map { ($0.id, $0.label) })
      return Page(
        items: try alerts.events(sensor: id, limit: 50).map {
          AlertEventBody(
            ruleId: $0.ruleID, label: labels[$0.ruleID] ?? "", change: $0.fired ? "fired" : "resolved", value: $0.value,
            at: Instant.text($0.at))
        }, nextCursor: nil)
    }
  }
}

import Foundation

/// What a sensor measures, in which unit, and the values that can physically be true: a
/// reading outside them is a broken or lying sensor, refused and counted, never stored.
public enum SensorKind: String, Sendable, Hashable, CaseIterable, Codable {
  case co2, temperature, humidity, noise

  public var unit: String {
    switch self {
    case .co2: "ppm"
    case .temperature: "°C"
    case .humidity: "%"
    case .noise: "dB"
    }
  }

  /// A value as people read it: whole numbers without a fraction, others to one decimal, with
  /// the unit ("812 ppm", "21.5 °C").
  public func text(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    let number =
      rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(format: "%.1f", rounded)
    return number + " " + unit
  }

  /// Outdoor air is about 420 ppm and indoor sensors read up to 40,000; an office is never
  /// below −40 °C or above 85 °C (the range of common sensors); humidity is a percentage;
  /// 150 dB is past a jet engine at 30 m.
  public var physicalRange: ClosedRange<Double> {
    switch self {
    case .co2: 0...40_000
    case .temperature: -40...85
    case .humidity: 0...100
    case .noise: 0...150
    }
  }
}

/// One value a sensor sent, as the server accepts it; `at` is when the server received it
/// (a device's clock can be wrong), in milliseconds.
public struct SensorReading: Sendable, Hashable {
  public let kind: SensorKind
  public let value: Double
  public let at: Int64

  public init(kind: SensorKind, value: Double, at: Int64) {
    self.kind = kind
    self.value = value
    self.at = at
  }
}

/// Why a reading was refused (counted per sensor, shown to admins).
public enum ReadingRefusal: String, Sendable, Hashable, CaseIterable, Codable {
  /// Not JSON, or not the shape of a reading.
  case malformed
  case unknownKind
  /// A kind the sensor was not registered with.
  case kindNotRegistered
  case notFinite
  case outOfRange
  case oversized

  /// Checks a reading's kind and value; nil when it may be stored.
  public static func check(kind text: String, value: Double, registered: Set<SensorKind>) -> ReadingRefusal? {
    guard let kind = SensorKind(rawValue: text) else { return .unknownKind }
    guard registered.contains(kind) else { return .kindNotRegistered }
    guard value.isFinite else { return .notFinite }
    guard kind.physicalRange.contains(value) else { return .outOfRange }
    return nil
  }
}

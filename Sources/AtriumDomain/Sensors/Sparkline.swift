/// A small line chart of one kind's values over a day, as SVG: the web's tiles inline it and
/// `GET /sensors/{id}/sparkline.svg` serves it. Gaps (minutes with no reading) break the line
/// rather than drawing a slope nobody measured.
public struct Sparkline: Sendable, Hashable {
  /// Each step's mean, or nil for a step with no reading.
  public let points: [Double?]
  public let width: Int
  public let height: Int

  public init(points: [Double?], width: Int = 120, height: Int = 32) {
    self.points = points
    self.width = width
    self.height = height
  }

  /// The polyline segments, in SVG coordinates (y grows downwards), one per run of points
  /// with values. A flat series sits in the middle.
  public var segments: [[(x: Double, y: Double)]] {
    let values = points.compactMap { $0 }
    guard let low = values.min(), let high = values.max(), points.count > 0 else { return [] }
    let padding = 2.0
    let usable = Double(height) - 2 * padding
    let stepX = points.count > 1 ? Double(width) / Double(points.count - 1) : 0
    var segments: [[(x: Double, y: Double)]] = []
    var current: [(x: Double, y: Double)] = []
    for (index, point) in points.enumerated() {
      guard let point else {
        if !current.isEmpty { segments.append(current) }
        current = []
        continue
      }
      let share = high > low ? (point - low) / (high - low) : 0.5
      current.append((Double(index) * stepX, padding + (1 - share) * usable))
    }
    if !current.isEmpty { segments.append(current) }
    return segments
  }

  /// The SVG document; `label` (plain text) is its accessible name.
  public func svg(label: String) -> String {
    let paths = segments.map { segment -> String in
      if segment.count == 1, let only = segment.first {
        return "<circle cx=\"\(Self.number(only.x))\" cy=\"\(Self.number(only.y))\" r=\"1.5\" fill=\"currentColor\"/>"
      }
      let coordinates = segment.map { "\(Self.number($0.x)),\(Self.number($0.y))" }.joined(separator: " ")
      return "<polyline points=\"\(coordinates)\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.5\"/>"
    }
    return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
      + "viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-label=\"\(Self.escaped(label))\">"
      + paths.joined() + "</svg>"
  }

  static func number(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }

  static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      default: result.append(character)
      }
    }
    return result
  }
}

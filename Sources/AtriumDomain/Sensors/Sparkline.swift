/// The geometry of a small line chart of one kind's values (a day on the web's tiles and in
/// `GET /sensors/{id}/sparkline.svg`, drawn as SVG by `Sparkline.svg`). Gaps (steps with no
/// reading) break the line rather than drawing a slope nobody measured.
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
}

import AtriumDomain
import AtriumHTML

extension Sparkline {
  /// The chart as an SVG document (text escaped by AtriumHTML); `label` is its accessible name.
  package func svg(label: String) -> String {
    let marks = segments.map { segment -> Node in
      if segment.count == 1, let only = segment.first {
        return .tag(
          "circle",
          [
            Attribute("cx", Self.number(only.x)), Attribute("cy", Self.number(only.y)), Attribute("r", "1.5"),
            Attribute("fill", "currentColor"),
          ])
      }
      return .tag(
        "polyline",
        [
          Attribute("points", segment.map { "\(Self.number($0.x)),\(Self.number($0.y))" }.joined(separator: " ")),
          Attribute("fill", "none"), Attribute("stroke", "currentColor"), Attribute("stroke-width", "1.5"),
        ])
    }
    return Node.tag(
      "svg",
      [
        Attribute("xmlns", "http://www.w3.org/2000/svg"), Attribute("width", String(width)),
        Attribute("height", String(height)), Attribute("viewBox", "0 0 \(width) \(height)"), Attribute("role", "img"),
        .ariaLabel(label),
      ], marks
    ).render()
  }

  /// A coordinate to a tenth, without a fraction when whole.
  static func number(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }
}

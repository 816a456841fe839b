import AtriumHTTPTypes

/// A path with `{parameter}` segments (`/api/v1/leave/{id}`, `/calendar/{token}.ics`), matched
/// against request paths and filled in for links, by the API's routes and the web app's pages.
package struct PathTemplate: Hashable, Sendable {
  package let text: String
  package let segments: [Substring]

  /// A segment as matched and filled: a fixed text, or a parameter with an optional fixed
  /// suffix (`{token}.ics`). Parsed once, so no request compares Characters (`make bench-cost`).
  private enum Part: Hashable, Sendable {
    case fixed(Substring)
    case parameter(suffix: Substring)
  }

  private let parts: [Part]

  package init(_ text: String) {
    self.text = text
    self.segments = text.pathSegments()
    self.parts = segments.map { segment in
      guard segment.first == "{", let close = segment.firstIndex(of: "}") else { return .fixed(segment) }
      return .parameter(suffix: segment[segment.index(after: close)...])
    }
  }

  /// How many segments are parameters: a fixed segment beats a parameter, so among the
  /// templates that match, the one with the fewest parameters wins.
  package var parameterCount: Int {
    parts.count { if case .parameter = $0 { true } else { false } }
  }

  /// The decoded values of the `{parameter}` segments, or nil when `path` (split on "/", still
  /// percent-encoded) does not match.
  package func parameters(of path: [Substring]) -> [String]? {
    guard path.count == parts.count else { return nil }
    var parameters: [String] = []
    for (segment, part) in zip(path, parts) {
      switch part {
      case .fixed(let fixed):
        guard segment == fixed else { return nil }
      case .parameter(let suffix):
        guard suffix.isEmpty || segment.hasSuffix(suffix),
          let value = PercentEncoding.decode(segment.dropLast(suffix.count)), !value.isEmpty
        else { return nil }
        parameters.append(value)
      }
    }
    return parameters
  }

  /// The path with the parameters filled in, in order, percent-encoded.
  package func filled(with parameters: [String]) -> String {
    guard !parameters.isEmpty else { return text }
    var values = parameters.makeIterator()
    var path = ""
    path.reserveCapacity(text.utf8.count + 48)
    for (index, part) in parts.enumerated() {
      if index > 0 { path += "/" }
      switch part {
      case .fixed(let fixed): path += fixed
      case .parameter(let suffix):
        path += PercentEncoding.encode(values.next() ?? "")
        path += suffix
      }
    }
    return path
  }

  /// `path` and its query items, percent-encoded (`?a=1&b=x%20y`, nothing when there are none).
  package static func withQuery(_ path: String, _ items: [(name: String, value: String)]) -> String {
    guard !items.isEmpty else { return path }
    var result = path
    for (index, item) in items.enumerated() {
      result += index == 0 ? "?" : "&"
      result += PercentEncoding.encode(item.name)
      result += "="
      result += PercentEncoding.encode(item.value)
    }
    return result
  }
}

import AtriumHTTPTypes

/// A path with `{parameter}` segments (`/api/v1/leave/{id}`, `/calendar/{token}.ics`), matched
/// against request paths and filled in for links, by the API's routes and the web app's pages.
package struct PathTemplate: Hashable, Sendable {
  package let text: String
  package let segments: [Substring]

  package init(_ text: String) {
    self.text = text
    self.segments = text.pathSegments()
  }

  /// How many segments are parameters: a fixed segment beats a parameter, so among the
  /// templates that match, the one with the fewest parameters wins.
  package var parameterCount: Int { segments.filter { $0.first == "{" }.count }

  /// The decoded values of the `{parameter}` segments, or nil when `path` (split on "/", still
  /// percent-encoded) does not match.
  package func parameters(of path: [Substring]) -> [String]? {
    guard path.count == segments.count else { return nil }
    var parameters: [String] = []
    for (segment, pattern) in zip(path, segments) {
      if pattern.first == "{", let close = pattern.firstIndex(of: "}") {
        // A parameter, possibly followed by a fixed suffix such as `.ics`.
        let suffix = pattern[pattern.index(after: close)...]
        guard segment.hasSuffix(suffix), let value = PercentEncoding.decode(segment.dropLast(suffix.count)),
          !value.isEmpty
        else { return nil }
        parameters.append(value)
      } else if segment != pattern {
        return nil
      }
    }
    return parameters
  }

  /// The path with the parameters filled in, in order, percent-encoded.
  package func filled(with parameters: [String]) -> String {
    guard !parameters.isEmpty else { return text }
    var values = parameters.makeIterator()
    return segments.map { segment -> String in
      guard segment.first == "{", let close = segment.firstIndex(of: "}") else { return String(segment) }
      return PercentEncoding.encode(values.next() ?? "") + segment[segment.index(after: close)...]
    }.joined(separator: "/")
  }

  /// `path` and its query items, percent-encoded (`?a=1&b=x%20y`, nothing when there are none).
  package static func withQuery(_ path: String, _ items: [(name: String, value: String)]) -> String {
    let query = items.map { "\(PercentEncoding.encode($0.name))=\(PercentEncoding.encode($0.value))" }
    return query.isEmpty ? path : path + "?" + query.joined(separator: "&")
  }
}

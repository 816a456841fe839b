/// Splits request targets and parses `application/x-www-form-urlencoded` query strings.
public enum QueryString {
  /// Splits `/path?query` into the raw path and the decoded parameters.
  public static func split(target: String) -> (path: String, query: [String: String]) {
    guard let mark = target.firstIndex(of: "?") else { return (target, [:]) }
    return (String(target[..<mark]), parse(target[target.index(after: mark)...]))
  }

  /// Parses `a=1&b=2`; names or values that do not decode are dropped, the first of a repeated
  /// name wins, and a name without `=` has the empty value.
  public static func parse(_ query: some StringProtocol) -> [String: String] {
    var result: [String: String] = [:]
    for pair in query.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard let name = PercentEncoding.decode(parts[0], plusIsSpace: true), !name.isEmpty else { continue }
      let value = parts.count > 1 ? PercentEncoding.decode(parts[1], plusIsSpace: true) : ""
      if let value, result[name] == nil { result[name] = value }
    }
    return result
  }
}

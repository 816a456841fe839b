/// Splits request targets and parses `application/x-www-form-urlencoded` query strings.
public enum QueryString {
  /// Splits `/path?query` into the raw path and the decoded parameters.
  public static func split(target: String) -> (path: String, query: [String: String]) {
    (path(of: target), parse(rawQuery(of: target)))
  }

  /// The path part of a request target (before `?`), as sent.
  public static func path(of target: String) -> String {
    // Searched byte by byte: `?` is ASCII, and Characters cost ten times as much per request.
    guard let mark = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return target }
    return String(target[..<mark])
  }

  /// The query part of a request target (after `?`), as sent; empty without one.
  public static func rawQuery(of target: String) -> Substring {
    guard let mark = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return "" }
    return target[target.utf8.index(after: mark)...]
  }

  /// The name of the first parameter whose name or value is not valid percent-encoded UTF-8
  /// (`cursor=%ff`), as sent; nil when every one decodes. `parse` drops such parameters, so a
  /// caller that must refuse them asks here.
  public static func malformedParameter(in query: some StringProtocol) -> String? {
    for pair in query.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = PercentEncoding.decode(parts[0], plusIsSpace: true)
      let valueDecodes = parts.count < 2 || PercentEncoding.decode(parts[1], plusIsSpace: true) != nil
      if name == nil || !valueDecodes { return String((name ?? String(parts[0])).prefix(100)) }
    }
    return nil
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

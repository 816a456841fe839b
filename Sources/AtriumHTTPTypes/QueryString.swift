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
    parsed(query).malformedParameter
  }

  /// Parses `a=1&b=2`; names or values that do not decode are dropped, the first of a repeated
  /// name wins, and a name without `=` has the empty value.
  public static func parse(_ query: some StringProtocol) -> [String: String] {
    parsed(query).parameters
  }

  /// `parse` and `malformedParameter` in one pass, as the server reads each request's query.
  public static func parsed(
    _ query: some StringProtocol
  ) -> (parameters: [String: String], malformedParameter: String?) {
    var parameters: [String: String] = [:]
    var malformed: String?
    for (rawName, rawValue) in pairs(of: query) {
      let name = PercentEncoding.decode(rawName, plusIsSpace: true)
      let value = rawValue.map { PercentEncoding.decode($0, plusIsSpace: true) } ?? ""
      guard let name, let value else {
        if malformed == nil { malformed = String((name ?? String(rawName)).prefix(100)) }
        continue
      }
      if !name.isEmpty, parameters[name] == nil { parameters[name] = value }
    }
    return (parameters, malformed)
  }

  /// Each `name=value` pair, split at the bytes `&` and at a pair's first `=` (nil value for
  /// a pair without one); empty pairs are skipped. Byte by byte: both marks are ASCII, and
  /// splitting by Characters cost some 20,000 instructions a request (`make bench-cost`).
  private static func pairs(of query: some StringProtocol) -> [(name: Substring, value: Substring?)] {
    let text = Substring(query)
    var pairs: [(name: Substring, value: Substring?)] = []
    var start = text.startIndex
    while start < text.endIndex {
      let end = text.utf8[start...].firstIndex(of: UInt8(ascii: "&")) ?? text.endIndex
      if start < end {
        let pair = text[start..<end]
        if let equals = pair.utf8.firstIndex(of: UInt8(ascii: "=")) {
          pairs.append((pair[..<equals], pair[pair.utf8.index(after: equals)...]))
        } else {
          pairs.append((pair, nil))
        }
      }
      start = end == text.endIndex ? end : text.utf8.index(after: end)
    }
    return pairs
  }
}

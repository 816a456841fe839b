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
      guard let name = decode(Substring(parts[0])), !name.isEmpty else { continue }
      let value = parts.count > 1 ? decode(Substring(parts[1])) : ""
      if let value, result[name] == nil { result[name] = value }
    }
    return result
  }

  private static func decode(_ text: Substring) -> String? {
    var bytes: [UInt8] = []
    var iterator = text.utf8.makeIterator()
    while let byte = iterator.next() {
      if byte == UInt8(ascii: "%") {
        guard let high = iterator.next().flatMap(hex), let low = iterator.next().flatMap(hex) else {
          return nil
        }
        bytes.append(high << 4 | low)
      } else {
        bytes.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
      }
    }
    return String(validating: bytes, as: UTF8.self)
  }

  private static func hex(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}

/// Parses `Cookie` request headers and builds `Set-Cookie` values.
public enum Cookies {
  /// Cookies by name from every `Cookie` header; the first of a repeated name wins.
  public static func parse(_ headers: [String]) -> [String: String] {
    var cookies: [String: String] = [:]
    for header in headers {
      for pair in header.split(separator: ";") {
        let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { continue }
        let name = Substring(parts[0]).trimmingCharacters(in: " \t")
        var value = Substring(parts[1]).trimmingCharacters(in: " \t")
        if value.count >= 2, value.first == "\"", value.last == "\"" {
          value = String(value.dropFirst().dropLast())
        }
        if !name.isEmpty, cookies[name] == nil { cookies[name] = value }
      }
    }
    return cookies
  }
}

import Foundation

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

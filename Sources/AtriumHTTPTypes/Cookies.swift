/// Parses `Cookie` request headers.
public enum Cookies {
  /// Cookies by name from every `Cookie` header; the first of a repeated name wins. Names and
  /// values are trimmed of spaces and tabs, and a value in double quotes loses them.
  ///
  /// Split byte by byte (`;`, `=`, spaces, tabs and quotes are ASCII): splitting by Characters
  /// and trimming with `CharacterSet` cost some 100,000 instructions a page (`make bench-cost`).
  public static func parse(_ headers: [String]) -> [String: String] {
    var cookies: [String: String] = [:]
    forEachCookie(in: headers) { name, value in
      if cookies[String(name)] == nil { cookies[String(name)] = String(value) }
      return true
    }
    return cookies
  }

  /// The value of the cookie called `name`, as `parse` would give it, read without making
  /// the others: a page asks for one or two cookies, and building the dictionary each time
  /// cost it about 7,000 instructions (`make bench-cost`).
  public static func value(named name: String, in headers: [String]) -> String? {
    var found: Substring?
    forEachCookie(in: headers) { candidate, value in
      guard candidate == name else { return true }
      found = value
      return false
    }
    return found.map(String.init)
  }

  /// Calls `body` with each cookie's name (never empty) and value, in order, until it returns false.
  private static func forEachCookie(in headers: [String], _ body: (Substring, Substring) -> Bool) {
    for header in headers {
      let text = Substring(header)
      var start = text.startIndex
      while start < text.endIndex {
        let end = text.utf8[start...].firstIndex(of: UInt8(ascii: ";")) ?? text.endIndex
        let pair = text[start..<end]
        if let equals = pair.utf8.firstIndex(of: UInt8(ascii: "=")) {
          let name = trimmed(pair[..<equals])
          var value = trimmed(pair[pair.utf8.index(after: equals)...])
          if value.utf8.count >= 2, value.utf8.first == UInt8(ascii: "\""), value.utf8.last == UInt8(ascii: "\"") {
            value = value[value.utf8.index(after: value.startIndex)..<value.utf8.index(before: value.endIndex)]
          }
          if !name.isEmpty, !body(name, value) { return }
        }
        start = end == text.endIndex ? end : text.utf8.index(after: end)
      }
    }
  }

  /// `text` without the spaces and tabs at its ends.
  private static func trimmed(_ text: Substring) -> Substring {
    func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
    guard let first = text.utf8.firstIndex(where: { !isBlank($0) }) else { return text[text.endIndex...] }
    let last = text.utf8.lastIndex(where: { !isBlank($0) })!
    return text[first...last]
  }
}

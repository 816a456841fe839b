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
      let name = String(decoding: name, as: UTF8.self)
      if cookies[name] == nil { cookies[name] = String(decoding: value, as: UTF8.self) }
      return true
    }
    return cookies
  }

  /// The value of the cookie called `name`, as `parse` would give it, read without making
  /// the others: a page asks for one or two cookies, and building the dictionary each time
  /// cost it about 7,000 instructions (`make bench-cost`). Names are compared byte for byte
  /// (they are ASCII tokens, RFC 6265): comparing them as Strings cost 5,000 a lookup.
  public static func value(named name: String, in headers: [String]) -> String? {
    var name = name
    return name.withUTF8 { wanted in
      var found: String?
      forEachCookie(in: headers) { candidate, value in
        guard candidate.elementsEqual(wanted) else { return true }
        found = String(decoding: value, as: UTF8.self)
        return false
      }
      return found
    }
  }

  /// Calls `body` with each cookie's name (never empty) and value, as bytes, in order, until
  /// it returns false.
  private static func forEachCookie(
    in headers: [String], _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Bool
  ) {
    for header in headers {
      var header = header
      guard header.withUTF8({ eachCookie(in: $0, body) }) else { return }
    }
  }

  /// `forEachCookie` in one header's bytes; false when `body` stopped.
  private static func eachCookie(
    in bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Bool
  ) -> Bool {
    var start = 0
    while start < bytes.count {
      let end = bytes[start...].firstIndex(of: UInt8(ascii: ";")) ?? bytes.count
      if let equals = bytes[start..<end].firstIndex(of: UInt8(ascii: "=")) {
        let name = trimmed(bytes, start..<equals)
        var value = trimmed(bytes, (equals + 1)..<end)
        if value.count >= 2, bytes[value.lowerBound] == UInt8(ascii: "\""),
          bytes[value.upperBound - 1] == UInt8(ascii: "\"")
        {
          value = (value.lowerBound + 1)..<(value.upperBound - 1)
        }
        if !name.isEmpty,
          !body(UnsafeBufferPointer(rebasing: bytes[name]), UnsafeBufferPointer(rebasing: bytes[value]))
        {
          return false
        }
      }
      start = end + 1
    }
    return true
  }

  /// `range` of `bytes` without the spaces and tabs at its ends.
  private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
    func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
    var lower = range.lowerBound
    var upper = range.upperBound
    while lower < upper, isBlank(bytes[lower]) { lower += 1 }
    while upper > lower, isBlank(bytes[upper - 1]) { upper -= 1 }
    return lower..<upper
  }
}

import AtriumHTTPTypes
import Testing

/// The cookie parser splits bytes; these check it against the rules it replaced (split by
/// Characters, trimmed with `CharacterSet`), on headers made of the pieces that matter.
@Suite struct CookiesTests {
  @Test func randomHeaders_parseAsTheCharacterSplitDid() {
    var generator = SystemRandomNumberGenerator()
    let pieces = [
      "session", "theme", "a", "=", "=", ";", "; ", ";;", " ", "\t", "\"", "\"dark\"", "x=y", "é", "名前", "😀", "",
      "value", "\"\"",
    ]
    for _ in 0..<3_000 {
      let headers = (0..<Int.random(in: 1...2, using: &generator)).map { _ in
        (0..<Int.random(in: 0...10, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
      }
      let expected = Self.characterParse(headers)
      #expect(Cookies.parse(headers) == expected, "\(headers)")
      // One cookie read alone is the one the whole parse gives, and a name not sent is nil.
      for name in Array(expected.keys) + ["session", "theme", "absent"] {
        #expect(Cookies.value(named: name, in: headers) == expected[name], "\(name) in \(headers)")
      }
    }
  }

  private static func characterParse(_ headers: [String]) -> [String: String] {
    var cookies: [String: String] = [:]
    for header in headers {
      for pair in header.split(separator: ";") {
        let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { continue }
        let name = trimmed(parts[0])
        var value = trimmed(parts[1])
        if value.count >= 2, value.first == "\"", value.last == "\"" {
          value = String(value.dropFirst().dropLast())
        }
        if !name.isEmpty, cookies[name] == nil { cookies[name] = value }
      }
    }
    return cookies
  }

  /// The Character trimming the parser used.
  private static func trimmed(_ text: Substring) -> String {
    var slice = text
    while let first = slice.first, " \t".contains(first) { slice.removeFirst() }
    while let last = slice.last, " \t".contains(last) { slice.removeLast() }
    return String(slice)
  }
}

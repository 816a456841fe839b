import AtriumStore
import Foundation
import Testing

@Suite struct CursorTests {
  /// What a cursor was before it was written byte by byte: the next page's link a client holds
  /// across an upgrade must still be read.
  private func foundationEncoding(_ components: [String]) -> String {
    Data(components.joined(separator: "\u{1F}").utf8).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }

  @Test func cursorsReadBackAsTheyWereMade_andAsTheyWereMadeBefore() {
    var generator = SystemRandomNumberGenerator()
    let pieces = ["", "a", "2026-12-03", "9f1c-ü", "日本", "😀", "x/y+z=", "1733222400"]
    for length in 0..<40 {
      let components = (0..<(1 + length % 3)).map { _ in
        (0..<Int.random(in: 0...4, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
          .joined()
      }
      let cursor = Cursor.encode(components)
      #expect(cursor == foundationEncoding(components))
      #expect(!cursor.contains("=") && !cursor.contains("+") && !cursor.contains("/"))
      #expect(Cursor.decode(cursor, count: components.count) == components)
      #expect(Cursor.decode(cursor, count: components.count + 1) == nil)
    }
  }

  @Test func whatNoListMadeIsRefused() {
    for text in ["!!!!", "a", "abc$", "=", "ab cd"] {
      #expect(Cursor.decode(text, count: 1) == nil, "\(text)")
    }
  }
}

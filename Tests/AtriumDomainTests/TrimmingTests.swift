import AtriumDomain
import Testing

/// `trimmingWhitespace` is what every form field and the bearer token go through.
@Suite struct TrimmingTests {
  @Test(arguments: [
    ("", ""), ("   ", ""), ("\t\n\r ", ""), ("abc", "abc"), ("  abc", "abc"), ("abc  ", "abc"),
    ("\n a b \t", "a b"), ("a\u{00A0}", "a"), ("\u{2003}Ñandú 🌴\u{3000}", "Ñandú 🌴"), ("🌴", "🌴"),
    ("x", "x"), (" x", "x"), ("a \n b", "a \n b"),
  ])
  func trimsOnlyTheEnds(text: String, trimmed: String) {
    #expect(text.trimmingWhitespace == trimmed)
  }
}

/// What text people type may hold, for the API and the web forms alike.
public enum TextRules {
  /// Whether `text` holds a control character other than a tab or a line break (CR, LF): a
  /// NUL, an escape, a backspace… none belongs in a name, a note or a post.
  public static func hasControlCharacters(_ text: String) -> Bool {
    text.unicodeScalars.contains { isControlCharacter($0.value) }
  }

  /// Whether the Unicode scalar `value` is such a character: C0 but tab, LF and CR; DEL; C1.
  public static func isControlCharacter(_ value: UInt32) -> Bool {
    (value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0D) || value == 0x7F || (0x80...0x9F).contains(value)
  }
}

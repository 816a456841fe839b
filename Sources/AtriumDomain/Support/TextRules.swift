/// What text people type may hold, for the API and the web forms alike.
public enum TextRules {
  /// Whether `text` holds a control character other than a tab or a line break (CR, LF): a
  /// NUL, an escape, a backspace… none belongs in a name, a note or a post.
  public static func hasControlCharacters(_ text: String) -> Bool {
    text.unicodeScalars.contains { scalar in
      (scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r") || scalar.value == 0x7F
        || (0x80...0x9F).contains(scalar.value)
    }
  }
}

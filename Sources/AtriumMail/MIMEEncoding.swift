import Foundation

/// The encodings a mail needs so that any text survives every server on the way: quoted-printable
/// bodies (RFC 2045), encoded words in headers (RFC 2047), and header values that can never start
/// a new header.
enum MIMEEncoding {
  /// Quoted-printable of UTF-8 text with CRLF line ends and lines of at most 76 characters.
  /// A "." starting a line is encoded too, so no line can end the SMTP data early, and "="
  /// always is, so a boundary containing "=_" never occurs inside a part.
  static func quotedPrintable(_ text: String) -> String {
    var output = ""
    let lines = text.replacingLineEnds().split(separator: "\n", omittingEmptySubsequences: false)
    for (index, line) in lines.enumerated() {
      if index > 0 { output += "\r\n" }
      var current = ""
      let bytes = Array(line.utf8)
      for (position, byte) in bytes.enumerated() {
        let isLast = position == bytes.count - 1
        let literal =
          (byte >= 33 && byte <= 126 && byte != UInt8(ascii: "="))
          || ((byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")) && !isLast)
        var piece = literal ? String(UnicodeScalar(byte)) : "=" + hex(byte)
        if byte == UInt8(ascii: "."), current.isEmpty { piece = "=2E" }
        if current.utf8.count + piece.utf8.count > 75 {
          output += current + "=\r\n"
          current = ""
          if byte == UInt8(ascii: ".") { piece = "=2E" }
        }
        current += piece
      }
      output += current
    }
    return output
  }

  /// A header value: plain when it is short printable ASCII, else RFC 2047 encoded words
  /// (`=?UTF-8?B?…?=` of at most 36 bytes each, never splitting a character), folded so
  /// that a line with its header's name stays within RFC 2047's 76 characters.
  static func headerText(_ value: String) -> String {
    let clean = value.replacingLineEnds().replacingOccurrences(of: "\n", with: " ")
    let isPlain = clean.utf8.allSatisfy { $0 >= 32 && $0 < 127 } && !clean.contains("=?") && clean.utf8.count <= 900
    if isPlain { return clean }
    var words: [String] = []
    var chunk: [UInt8] = []
    for character in clean {
      let bytes = Array(String(character).utf8)
      if chunk.count + bytes.count > 36 {
        words.append(encodedWord(chunk))
        chunk = []
      }
      chunk += bytes
    }
    if !chunk.isEmpty { words.append(encodedWord(chunk)) }
    return words.joined(separator: "\r\n ")
  }

  /// A display name for an address header: quoted when plain, encoded when not.
  static func displayName(_ name: String) -> String {
    let encoded = headerText(name)
    guard encoded == name.replacingLineEnds().replacingOccurrences(of: "\n", with: " ") else { return encoded }
    let escaped = encoded.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    return "\"" + escaped + "\""
  }

  private static func encodedWord(_ bytes: [UInt8]) -> String {
    "=?UTF-8?B?" + Data(bytes).base64EncodedString() + "?="
  }

  private static func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
  }
}

extension String {
  /// The text with every CRLF or lone CR turned into LF.
  func replacingLineEnds() -> String {
    replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
  }
}

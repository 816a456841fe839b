/// Escaping of values put into LDAP filters (RFC 4515) and distinguished names (RFC 4514), so
/// that a username such as `*)(uid=*` is matched literally and never changes the query.
public enum LDAPEscaping {
  /// A value for a filter assertion: `*`, `(`, `)`, `\` and NUL become `\2a`, `\28`, `\29`,
  /// `\5c`, `\00`; so does every byte outside printable ASCII.
  public static func filterValue(_ value: String) -> String {
    var result = ""
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "*"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "\\"), 0, 0x80...0xFF, 0x01...0x1F,
        0x7F:
        result += "\\" + hex(byte)
      default:
        result.unicodeScalars.append(Unicode.Scalar(byte))
      }
    }
    return result
  }

  /// A value for one attribute of a DN: `,`, `+`, `"`, `\`, `<`, `>`, `;`, `=` and NUL are
  /// escaped with a backslash (NUL as `\00`), as are a leading space or `#` and a trailing space.
  public static func dnValue(_ value: String) -> String {
    var result = ""
    let characters = Array(value)
    for (index, character) in characters.enumerated() {
      switch character {
      case ",", "+", "\"", "\\", "<", ">", ";", "=":
        result += "\\" + String(character)
      case "\0":
        result += "\\00"
      case " " where index == 0 || index == characters.count - 1:
        result += "\\ "
      case "#" where index == 0:
        result += "\\#"
      default:
        result.append(character)
      }
    }
    return result
  }

  /// A template such as `uid={username},ou=people,dc=example,dc=com` with its placeholder
  /// replaced by an escaped value; `escape` says which escaping the template's syntax needs.
  public static func fill(_ template: String, username: String, escape: (String) -> String) -> String {
    template.replacingOccurrences(of: "{username}", with: escape(username))
  }

  private static func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789abcdef")
    return String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
  }
}

extension String {
  fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}

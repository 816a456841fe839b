/// Rules for usernames and passwords of local accounts (PRODUCT.md "Sign-in and accounts").
public enum Credentials {
  public static let passwordLengths = 6...128

  /// The canonical form a username is stored and looked up in: trimmed, lowercased.
  public static func normalizedUsername(_ username: String) -> String {
    username.trimmingWhitespace.lowercased()
  }

  /// Whether `username` (already normalized) is one Atrium accepts: 1 to 64 characters of
  /// letters, digits, `.`, `-`, `_` and `@`, so it is safe in URLs, LDAP DNs and log lines.
  public static func isValidUsername(_ username: String) -> Bool {
    guard (1...64).contains(username.count) else { return false }
    return username.unicodeScalars.allSatisfy {
      ($0.properties.isAlphabetic || ("0"..."9").contains($0) || ".-_@".unicodeScalars.contains($0))
    }
  }
}

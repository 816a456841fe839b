import Foundation

/// The 10,000 most common passwords (`Resources/common-passwords.txt`, from zxcvbn), which no
/// one may choose. Read once, on first use.
package enum CommonPasswords {
  /// Whether `lowercased` (a password in lower case) is in the list.
  package static func contains(_ lowercased: String) -> Bool { list.contains(lowercased) }

  private static let list: Set<String> = {
    guard let url = Bundle.module.url(forResource: "common-passwords", withExtension: "txt"),
      let text = try? String(contentsOf: url, encoding: .utf8)
    else { return [] }
    return Set(text.split(whereSeparator: \.isNewline).filter { !$0.hasPrefix("#") }.map { $0.lowercased() })
  }()

  /// How many passwords the list holds (0 would mean the file is missing: tests check it).
  package static var count: Int { list.count }
}

/// Self sign-up, which a company may open to its own mail domains (off until an admin lists
/// some): who may sign up, and the username a new person gets.
public enum SignUpRules {
  /// The domain of a mail address, lowercased: `atrium-demo.example`.
  public static func domain(of email: String) -> String? {
    guard let at = email.lastIndex(of: "@") else { return nil }
    let domain = email[email.index(after: at)...].lowercased()
    return domain.isEmpty ? nil : domain
  }

  /// Whether an address may sign up: its domain is one of `domains` exactly (a subdomain is
  /// another organisation's).
  public static func allows(_ email: String, domains: [String]) -> Bool {
    guard let domain = domain(of: email) else { return false }
    return domains.contains(domain)
  }

  /// An admin's list as stored: each without a leading `@`, lowercased, once; nil for an
  /// entry that is not a domain (letters, digits, hyphens, at least one dot).
  public static func domains(_ entries: [String]) -> [String]? {
    var result: [String] = []
    for entry in entries {
      var domain = entry.trimmingWhitespace.lowercased()
      if domain.hasPrefix("@") { domain.removeFirst() }
      let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
      guard labels.count >= 2, domain.count <= 253,
        labels.allSatisfy({ label in
          (1...63).contains(label.count) && !label.hasPrefix("-") && !label.hasSuffix("-")
            && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        })
      else { return nil }
      if !result.contains(domain) { result.append(domain) }
    }
    return result
  }

  /// A username from the address's local part (lowercase letters, digits, `.`, `-`, `_`),
  /// with a number added when it is taken: `eva.garcia`, `eva.garcia2`.
  public static func username(for email: String, isTaken: (String) throws -> Bool) rethrows -> String {
    let local = email.split(separator: "@").first.map(String.init) ?? ""
    var base = String(
      local.lowercased().unicodeScalars.filter {
        ($0.value >= 97 && $0.value <= 122) || ($0.value >= 48 && $0.value <= 57) || "._-".unicodeScalars.contains($0)
      })
    if base.isEmpty { base = "user" }
    base = String(base.prefix(40))
    var candidate = base
    var number = 2
    while try isTaken(candidate) {
      candidate = base + String(number)
      number += 1
    }
    return candidate
  }
}

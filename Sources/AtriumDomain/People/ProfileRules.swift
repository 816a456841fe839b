import Foundation

/// What profile and company fields must look like; each check adds its reason to a validator.
public enum ProfileRules {
  public static let maximumNameLength = 100
  public static let maximumPositionLength = 120
  public static let maximumBioLength = 2_000

  public static func name(_ text: String, field: String, into validator: inout Validator) -> String {
    let trimmed = text.trimmingWhitespace
    validator.require(!trimmed.isEmpty, field, .notEmpty)
    validator.require(trimmed.count <= maximumNameLength, field, .atMostCharacters(maximumNameLength))
    return trimmed
  }

  public static func text(_ text: String, field: String, maximum: Int, into validator: inout Validator) -> String {
    let trimmed = text.trimmingWhitespace
    validator.require(trimmed.count <= maximum, field, .atMostCharacters(maximum))
    return trimmed
  }

  /// An address with one `@`, something before it, and a domain with a dot after it.
  public static func email(_ text: String, field: String = "email", into validator: inout Validator) -> String {
    let trimmed = text.trimmingWhitespace.lowercased()
    let parts = trimmed.split(separator: "@", omittingEmptySubsequences: false)
    let valid =
      parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !parts[1].hasPrefix(".")
      && !parts[1].hasSuffix(".") && trimmed.count <= 254 && !trimmed.contains(where: { $0.isWhitespace })
    validator.require(valid, field, .email)
    return trimmed
  }

  /// Empty, or a number with its country prefix: `+34 600 123 456` (8 to 15 digits).
  public static func phone(_ text: String, field: String = "phone", into validator: inout Validator) -> String {
    let trimmed = text.trimmingWhitespace
    guard !trimmed.isEmpty else { return "" }
    let digits = trimmed.filter(\.isNumber)
    let allowed = trimmed.dropFirst().allSatisfy { $0.isNumber || $0 == " " || $0 == "-" }
    validator.require(
      trimmed.first == "+" && allowed && (8...15).contains(digits.count), field, .phoneWithCountryPrefix)
    return trimmed
  }

  /// An `http` or `https` address with a host.
  public static func webAddress(_ text: String, field: String, into validator: inout Validator) -> String {
    let trimmed = text.trimmingWhitespace
    guard !trimmed.isEmpty else { return "" }
    let url = URL(string: trimmed)
    let valid = ["http", "https"].contains(url?.scheme?.lowercased() ?? "") && !(url?.host ?? "").isEmpty
    validator.require(valid, field, .webAddress)
    return trimmed
  }

  /// Whether making `managerID` the manager of `employeeID` would close a loop in the chain.
  /// - Parameter managerOf: The current manager of a person (nil at the top).
  public static func wouldCycle(
    employeeID: String, managerID: String, managerOf: (String) throws -> String?
  )
    rethrows -> Bool
  {
    var current: String? = managerID
    var seen = Set<String>()
    while let id = current {
      if id == employeeID { return true }
      guard seen.insert(id).inserted else { return false }
      current = try managerOf(id)
    }
    return false
  }
}

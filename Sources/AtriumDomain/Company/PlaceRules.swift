/// Rules for the names and settings of locations and departments.
public enum PlaceRules {
  /// The longest name a location or department may have.
  public static let maximumNameLength = 120

  /// Trims `name` and checks it is neither empty nor too long.
  public static func validName(
    _ name: String, field: String = "name", into validator: inout Validator
  ) -> String {
    let trimmed = name.trimmingWhitespace
    validator.require(!trimmed.isEmpty, field, "must not be empty")
    validator.require(
      trimmed.count <= maximumNameLength, field,
      "must be at most \(maximumNameLength) characters")
    return trimmed
  }
}

extension String {
  /// The string without leading and trailing spaces, tabs and line breaks.
  public var trimmingWhitespace: String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(scalars[first...last])
  }
}

/// Rules for the names and settings of locations and departments.
public enum PlaceRules {
  /// The longest name a location or department may have.
  public static let maximumNameLength = 120

  /// Trims `name` and checks it is neither empty nor too long.
  public static func validName(
    _ name: String, field: String = "name", into validator: inout Validator
  ) -> String {
    let trimmed = name.trimmingWhitespace
    validator.require(!trimmed.isEmpty, field, .notEmpty)
    validator.require(trimmed.count <= maximumNameLength, field, .atMostCharacters(maximumNameLength))
    return trimmed
  }
}

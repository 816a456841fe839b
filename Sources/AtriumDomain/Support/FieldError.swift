/// One reason a submitted value was refused, named by the field it came from.
public struct FieldError: Error, Hashable, Sendable, Codable {
  public var field: String
  /// The reason in words. For an error made from a `rule`, the catalogue words it when the
  /// error becomes an answer (English first, then the reader's language).
  public var message: String
  /// The rule broken, when it has a message in the catalogue; nil for texts not yet in it.
  public let rule: FieldRule?

  public init(field: String, message: String) {
    self.field = field
    self.message = message
    self.rule = nil
  }

  public init(field: String, rule: FieldRule) {
    self.field = field
    self.message = ""
    self.rule = rule
  }

  private enum CodingKeys: String, CodingKey {
    case field, message
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    field = try container.decode(String.self, forKey: .field)
    message = try container.decode(String.self, forKey: .message)
    rule = nil
  }
}

/// Every reason a submission was refused, so a form can show each one next to its field.
public struct ValidationFailure: Error, Hashable, Sendable {
  public let errors: [FieldError]

  public init(_ errors: [FieldError]) {
    self.errors = errors
  }
}

/// Collects field errors while validating a submission and throws them all at once.
public struct Validator: Sendable {
  public private(set) var errors: [FieldError] = []

  public init() {}

  /// Records the broken `rule` for `field` when `condition` is false.
  public mutating func require(_ condition: Bool, _ field: String, _ rule: FieldRule) {
    if !condition { errors.append(FieldError(field: field, rule: rule)) }
  }

  /// Throws a `ValidationFailure` with every recorded error, if there is any.
  public func check() throws(ValidationFailure) {
    if !errors.isEmpty { throw ValidationFailure(errors) }
  }
}

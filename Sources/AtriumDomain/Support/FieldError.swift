/// One reason a submitted value was refused, named by the field it came from.
public struct FieldError: Error, Hashable, Sendable, Codable {
  public let field: String
  public let message: String

  public init(field: String, message: String) {
    self.field = field
    self.message = message
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

  /// Records `message` for `field` when `condition` is false.
  public mutating func require(_ condition: Bool, _ field: String, _ message: String) {
    if !condition { errors.append(FieldError(field: field, message: message)) }
  }

  /// Throws a `ValidationFailure` with every recorded error, if there is any.
  public func check() throws(ValidationFailure) {
    if !errors.isEmpty { throw ValidationFailure(errors) }
  }
}

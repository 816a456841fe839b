/// What a new password must be: long enough for the company (at least 6 characters, as the
/// app Atrium replaced allowed, and 8 unless an admin chose otherwise), at most 128, not one of
/// the passwords everyone tries first, and not the current one again. It applies wherever a
/// person sets a password.
public struct PasswordPolicy: Hashable, Sendable {
  /// The shortest password the company wants.
  public var minimumLength: Int

  public init(minimumLength: Int = PasswordPolicy.standardMinimum) {
    self.minimumLength = minimumLength
  }

  public static let standardMinimum = 8
  /// The minimums a company may choose.
  public static let minimums = Credentials.passwordLengths

  /// Records why `password` is refused for `field`.
  /// - Parameters:
  ///   - current: the password it replaces, when known.
  ///   - isCommon: whether a password is among the most common ones (compared without case).
  public func check(
    _ password: String, current: String?, field: String, isCommon: (String) -> Bool, into validator: inout Validator
  ) {
    let longest = Credentials.passwordLengths.upperBound
    validator.require(
      (minimumLength...longest).contains(password.count), field, .charactersBetween(minimumLength, longest))
    validator.require(!isCommon(password.lowercased()), field, .commonPassword)
    if let current { validator.require(password != current, field, .differentFromCurrent) }
  }
}

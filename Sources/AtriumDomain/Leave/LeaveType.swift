/// A kind of leave the company defines: vacation, sick leave, unpaid leave...
public struct LeaveType: Hashable, Sendable, Identifiable {
  public let id: String
  public var name: String
  /// Whether days of this type are taken from the yearly allowance.
  public var countsAgainstAllowance: Bool
  /// Whether a request of this type waits for a decision; if not, it is approved on creation.
  public var needsApproval: Bool
  /// Inactive types stay on old requests but cannot be chosen for new ones.
  public var isActive: Bool
  /// The type a request gets when none is chosen, and the one the form starts on. Exactly one
  /// active type is the default, so a new type that sorts first never takes a vacation week.
  public var isDefault: Bool

  public init(
    id: String, name: String, countsAgainstAllowance: Bool = true, needsApproval: Bool = true, isActive: Bool = true,
    isDefault: Bool = false
  ) {
    self.id = id
    self.name = name
    self.countsAgainstAllowance = countsAgainstAllowance
    self.needsApproval = needsApproval
    self.isActive = isActive
    self.isDefault = isDefault
  }

  /// The name of the type every company starts with.
  public static let vacationName = "Vacation"
  /// The id of that type (created by the schema migration, the same in every installation).
  public static let vacationID = "00000000-0000-4000-8000-000000000001"
}

extension LeaveType {
  /// Checks that a type, as it would be after a change, keeps the company with exactly one
  /// active default: the default cannot be switched off or made inactive, only replaced by
  /// making another type the default.
  /// - Parameter before: the type as it is now; nil when it is being created.
  /// - Returns: what the change would break, empty when it keeps the rule.
  public static func defaultRuleErrors(before: LeaveType?, after: LeaveType) -> [FieldError] {
    var validator = Validator()
    validator.require(
      !(after.isDefault && !after.isActive), "active", .defaultTypeStaysActive)
    validator.require(
      !(before?.isDefault == true && !after.isDefault), "default", .defaultTypeCannotBeUnset)
    return validator.errors
  }
}

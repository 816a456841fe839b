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

  public init(
    id: String, name: String, countsAgainstAllowance: Bool = true, needsApproval: Bool = true, isActive: Bool = true
  ) {
    self.id = id
    self.name = name
    self.countsAgainstAllowance = countsAgainstAllowance
    self.needsApproval = needsApproval
    self.isActive = isActive
  }

  /// The name of the type every company starts with.
  public static let vacationName = "Vacation"
  /// The id of that type (created by the schema migration, the same in every installation).
  public static let vacationID = "00000000-0000-4000-8000-000000000001"
}

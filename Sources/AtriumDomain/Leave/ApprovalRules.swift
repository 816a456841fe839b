/// How a company wants decisions taken: whether turning a request down (rejecting it, or
/// sending an approved one back to pending) must say why. Approving never needs a reason.
public struct ApprovalRules: Hashable, Sendable {
  public var reasonRequired: Bool

  public init(reasonRequired: Bool = false) {
    self.reasonRequired = reasonRequired
  }

  /// Whether `action` must carry a reason under these rules.
  public func requiresReason(for action: LeaveAction) -> Bool {
    reasonRequired && Self.turnsDown.contains(action)
  }

  /// The decisions that undo what the employee asked for or was given.
  public static let turnsDown: Set<LeaveAction> = [.reject, .reopen]
}

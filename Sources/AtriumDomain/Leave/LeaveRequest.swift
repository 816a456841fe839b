/// Where a request stands.
public enum LeaveStatus: String, Codable, Sendable, CaseIterable {
  case pending, approved, rejected, cancelled

  /// Pending and approved requests hold their days: they count in balances and may not overlap.
  public var holdsDays: Bool { self == .pending || self == .approved }
}

/// A request for time off.
public struct LeaveRequest: Hashable, Sendable, Identifiable {
  public let id: String
  public let employeeID: String
  public var typeID: String
  public var span: LeaveSpan
  public var status: LeaveStatus
  public var note: String
  /// Why the decision that gave the request its status was taken (a rejection's reason);
  /// empty when nobody decided or no reason was given.
  public var decisionReason: String

  public init(
    id: String, employeeID: String, typeID: String, span: LeaveSpan, status: LeaveStatus, note: String = "",
    decisionReason: String = ""
  ) {
    self.id = id
    self.employeeID = employeeID
    self.typeID = typeID
    self.span = span
    self.status = status
    self.note = note
    self.decisionReason = decisionReason
  }
}

/// What someone does to a request.
public enum LeaveAction: String, Codable, Sendable, CaseIterable {
  case change, cancel, approve, reject, reopen
}

/// How the person acting relates to the request's owner, decided on the server from the
/// reporting chain and roles (DESIGN.md "Roles").
public enum LeaveRelation: Sendable, Hashable, CaseIterable {
  /// The employee the request belongs to.
  case owner
  /// An admin, or a manager above the owner in the reporting chain (never the owner).
  case decider
  /// Anyone else: they may not see the request at all.
  case stranger

  /// - Parameters:
  ///   - chain: The ids of everyone above the owner, nearest manager first.
  public static func of(_ actor: Employee, to ownerID: String, chain: [String]) -> LeaveRelation {
    if actor.id == ownerID { return .owner }
    if actor.role == .admin { return .decider }
    if actor.role == .manager && chain.contains(actor.id) { return .decider }
    return .stranger
  }
}

/// A refusal by the leave rules, with the status code DESIGN.md gives it.
public struct LeaveRuleViolation: Error, Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    /// 404: the actor may not see the request.
    case notVisible
    /// 403: visible, but not theirs to do.
    case notAllowed
    /// 409: not possible in the request's current state.
    case wrongState
  }

  public let kind: Kind
}

/// The state machine of a request: who may do what, from which state, to which.
public enum LeaveRules {
  /// The status a request moves to when `action` is done by someone with `relation`.
  /// - Parameter hasStarted: Whether the request's first day has begun in the owner's time zone.
  /// - Throws: `LeaveRuleViolation`, checked in DESIGN.md's order: visibility, permission, state.
  public static func apply(
    _ action: LeaveAction, to status: LeaveStatus, by relation: LeaveRelation, hasStarted: Bool
  ) throws(LeaveRuleViolation) -> LeaveStatus {
    guard relation != .stranger else { throw LeaveRuleViolation(kind: .notVisible) }
    switch action {
    case .change, .cancel:
      guard relation == .owner else {
        throw LeaveRuleViolation(kind: .notAllowed)
      }
    case .approve, .reject, .reopen:
      guard relation == .decider else {
        throw LeaveRuleViolation(kind: .notAllowed)
      }
    }
    switch (action, status) {
    case (.change, .pending): return .pending
    case (.cancel, .pending): return .cancelled
    case (.cancel, .approved) where !hasStarted: return .cancelled
    case (.cancel, .approved):
      throw LeaveRuleViolation(kind: .wrongState)
    case (.approve, .pending): return .approved
    case (.reject, .pending): return .rejected
    case (.reopen, .approved): return .pending
    default:
      throw LeaveRuleViolation(kind: .wrongState)
    }
  }
}

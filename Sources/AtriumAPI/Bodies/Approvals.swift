import AtriumDomain

/// `GET /api/v1/approvals/rules`: how the company wants decisions taken.
public struct ApprovalRulesBody: Codable, Hashable, Sendable {
  /// Whether rejecting a request, or sending an approved one back to pending, must say why.
  public var reasonRequired: Bool

  public init(reasonRequired: Bool) {
    self.reasonRequired = reasonRequired
  }
}

/// `PATCH /api/v1/approvals/rules`: what an admin changes.
public struct ApprovalRulesChange: Codable, Hashable, Sendable {
  public var reasonRequired: Bool?

  public init(reasonRequired: Bool? = nil) {
    self.reasonRequired = reasonRequired
  }
}

/// `POST /api/v1/approvals/decisions`: several decisions at once, each taken on its own.
public struct DecisionBatch: Codable, Hashable, Sendable {
  public var decisions: [Decision]

  public init(decisions: [Decision]) {
    self.decisions = decisions
  }

  /// The most decisions one batch may carry.
  public static let maximumCount = 100

  public struct Decision: Codable, Hashable, Sendable {
    public var requestId: String
    public var action: Action
    public var reason: String?

    public init(requestId: String, action: Action, reason: String? = nil) {
      self.requestId = requestId
      self.action = action
      self.reason = reason
    }
  }

  /// The decisions a batch may take (reopening stays one request at a time).
  public enum Action: String, Codable, Hashable, Sendable, CaseIterable {
    case approve, reject

    public var leaveAction: LeaveAction {
      switch self {
      case .approve: .approve
      case .reject: .reject
      }
    }
  }
}

/// The answer to a batch: one result per decision, in the order they were sent.
public struct DecisionResults: Codable, Hashable, Sendable {
  public var results: [DecisionResult]

  public init(results: [DecisionResult]) {
    self.results = results
  }
}

/// What became of one decision: the status the single route would have answered, with the
/// request as it now is (2xx) or the problem (4xx).
public struct DecisionResult: Codable, Hashable, Sendable {
  public var requestId: String
  public var status: Int
  public var request: LeaveRequestBody?
  public var problem: Problem?

  public init(requestId: String, status: Int, request: LeaveRequestBody? = nil, problem: Problem? = nil) {
    self.requestId = requestId
    self.status = status
    self.request = request
    self.problem = problem
  }
}

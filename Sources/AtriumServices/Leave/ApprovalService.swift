import AtriumAPI
import AtriumDomain
import AtriumStore

/// The company's rules for decisions, and several decisions taken at once: each one is checked
/// and saved on its own (its own transaction), exactly as the single routes would, so one
/// refusal never holds back the others.
package struct ApprovalService: Sendable {
  package init(environment: ServerEnvironment) {
    self.environment = environment
    self.leave = LeaveService(environment: environment)
  }

  package let environment: ServerEnvironment
  private let leave: LeaveService

  package func rules() throws -> ApprovalRulesBody {
    try environment.database.read { connection in
      ApprovalRulesBody(reasonRequired: try ApprovalRulesStore(connection).rules().reasonRequired)
    }
  }

  package func updateRules(_ change: ApprovalRulesChange, by principal: Principal) throws -> ApprovalRulesBody {
    try requireAdmin(principal, to: "change the approval rules")
    return try environment.database.write { connection in
      let store = ApprovalRulesStore(connection)
      let before = try store.rules()
      var after = before
      if let required = change.reasonRequired { after.reasonRequired = required }
      try store.save(after)
      let answer = ApprovalRulesBody(reasonRequired: after.reasonRequired)
      if after != before {
        try AuditTrail(environment: environment).record(
          "approvals.rules", target: ("approvals", "rules"),
          before: ApprovalRulesBody(reasonRequired: before.reasonRequired), after: answer, by: principal,
          connection: connection)
      }
      return answer
    }
  }

  /// Takes every decision in order; the answer has one result per decision, with the status the
  /// single route would have given.
  package func decideAll(_ batch: DecisionBatch, by principal: Principal, requestID: String) throws -> DecisionResults {
    var validator = Validator()
    validator.require(!batch.decisions.isEmpty, "decisions", .notEmpty)
    validator.require(
      batch.decisions.count <= DecisionBatch.maximumCount, "decisions", .atMostEntries(DecisionBatch.maximumCount))
    // A body that breaks the contract is refused whole; only the rules are checked per decision.
    for (index, decision) in batch.decisions.enumerated() {
      let reason = (decision.reason ?? "").trimmingWhitespace
      validator.require(
        reason.count <= LeaveService.maximumNoteLength, "decisions[\(index)].reason",
        .atMostCharacters(LeaveService.maximumNoteLength))
    }
    try validator.check()
    return DecisionResults(
      results: batch.decisions.map { decision in
        do {
          let request = try leave.act(
            decision.action.leaveAction, on: decision.requestId, reason: decision.reason, by: principal)
          return DecisionResult(requestId: decision.requestId, status: 200, request: request)
        } catch {
          let problem = Problem.describing(error, requestID: requestID, log: environment.log)
          return DecisionResult(requestId: decision.requestId, status: problem.status, problem: problem)
        }
      })
  }
}

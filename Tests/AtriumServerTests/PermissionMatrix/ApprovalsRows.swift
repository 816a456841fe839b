import AtriumAPI
import AtriumDomain
import AtriumTestSupport

extension PermissionMatrixTests {
  /// The `approvals` section's routes.
  static let approvalsRows: [Row] = [
    Row("approveLeave", [401, 403, 200, 404, 404, 200], body: .json("{}")) {
      .approvals(.approve(id: $0.pendingRequest))
    },
    Row("rejectLeave", [401, 403, 200, 404, 404, 200], body: .json(#"{"reason": "Release week"}"#)) {
      .approvals(.reject(id: $0.pendingRequest))
    },
    Row("reopenLeave", [401, 403, 200, 404, 404, 200], body: .json("{}")) {
      .approvals(.reopen(id: $0.approvedRequest))
    },
    Row("approvals", [401, 403, 200, 200, 403, 200]) { _ in .approvals(.list(status: .pending, page: .first)) },
    // The batch answers 200 to anyone signed in; each result carries the single route's status.
    Row(
      "decideLeaveRequests", [401, 200, 200, 200, 200, 200],
      body: .json(#"{"decisions": [{"requestId": "nope", "action": "approve"}]}"#)
    ) { _ in
      .approvals(.decideAll)
    },
    Row("approvalRules", [401, 200, 200, 200, 200, 200]) { _ in .approvals(.rules) },
    Row("updateApprovalRules", [401, 403, 403, 403, 403, 200], body: .json(#"{"reasonRequired": false}"#)) { _ in
      .approvals(.updateRules)
    },
  ]
}

extension Route {
  /// Deciding requests: the approvals list and the decisions a manager or an admin takes.
  public enum Approvals: RouteSection {
    /// `GET /api/v1/approvals?status=`: the requests the caller may decide.
    case list(status: ApprovalFilter, page: PageRequest)
    /// `POST /api/v1/leave/{id}/approve`.
    case approve(id: String)
    /// `POST /api/v1/leave/{id}/reject`.
    case reject(id: String)
    /// `POST /api/v1/leave/{id}/reopen`: an approved request goes back to pending.
    case reopen(id: String)
    /// `POST /api/v1/approvals/decisions`: several approvals and rejections, each on its own.
    case decideAll
    /// `GET /api/v1/approvals/rules`: whether turning a request down needs a reason.
    case rules
    /// `PATCH /api/v1/approvals/rules`: an admin changes them.
    case updateRules

    public enum Name: String, CaseIterable, Sendable {
      case list = "approvals"
      case approve = "approveLeave"
      case reject = "rejectLeave"
      case reopen = "reopenLeave"
      case decideAll = "decideLeaveRequests"
      case rules = "approvalRules"
      case updateRules = "updateApprovalRules"
    }

    public static func endpoint(_ name: Name) -> Endpoint<Self> {
      switch name {
      case .list:
        Endpoint(
          .get, "/api/v1/approvals", access: .signedIn, work: .quick, replay: .neverStored,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, query throws(RouteError) in
          .list(status: try Route.choice("status", in: query, default: .pending), page: try PageRequest(query: query))
        }
      case .approve:
        Endpoint(
          .post, "/api/v1/leave/{id}/approve", access: .signedIn, work: .quick, replay: .storesAnswer,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { parameters, _ in .approve(id: parameters[0]) }
      case .reject:
        Endpoint(
          .post, "/api/v1/leave/{id}/reject", access: .signedIn, work: .quick, replay: .storesAnswer,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { parameters, _ in .reject(id: parameters[0]) }
      case .reopen:
        Endpoint(
          .post, "/api/v1/leave/{id}/reopen", access: .signedIn, work: .quick, replay: .storesAnswer,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { parameters, _ in .reopen(id: parameters[0]) }
      case .decideAll:
        Endpoint(
          .post, "/api/v1/approvals/decisions", access: .signedIn, work: .quick, replay: .storesAnswer,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, _ in .decideAll }
      case .rules:
        Endpoint(
          .get, "/api/v1/approvals/rules", access: .signedIn, work: .quick, replay: .neverStored,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, _ in .rules }
      case .updateRules:
        Endpoint(
          .patch, "/api/v1/approvals/rules", access: .admin(to: "change the approval rules"), work: .quick,
          replay: .storesAnswer, beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, _ in .updateRules }
      }
    }

    public var parts: RouteParts<Name> {
      switch self {
      case .list(let status, let page):
        RouteParts(.list, query: (status == .pending ? [] : [("status", status.rawValue)]) + page.queryItems)
      case .approve(let id): RouteParts(.approve, [id])
      case .reject(let id): RouteParts(.reject, [id])
      case .reopen(let id): RouteParts(.reopen, [id])
      case .decideAll: RouteParts(.decideAll)
      case .rules: RouteParts(.rules)
      case .updateRules: RouteParts(.updateRules)
      }
    }

    public static let examples: [Self] = [
      .list(status: .pending, page: .first), .list(status: .all, page: PageRequest(limit: 1000, cursor: "c")),
      .approve(id: Route.exampleID), .reject(id: Route.exampleID), .reopen(id: Route.exampleID),
      .decideAll, .rules, .updateRules,
    ]
  }
}

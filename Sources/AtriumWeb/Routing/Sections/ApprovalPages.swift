import AtriumAPI
import AtriumDomain

extension WebPage {
  /// Deciding requests: the approvals list, a request in context, and the decisions.
  package enum Approvals: PageSection {
    case list(ApprovalFilter)
    case decide(id: String, action: LeaveAction)
    /// Several pending requests approved or rejected at once, after a confirmation.
    case decideSelected
    /// An admin saves the company's rule on reasons.
    case saveRules
    case detail(id: String)

    package enum Name: CaseIterable, Sendable {
      case list, decide, decideSelected, saveRules, detail
    }

    package static func row(_ name: Name) -> PageRow<Self> {
      switch name {
      case .list:
        PageRow(.get, "/approvals", rules: .signedIn) { _, query in
          .list(query["status"].flatMap(ApprovalFilter.init(rawValue:)) ?? .pending)
        }
      case .decide:
        PageRow(.post, "/approvals/{id}/{action}", rules: .signedIn) { parameters, _ in
          guard let action = LeaveAction(rawValue: parameters[1]), [.approve, .reject, .reopen].contains(action)
          else { return nil }
          return .decide(id: parameters[0], action: action)
        }
      case .decideSelected: PageRow(.post, "/approvals/decisions", rules: .signedIn) { _, _ in .decideSelected }
      case .saveRules: PageRow(.post, "/approvals/rules", rules: .signedIn) { _, _ in .saveRules }
      case .detail: PageRow(.get, "/approvals/{id}", rules: .signedIn) { id, _ in .detail(id: id[0]) }
      }
    }

    package var parts: PageParts<Name> {
      switch self {
      case .list(let filter): PageParts(.list, query: [("status", filter == .pending ? nil : filter.rawValue)])
      case .decide(let id, let action): PageParts(.decide, [id, action.rawValue])
      case .decideSelected: PageParts(.decideSelected)
      case .saveRules: PageParts(.saveRules)
      case .detail(let id): PageParts(.detail, [id])
      }
    }

    package static let examples: [Self] = [
      .list(.pending), .list(.approved), .decide(id: "r1", action: .approve), .decide(id: "r1", action: .reject),
      .decide(id: "r1", action: .reopen), .decideSelected, .saveRules, .detail(id: "r1"),
    ]
  }
}

import AtriumAPI
import AtriumDomain
import AtriumHTML
import AtriumHTTPTypes
import AtriumMessages
import AtriumServices
import Foundation

extension WebApp {
  /// The Approvals section's pages and forms for a signed-in visitor.
  func page(
    _ page: WebPage.Approvals, _ request: HTTPRequest, form: [String: String], visitor: WebSessions.Visitor,
    context: WebContext
  ) throws -> HTTPResponse {
    let principal = visitor.principal
    guard context.decides else { return notAllowed(context) }
    switch page {
    case .list(let filter):
      return try approvalsList(context, principal: principal, filter: filter)
    case .decide(let id, let action):
      do {
        _ = try leave.act(action, on: id, reason: form["reason"], by: principal)
        return redirect(
          to: .approvals(.list(.pending)), saying: context(DecisionText.decided(action)), visitor: visitor,
          request: request)
      } catch {
        let problem = problem(error, request, in: context.language)
        return try approvalsList(context, principal: principal, filter: .pending, error: problem)
      }
    case .decideSelected:
      return try decideSelected(request, form: form, visitor: visitor, context: context)
    case .saveRules:
      _ = try approvals.updateRules(ApprovalRulesChange(reasonRequired: form["reasonRequired"] == "on"), by: principal)
      return redirect(
        to: .approvals(.list(.pending)), saying: context(DecisionText.rulesSaved), visitor: visitor, request: request)
    case .detail(let id):
      return html(
        RequestDetailPage.render(
          context, try leaveQueries.detail(id: id, principal: principal, language: context.language),
          reasonRequired: try approvals.rules().reasonRequired))
    }
  }

  private func approvalsList(
    _ context: WebContext, principal: Principal, filter: ApprovalFilter, error: Problem? = nil
  ) throws -> HTTPResponse {
    let items = try leaveQueries.approvals(filter: filter, page: PageRequest(limit: 200), principal: principal).items
    return html(
      ApprovalsPage.render(
        context, filter: filter, items: items, reasonRequired: try approvals.rules().reasonRequired,
        error: error?.detail),
      status: error?.status ?? 200)
  }

  /// The ticked requests: first a page that asks to confirm, then every decision, each taken
  /// on its own, and the list again with what became of them.
  private func decideSelected(
    _ request: HTTPRequest, form: [String: String], visitor: WebSessions.Visitor, context: WebContext
  ) throws -> HTTPResponse {
    let principal = visitor.principal
    let ids = Set(form.keys.filter { $0.hasPrefix("select-") }.map { String($0.dropFirst("select-".count)) })
    let pending = try leaveQueries.approvals(filter: .pending, page: PageRequest(limit: 200), principal: principal)
      .items
    let chosen = pending.filter { ids.contains($0.request.id) }
    guard let action = DecisionBatch.Action(rawValue: form["action"] ?? ""), !chosen.isEmpty else {
      var problem = Problem(status: 400)
      problem.detail = context(DecisionText.nothingSelected)
      return try approvalsList(context, principal: principal, filter: .pending, error: problem)
    }
    let reason = (form["reason"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    guard form["confirm"] == "yes" else {
      return html(ApprovalsPage.confirm(context, action: action, items: chosen, reason: reason))
    }
    let answer = try approvals.decideAll(
      DecisionBatch(
        decisions: chosen.map {
          DecisionBatch.Decision(requestId: $0.request.id, action: action, reason: reason.isEmpty ? nil : reason)
        }),
      by: principal, requestID: request.requestID)
    let names = Dictionary(chosen.map { ($0.request.id, $0.employee.displayName) }) { first, _ in first }
    let refusals = answer.results.filter { $0.request == nil }.map { result in
      "\(names[result.requestId] ?? result.requestId): \(result.problem?.localized(in: context.language).detail ?? "")"
    }
    let message = AppText.bulkDone(
      approve: action == .approve, done: answer.results.count - refusals.count, refusals: refusals)
    return redirect(to: .approvals(.list(.pending)), saying: context(message), visitor: visitor, request: request)
  }
}

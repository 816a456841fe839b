import AtriumAPI
import AtriumDomain
import AtriumHTML
import AtriumHTTPTypes
import AtriumServices
import Foundation

extension WebApp {
  /// The Approvals section's pages and forms for a signed-in visitor.
  func page(
    _ page: WebPage.Approvals, _ request: HTTPRequest, form: [String: String], visitor: WebSessions.Visitor,
    context: WebContext
  ) throws -> HTTPResponse {
    let principal = visitor.principal
    switch page {
    case .list(let filter):
      guard context.decides else { return notAllowed(context) }
      let items = try leaveQueries.approvals(filter: filter, page: PageRequest(limit: 200), principal: principal).items
      return html(ApprovalsPage.render(context, filter: filter, items: items))
    case .decide(let id, let action):
      guard context.decides else { return notAllowed(context) }
      do {
        _ = try leave.act(action, on: id, reason: nil, by: principal)
        return HTTPResponse.seeOther(WebPage.approvals(.list(.pending)).href)
      } catch {
        let problem = problem(error, request, in: context.language)
        let items = try leaveQueries.approvals(filter: .pending, page: PageRequest(limit: 200), principal: principal)
          .items
        return html(
          ApprovalsPage.render(context, filter: .pending, items: items, error: problem.detail), status: problem.status)
      }
    case .detail(let id):
      guard context.decides else { return notAllowed(context) }
      return html(
        RequestDetailPage.render(
          context, try leaveQueries.detail(id: id, principal: principal, language: context.language)))
    }
  }
}

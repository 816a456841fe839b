import AtriumAPI
import AtriumDomain
import AtriumHTML
import AtriumHTTPTypes
import AtriumServices
import Foundation

extension WebApp {
  /// The Board section's pages and forms for a signed-in visitor.
  func page(
    _ page: WebPage.Board, _ request: HTTPRequest, form: [String: String], visitor: WebSessions.Visitor,
    context: WebContext
  ) throws -> HTTPResponse {
    let principal = visitor.principal
    switch page {
    case .notices:
      return try boardPage(context, principal: principal)
    case .post:
      let draft = BoardPage.Draft(
        title: form["title"] ?? "", body: form["body"] ?? "", audience: form["audience"] ?? "everyone",
        expires: form["expires"] ?? "")
      let audience = draft.audience.split(separator: ":", maxSplits: 1).map(String.init)
      do {
        _ = try board.post(
          NewNotice(
            title: draft.title, body: draft.body, audience: audience.first ?? "everyone",
            audienceId: audience.count > 1 ? audience[1] : nil,
            expiresAt: draft.expires.isEmpty ? nil : draft.expires + "T23:59:59Z"),
          by: principal)
        return HTTPResponse.seeOther(WebPage.board(.notices).href)
      } catch {
        let problem = problem(error, request, in: context.language)
        return try boardPage(context, principal: principal, draft: draft, error: problem.detail, status: problem.status)
      }
    case .markRead(let id):
      try board.markRead(id: id, principal: principal)
      return HTTPResponse.seeOther(WebPage.board(.notices).href)
    case .markAllRead:
      try board.markAllRead(principal: principal)
      return HTTPResponse.seeOther(WebPage.board(.notices).href)
    }
  }

  func boardPage(
    _ context: WebContext, principal: Principal, draft: BoardPage.Draft = BoardPage.Draft(), error: String? = nil,
    status: Int = 200
  ) throws -> HTTPResponse {
    let items = try board.page(
      unreadOnly: false, page: PageRequest(limit: 100), principal: principal, language: context.language
    ).items
    let places =
      principal.employee.role == .admin
      ? (try places.departments(PageRequest(limit: 1000)).items, try places.locations(PageRequest(limit: 1000)).items)
      : nil
    // Unread first, each group newest first.
    return html(
      BoardPage.render(
        context, items: items.filter { !$0.read } + items.filter(\.read), places: places, draft: draft, error: error),
      status: status)
  }
}

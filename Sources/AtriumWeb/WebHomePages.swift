import AtriumAPI
import AtriumDomain
import AtriumHTML
import AtriumHTTPTypes
import AtriumServices
import Foundation

extension WebApp {
  /// The Home section's pages and forms for a signed-in visitor.
  func page(
    _ page: WebPage.Home, _ request: HTTPRequest, form: [String: String], visitor: WebSessions.Visitor,
    context: WebContext
  ) throws -> HTTPResponse {
    let principal = visitor.principal
    switch page {
    case .timeline:
      return try homePage(context, principal: principal)
    case .createPost:
      do {
        _ = try timeline.create(NewPost(text: form["text"] ?? ""), principal: principal)
        return HTTPResponse.seeOther(WebPage.home(.timeline).href)
      } catch {
        let problem = problem(error, request, in: context.language)
        return try homePage(
          context, principal: principal, draft: HomeCard.Draft(text: form["text"] ?? "", error: problem.detail),
          status: problem.status)
      }
    }
  }
}

import AtriumAPI
import AtriumHTTPTypes
import AtriumServices

extension WebApp {
  /// Runs a form's change and goes back to `page`, saying what it did (the words `work`
  /// returns; nothing when nil) or why it did not (the service's field or reason).
  func formChange(
    to page: WebPage, visitor: WebSessions.Visitor, request: HTTPRequest, context: WebContext,
    _ work: () throws -> String?
  ) -> HTTPResponse {
    let done: String?
    do {
      done = try work()
    } catch {
      let problem = formProblem(error, in: context.language)
      let message = problem.errors?.first.map { "\($0.field): \($0.message)" } ?? problem.detail ?? ""
      return redirect(to: page, saying: message, visitor: visitor, request: request)
    }
    guard let done else { return HTTPResponse.seeOther(page.href) }
    return redirect(to: page, saying: done, visitor: visitor, request: request)
  }
}

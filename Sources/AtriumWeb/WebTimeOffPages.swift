import AtriumAPI
import AtriumDomain
import AtriumHTML
import AtriumHTTPTypes
import AtriumMessages
import AtriumServices
import Foundation

extension WebApp {
  /// The TimeOff section's pages and forms for a signed-in visitor.
  func page(
    _ page: WebPage.TimeOff, _ request: HTTPRequest, form: [String: String], visitor: WebSessions.Visitor,
    context: WebContext
  ) throws -> HTTPResponse {
    let principal = visitor.principal
    switch page {
    case .overview(let year):
      return html(
        TimeOffPage.render(
          context, year: try leaveQueries.myLeave(year: year, principal: principal), types: try activeLeaveTypes()))
    case .request:
      return try requestLeave(request, form: form, visitor: visitor, context: context)
    case .edit(let id):
      let request = try leaveQueries.detail(id: id, principal: principal, language: context.language).request
      guard request.employeeId == principal.employee.id else { throw Problem.notFound(.noLeaveRequest(id: id)) }
      // The request's own address (notices link to it): only a pending one has a form; any
      // other is shown in its year's list.
      guard request.status == .pending else {
        return HTTPResponse.seeOther(WebPage.timeOff(.overview(year: request.start.year)).href + "#request-\(id)")
      }
      var values = TimeOffPage.Form()
      values.start = request.start.description
      values.end = request.end.description
      values.startHalf = request.startHalf
      values.endHalf = request.endHalf
      values.note = request.note
      values.typeID = request.type.id
      return html(
        TimeOffPage.render(
          context, year: try leaveQueries.myLeave(year: request.start.year, principal: principal), form: values,
          types: try activeLeaveTypes(), changing: id))
    case .change(let id):
      return try requestLeave(request, form: form, visitor: visitor, context: context, changing: id)
    case .cancel(let id):
      do {
        let cancelled = try leave.act(.cancel, on: id, reason: nil, by: principal)
        // Back to the year the request was in, where the list shows it cancelled.
        return redirect(
          to: .timeOff(.overview(year: cancelled.start.year)), saying: context(DecisionText.decided(.cancel)),
          visitor: visitor, request: request)
      } catch {
        let problem = problem(error, request, in: context.language)
        return html(
          TimeOffPage.render(
            context, year: try leaveQueries.myLeave(year: nil, principal: principal), error: problem.detail),
          status: problem.status)
      }
    }
  }
}

import AtriumAPI
import AtriumDomain
import AtriumHTML
import AtriumHTTPTypes
import AtriumServices
import Foundation

extension WebApp {
  /// The Profile section's pages and forms for a signed-in visitor.
  func page(
    _ page: WebPage.Profile, _ request: HTTPRequest, form: [String: String], visitor: WebSessions.Visitor,
    context: WebContext
  ) throws -> HTTPResponse {
    let principal = visitor.principal
    switch page {
    case .mine:
      return HTTPResponse.seeOther(WebPage.team(.person(id: principal.employee.id)).href)
    case .edit:
      return try editProfile(context, principal: principal)
    case .save:
      do {
        _ = try people.updateMe(
          ProfileChange(phone: form["phone"] ?? "", locationId: form["locationId"], bio: form["bio"] ?? ""),
          principal: principal)
        return try editProfile(context, principal: principal, saved: true)
      } catch let failure as ValidationFailure {
        var errors = ProfilePage.Errors()
        for error in failure.errors { errors.fields[error.field] = error.worded(in: context.language).message }
        return try editProfile(context, principal: principal, errors: errors, status: 400)
      } catch let problem as Problem where problem.errors != nil {
        var errors = ProfilePage.Errors()
        for error in problem.errors ?? [] { errors.fields[error.field] = error.worded(in: context.language).message }
        return try editProfile(context, principal: principal, errors: errors, status: problem.status)
      }
    case .uploadPhoto:
      // Answered before, with the uploaded file.
      throw Problem.notFound(.noSuch(.page, id: ""))
    }
  }
}

import AtriumAPI
import AtriumDomain
import AtriumHTML
import AtriumHTTPTypes
import AtriumMessages
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
    case .save, .uploadPhoto:
      // Answered before, with the uploaded file (`saveProfile`).
      throw Problem.notFound(.noSuch(.page, id: ""))
    }
  }
}

extension WebApp {
  /// The profile form: the details first (when the form has them), then the photo when one was
  /// chosen. Refused details change nothing; a refused photo leaves the saved details saved and
  /// says why next to the photo. Success goes back to the form with a one-time message.
  func saveProfile(
    form: [String: String]?, photo: Multipart.Part?, visitor: WebSessions.Visitor, context: WebContext,
    request: HTTPRequest
  ) throws -> HTTPResponse {
    let principal = visitor.principal
    var errors = ProfilePage.Errors()
    if let form {
      do {
        _ = try people.updateMe(
          ProfileChange(phone: form["phone"] ?? "", locationId: form["locationId"], bio: form["bio"] ?? ""),
          principal: principal)
      } catch {
        let problem = problem(error, request, in: context.language)
        for error in problem.errors ?? [] { errors.fields[error.field] = error.message }
        guard !errors.fields.isEmpty else { throw error }
        return try editProfile(context, principal: principal, errors: errors, status: problem.status)
      }
    }
    if let photo, !photo.body.isEmpty {
      guard photo.body.count <= PhotoService.uploadLimit else {
        errors.photo = context(AppText.photoTooLarge(megabytes: EndpointRules.BodyLimit.photo.megabytes))
        return try editProfile(context, principal: principal, errors: errors, status: 413)
      }
      do {
        _ = try photos.upload(photo.body, for: principal.employee.id, by: principal)
      } catch let problem as Problem {
        errors.photo = problem.localized(in: context.language).detail
        return try editProfile(context, principal: principal, errors: errors, status: problem.status)
      }
    } else if form == nil {
      errors.photo = context(AppText.choosePhotoFormat)
      return try editProfile(context, principal: principal, errors: errors, status: 400)
    }
    return redirect(to: .profile(.edit), saying: context(AppText.profileSaved), visitor: visitor, request: request)
  }
}

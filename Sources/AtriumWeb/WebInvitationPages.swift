import AtriumAPI
import AtriumDomain
import AtriumHTTPTypes
import AtriumMessages
import AtriumServices

extension WebApp {
  /// The page an invitation's link opens: the person chooses their password and is signed in.
  func invitationPage(
    _ page: WebPage.Account, _ request: HTTPRequest, form: [String: String], context: WebContext
  ) throws -> HTTPResponse {
    let service = InvitationService(environment: environment)
    switch page {
    case .invitation(let token):
      let person: Employee
      do {
        person = try service.invitee(token: token)
      } catch {
        return refused(error, context, offersNewLink: false)
      }
      return chooseForm(
        .account(.acceptInvitation(token: token)), title: context(PasswordText.welcome(person.firstName)),
        greeting: context(PasswordText.yourUsername(person.username)), request, context)
    case .acceptInvitation(let token):
      if let refusal = refusedForm(request, form: form, context: context) { return refusal }
      let target = WebPage.account(.acceptInvitation(token: token))
      if let mismatch = repeatMismatch(target, form, request, context) { return mismatch }
      let person: Employee
      do {
        person = try service.accept(token: token, password: form["password"] ?? "")
      } catch let failure as ValidationFailure {
        return chooseForm(target, errors: passwordErrors(failure, context), status: 400, request, context)
      } catch {
        return refused(error, context, offersNewLink: false)
      }
      // Signed in at once: a new session, after the ones the new password ended.
      let cookie = try webSessions.start(
        for: person, secure: webSessions.isSecure(request), origin: sessionOrigin(of: request))
      var response = HTTPResponse.seeOther(WebPage.home(.timeline).href)
      response.headers.add("Set-Cookie", cookie)
      response.headers.add("Set-Cookie", "\(PasswordResetPages.tokenCookie)=; Path=/invitation; Max-Age=0")
      return response
    default:
      throw Problem.notFound(.noSuch(.page, id: ""))
    }
  }
}

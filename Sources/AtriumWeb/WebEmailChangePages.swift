import AtriumAPI
import AtriumDomain
import AtriumHTML
import AtriumHTTPTypes
import AtriumMessages
import AtriumServices

extension WebApp {
  /// The page a new address's confirmation link opens: it says which address, and its button
  /// (which repeats its page's value, as the reset's form does) moves the account there.
  func emailChangePage(
    token: String, confirmed: Bool, _ request: HTTPRequest, form: [String: String], context: WebContext
  ) throws -> HTTPResponse {
    let service = EmailChangeService(environment: environment, auth: auth)
    if confirmed {
      if let refusal = refusedForm(request, form: form, context: context) { return refusal }
      let person: Employee
      do {
        person = try service.confirm(token)
      } catch {
        return refused(error, context, offersNewLink: false)
      }
      return html(
        Layout.bare(
          context(MailText.emailChangedSubject), context,
          [
            .p([.class("card"), Attribute("role", "status")], [.text(person.email)]),
            .p([], [.a([.href(WebPage.home(.timeline).href)], [.text(context(MailText.openInAtrium))])]),
          ]))
    }
    let pending: (person: Employee, email: String)
    do {
      pending = try service.pending(token)
    } catch {
      return refused(error, context, offersNewLink: false)
    }
    return withFormToken(request, path: "/email-change") { formToken in
      Layout.bare(
        context(MailText.emailChangeSubject), context,
        [
          .p([], [.strong([.text(pending.email)])]),
          .form(
            [.method("post"), .action(WebPage.account(.completeEmail(token: token)).href), .class("stack card")],
            [
              .input([.type("hidden"), .name(WebSessions.csrfField), .value(formToken)]),
              .p([], [.button([.type("submit")], [.text(context(MailText.emailChangeAction))])]),
            ]),
        ])
    }
  }
}

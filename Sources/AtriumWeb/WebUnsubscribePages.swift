import AtriumDomain
import AtriumHTML
import AtriumHTTPTypes
import AtriumMessages
import AtriumServices

extension WebApp {
  /// A notification mail's "stop these mails" link. Opened, it asks first (a link checker or a
  /// preview must not unsubscribe anyone); posted, from the page's button or by a mail
  /// client's one-click unsubscribe (RFC 8058, without cookies), it turns that kind's mail off.
  /// The page speaks the link's person's language.
  func unsubscribePage(
    token: String, confirmed: Bool, _ request: HTTPRequest, context: WebContext
  ) throws -> HTTPResponse {
    let links = UnsubscribeLinks(environment: environment)
    let found: (person: Employee, target: String)
    do {
      found = confirmed ? try links.unsubscribe(token) : try links.resolve(token)
    } catch {
      let problem = formProblem(error, in: context.language)
      return html(Layout.bare(context(.notAllowedTitle), context, [.p([], [.text(problem.detail ?? "")])]), status: 403)
    }
    var context = context
    context.language = settings.readerLanguage(
      employeeID: found.person.id, acceptLanguage: request.headers["Accept-Language"])
    let kind = links.name(of: found.target, in: context.language) ?? found.target
    let settingsLink = Node.a([.href(WebPage.settings(.show).href)], [.text(context(MailText.changeInSettings))])
    guard confirmed else {
      return html(
        Layout.bare(
          context(MailText.stopMailsQuestion(kind: kind)), context,
          [
            .p([], [.text(context(MailText.stopMailsExplained))]),
            .form(
              [.method("post"), .action(WebPage.account(.confirmUnsubscribe(token: token)).href)],
              [
                .input([.type("hidden"), .name("List-Unsubscribe"), .value("One-Click")]),
                .button([.type("submit")], [.text(context(MailText.stopMailsButton))]),
              ]),
            .p([], [settingsLink]),
          ]))
    }
    return html(
      Layout.bare(
        context(MailText.mailsStopped(kind: kind)), context,
        [.p([], [.text(context(MailText.stopMailsExplained))]), .p([], [settingsLink])]))
  }
}

import AtriumAPI
import AtriumHTML
import AtriumHTTPTypes
import AtriumMessages
import AtriumServices

extension WebApp {
  /// "Delete my account": what goes and what the company keeps, then the e-mail typed again and
  /// the password (a directory account is told to ask its company instead).
  func deleteAccountPage(
    _ context: WebContext, principal: Principal, email: String, error: (field: String, message: String)?,
    status: Int = 200
  ) throws -> HTTPResponse {
    let erasure = AccountErasureService(environment: environment, auth: auth)
    func problem(_ field: String) -> Node {
      guard let error, error.field == field else { return .empty }
      return .p([.class("error"), .id("\(field)-error"), Attribute("role", "alert")], [.text(error.message)])
    }
    let explained: [Node] = [
      .p([], [.text(context(ErasureText.deleteExplained))]),
      .p([.class("muted")], [.text(context(ErasureText.keptExplained))]),
    ]
    guard try !erasure.isDirectoryAccount(principal.employee.id) else {
      return html(
        Layout.page(
          context(ErasureText.deleteMyAccount), context,
          explained + [
            .p([.class("notice-box")], [.text(context(AdminProblemMessage.directoryAccountDeletedByDirectory))])
          ]
        ))
    }
    let form = context.form(
      .settings(.confirmDeleteAccount), [.class("stack card")],
      [
        .label([.for("email")], [.text(context(ErasureText.typeYourEmail))]),
        .input([.type("email"), .id("email"), .name("email"), .value(email), .autocomplete("off"), .required]),
        problem("email"),
        .label([.for("password")], [.text(context(ErasureText.yourPassword))]),
        .input([.type("password"), .id("password"), .name("password"), .autocomplete("current-password"), .required]),
        problem("password"),
        problem("form"),
        .p([], [.button([.type("submit"), .class("danger")], [.text(context(ErasureText.deleteForGood))])]),
      ])
    return html(Layout.page(context(ErasureText.deleteMyAccount), context, explained + [form]), status: status)
  }

  /// Deletes the account; the browser's session cookie goes with it, and the page says so.
  func confirmDeleteAccount(
    _ request: HTTPRequest, form: [String: String], principal: Principal, context: WebContext
  ) throws -> HTTPResponse {
    let email = form["email"] ?? ""
    do {
      try AccountErasureService(environment: environment, auth: auth).deleteOwnAccount(
        AccountDeletion(email: email, password: form["password"] ?? ""), principal: principal,
        address: clientAddress(of: request))
    } catch {
      let problem = formProblem(error, in: context.language)
      let field = problem.errors?.first
      return try deleteAccountPage(
        context, principal: principal, email: email,
        error: (field?.field ?? "form", field.map { "\($0.field): \($0.message)" } ?? problem.detail ?? ""),
        status: problem.status)
    }
    var anonymous = context
    anonymous.visitor = nil
    var response = html(
      Layout.bare(
        context(ErasureText.accountDeleted), anonymous,
        [.p([], [.a([.href(WebPage.account(.signIn(next: nil)).href)], [.text(context(.signIn))])])]))
    response.headers.add("Set-Cookie", webSessions.clearedCookie(secure: webSessions.isSecure(request)))
    return response
  }
}

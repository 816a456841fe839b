import AtriumAPI
import AtriumDomain
import AtriumHTML
import AtriumHTTPTypes
import AtriumMessages
import AtriumServices

extension WebApp {
  /// A forgotten password's pages, for anyone: they call the same service as the JSON API.
  func passwordResetPage(
    _ page: WebPage.Account, _ request: HTTPRequest, form: [String: String], context: WebContext
  ) throws -> HTTPResponse {
    let service = PasswordResetService(environment: environment)
    if page.parts.name == .requestReset || page.parts.name == .resetPassword,
      let refusal = refusedForm(request, form: form, context: context)
    {
      return refusal
    }
    switch page {
    case .forgotPassword:
      return withFormToken(request, path: "/password-reset") {
        PasswordResetPages.ask(context, formToken: $0, email: "", error: nil)
      }
    case .requestReset:
      let email = form["email"] ?? ""
      do {
        try service.request(
          ForgottenPassword(email: email), origin: clientAddress(of: request), language: context.language)
      } catch {
        let problem = formProblem(error, in: context.language)
        return withFormToken(request, path: "/password-reset", status: problem.status) {
          PasswordResetPages.ask(context, formToken: $0, email: email, error: problem.detail)
        }
      }
      return html(PasswordResetPages.sent(context, minutes: PasswordResetService.linkMinutes))
    case .chooseNewPassword(let token):
      do {
        try service.check(token: token)
      } catch {
        return refused(error, context, offersNewLink: true)
      }
      return chooseForm(.account(.resetPassword(token: token)), request, context)
    case .resetPassword(let token):
      let target = WebPage.account(.resetPassword(token: token))
      if let mismatch = repeatMismatch(target, form, request, context) { return mismatch }
      do {
        try service.complete(PasswordReset(token: token, password: form["password"] ?? ""))
      } catch let failure as ValidationFailure {
        return chooseForm(target, errors: passwordErrors(failure, context), status: 400, request, context)
      } catch {
        return refused(error, context, offersNewLink: true)
      }
      var response = html(PasswordResetPages.done(context))
      response.headers.add("Set-Cookie", "\(PasswordResetPages.tokenCookie)=; Path=/password-reset; Max-Age=0")
      return response
    case .signIn, .submitSignIn, .signOut, .password, .changePassword, .invitation, .acceptInvitation, .unsubscribe,
      .confirmUnsubscribe, .signUp, .submitSignUp, .resendSignUp, .confirmSignUp, .completeSignUp,
      .confirmEmail, .completeEmail:
      throw Problem.notFound(.noSuch(.page, id: ""))
    }
  }

  /// The new password's form, posting to `action` (a reset's or an invitation's).
  func chooseForm(
    _ action: WebPage, title: String? = nil, greeting: String? = nil, errors: [String: String] = [:],
    status: Int = 200, _ request: HTTPRequest, _ context: WebContext
  ) -> HTTPResponse {
    let minimum = (try? company.passwordPolicy().minimumLength) ?? PasswordPolicy.standardMinimum
    let path = action.path.hasPrefix("/invitation") ? "/invitation" : "/password-reset"
    return withFormToken(request, path: path, status: status) {
      PasswordResetPages.choose(
        context, action: action, title: title ?? context(PasswordText.chooseTitle), greeting: greeting,
        formToken: $0, minimum: minimum, errors: errors)
    }
  }

  /// The form again when the two passwords differ: a slip of the finger must not lock anyone out.
  func repeatMismatch(
    _ action: WebPage, _ form: [String: String], _ request: HTTPRequest, _ context: WebContext
  ) -> HTTPResponse? {
    guard form["repeat"] != form["password"] else { return nil }
    return chooseForm(
      action, errors: ["repeat": context(PasswordText.repeatDiffers)], status: 400, request, context)
  }

  /// Each refused field as a sentence next to it.
  func passwordErrors(_ failure: ValidationFailure, _ context: WebContext) -> [String: String] {
    failure.errors.reduce(into: [String: String]()) { errors, error in
      errors[error.field] =
        error.rule.flatMap(PasswordText.sentence(for:)).map { context($0) }
        ?? error.worded(in: context.language).message
    }
  }

  /// A page whose form must repeat a new random value, also set in a cookie for `path`: before
  /// a session exists, that is how a form proves it came from its page (as the sign-in form).
  func withFormToken(
    _ request: HTTPRequest, path: String, status: Int = 200, _ page: (String) -> Node
  ) -> HTTPResponse {
    let token = environment.secret(bytes: 16)
    var response = html(page(token), status: status)
    response.headers.add(
      "Set-Cookie",
      "\(PasswordResetPages.tokenCookie)=\(token); Path=\(path); HttpOnly; SameSite=Strict"
        + (webSessions.isSecure(request) ? "; Secure" : ""))
    return response
  }

  /// The refusal for a form that did not repeat its page's value; nil when it did.
  func refusedForm(_ request: HTTPRequest, form: [String: String], context: WebContext) -> HTTPResponse? {
    let expected = request.cookie(PasswordResetPages.tokenCookie) ?? ""
    if !expected.isEmpty, form[WebSessions.csrfField] == expected { return nil }
    return html(
      Layout.bare(context(.notAllowedTitle), context, [.p([], [.text(context(.sessionExpired))])]), status: 403)
  }

  func refused(_ error: any Error, _ context: WebContext, offersNewLink: Bool) -> HTTPResponse {
    let problem = formProblem(error, in: context.language)
    return html(
      PasswordResetPages.refused(context, reason: problem.detail ?? "", offersNewLink: offersNewLink),
      status: problem.status)
  }
}

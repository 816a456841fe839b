import AtriumAPI
import AtriumDomain
import AtriumHTML
import AtriumHTTPTypes
import AtriumMessages
import AtriumServices

extension WebApp {
  /// Self sign-up: the form (with "send the link again" below it), what it answers (the same
  /// for any allowed address), and the page the mailed link opens, whose button confirms the
  /// address and signs the person in. Each form repeats its page's value, as the reset's do.
  func signUpPage(
    _ page: WebPage.Account, _ request: HTTPRequest, form: [String: String], context: WebContext
  ) throws -> HTTPResponse {
    let service = SignUpService(environment: environment)
    if WebPage.account(page).method == .post, let refusal = refusedForm(request, form: form, context: context) {
      return refusal
    }
    switch page {
    case .signUp:
      guard try service.isOpen() else { return closed(context) }
      return try signUpForm(request, context, form: [:], errors: [:])
    case .submitSignUp:
      guard try service.isOpen() else { return closed(context) }
      do {
        let accepted = try service.signUp(
          SignUpRequest(
            email: form["email"] ?? "", password: form["password"] ?? "", firstName: form["firstName"] ?? "",
            lastName: form["lastName"] ?? "", phone: form["phone"] ?? ""), origin: clientAddress(of: request),
          language: context.language)
        return sent(context, accepted)
      } catch {
        let problem = formProblem(error, in: context.language)
        var errors = Dictionary((problem.errors ?? []).map { ($0.field, $0.message) }) { first, _ in first }
        if errors.isEmpty { errors["form"] = problem.detail ?? "" }
        return try signUpForm(request, context, form: form, errors: errors, status: problem.status)
      }
    case .resendSignUp:
      do {
        let accepted = try service.resend(
          email: form["email"] ?? "", origin: clientAddress(of: request), language: context.language)
        return sent(context, accepted)
      } catch {
        let problem = formProblem(error, in: context.language)
        return try signUpForm(
          request, context, form: [:], errors: ["resend": problem.errors?.first?.message ?? problem.detail ?? ""],
          status: problem.status)
      }
    case .confirmSignUp(let token):
      let person: Employee
      do {
        person = try service.person(confirming: token)
      } catch {
        return refused(error, context, offersNewLink: false)
      }
      return withFormToken(request, path: "/sign-up") { formToken in
        Layout.bare(
          context(SignUpText.confirmTitle), context,
          [
            .p([], [.text(context(SignUpText.confirmHelp(username: person.username)))]),
            .form(
              [.method("post"), .action(WebPage.account(.completeSignUp(token: token)).href), .class("stack card")],
              [
                .input([.type("hidden"), .name(WebSessions.csrfField), .value(formToken)]),
                .p([], [.button([.type("submit")], [.text(context(MailText.signUpAction))])]),
              ]),
          ])
      }
    case .completeSignUp(let token):
      let person: Employee
      do {
        person = try service.confirm(token: token)
      } catch {
        return refused(error, context, offersNewLink: false)
      }
      var response = HTTPResponse.seeOther(WebPage.home(.timeline).href)
      response.headers.add(
        "Set-Cookie",
        try webSessions.start(for: person, secure: webSessions.isSecure(request), origin: sessionOrigin(of: request)))
      return response
    default:
      throw Problem.notFound(.noSuch(.page, id: ""))
    }
  }

  private func closed(_ context: WebContext) -> HTTPResponse {
    html(
      Layout.bare(
        context(SignUpText.createAccount), context,
        [.p([], [.text(context(AdminProblemMessage.signUpClosed))])]), status: 403)
  }

  private func sent(_ context: WebContext, _ accepted: SignUpAccepted) -> HTTPResponse {
    html(
      Layout.bare(
        context(SignUpText.createAccount), context,
        [
          .p(
            [.class("card"), Attribute("role", "status")],
            [.text(context(SignUpText.sent(email: accepted.email, days: accepted.confirmWithinDays)))]),
          .p([], [.a([.href(WebPage.account(.signIn(next: nil)).href)], [.text(context(.signIn))])]),
        ]))
  }

  /// The form, filled with what was sent (never the password), each refusal by its field.
  private func signUpForm(
    _ request: HTTPRequest, _ context: WebContext, form: [String: String], errors: [String: String],
    status: Int = 200
  ) throws -> HTTPResponse {
    let domains = try SignUpService(environment: environment).domains()
    let minimum = try company.passwordPolicy().minimumLength
    func error(_ field: String) -> Node {
      errors[field].map { .p([.class("error"), .id("\(field)-error"), Attribute("role", "alert")], [.text($0)]) }
        ?? .empty
    }
    func field(_ name: String, _ label: String, type: String, autocomplete: String, help: String? = nil) -> [Node] {
      [
        .label([.for(name)], [.text(label)]),
        help.map { .p([.class("muted"), .id("\(name)-help")], [.text($0)]) } ?? .empty,
        .input(
          [
            .type(type), .id(name), .name(name), .autocomplete(autocomplete), .required,
          ] + (type == "password" ? [Attribute("minlength", String(minimum))] : [.value(form[name] ?? "")])
            + (help != nil ? [Attribute("aria-describedby", "\(name)-help")] : [])),
        error(name),
      ]
    }
    return withFormToken(request, path: "/sign-up", status: status) { formToken in
      Layout.bare(
        context(SignUpText.createAccount), context,
        [
          .p([], [.text(context(SignUpText.help(domains: domains)))]),
          error("form"),
          .form(
            [.method("post"), .action(WebPage.account(.submitSignUp).href), .class("stack card")],
            [.input([.type("hidden"), .name(WebSessions.csrfField), .value(formToken)])]
              + field("email", context(.email), type: "email", autocomplete: "email")
              + field(
                "password", context(PasswordText.newPassword(minimum: minimum)), type: "password",
                autocomplete: "new-password")
              + field("firstName", context(.firstName), type: "text", autocomplete: "given-name")
              + field("lastName", context(.lastName), type: "text", autocomplete: "family-name")
              + field("phone", context(.phone), type: "tel", autocomplete: "tel", help: context(SignUpText.phoneHelp))
              + [.p([], [.button([.type("submit")], [.text(context(SignUpText.submit))])])]),
          .form(
            [.method("post"), .action(WebPage.account(.resendSignUp).href), .class("stack card"), .id("resend")],
            [
              .input([.type("hidden"), .name(WebSessions.csrfField), .value(formToken)]),
              .h2([], [.text(context(SignUpText.resendTitle))]),
              .label([.for("resend-email")], [.text(context(.email))]),
              .input([.type("email"), .id("resend-email"), .name("email"), .autocomplete("email"), .required]),
              error("resend"),
              .p([], [.button([.type("submit"), .class("secondary")], [.text(context(SignUpText.resendButton))])]),
            ]),
          .p([], [.a([.href(WebPage.account(.signIn(next: nil)).href)], [.text(context(.signIn))])]),
        ])
    }
  }
}

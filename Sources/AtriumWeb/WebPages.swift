import AtriumAPI
import AtriumCrypto
import AtriumDomain
import AtriumHTML
import AtriumHTTPTypes
import AtriumServices
import Foundation

/// The web app: pages rendered on the server from the same services the JSON API calls.
extension WebApp {
  /// Answers a request for a page (anything outside `/api/`, `/healthz` and `/calendar/`).
  package func respond(to request: HTTPRequest) -> Answer {
    guard
      let page = WebPage(
        method: request.matchingMethod, path: request.path, query: request.query)
    else {
      let context = webContext(for: request, visitor: webSessions.visitor(of: request), current: nil)
      return .now(
        html(Layout.bare(context(.notFoundTitle), context, [.p([], [.text(context(.notFound))])]), status: 404))
    }
    if page == .assets(.stylesheet) { return .now(WebAssets.stylesheetResponse) }
    if page == .assets(.script) { return .now(WebAssets.scriptResponse) }
    if page == .assets(.serviceWorker) { return .now(WebAssets.serviceWorkerResponse) }
    if page.rules.work == .mayBlock { return .blocking { [self] in webPage(page, request) } }
    return .now(webPage(page, request))
  }

  private func webPage(_ page: WebPage, _ request: HTTPRequest) -> HTTPResponse {
    var response = answer(page, request)
    // The page after a redirect showed the form's message: it is not shown twice.
    if request.method == "GET", WebFlash.isCarried(by: request), response.status != 303 {
      response.headers.add("Set-Cookie", WebFlash.clearingCookie(secure: webSessions.isSecure(request)))
    }
    return response
  }

  private func answer(_ page: WebPage, _ request: HTTPRequest) -> HTTPResponse {
    let visitor = webSessions.visitor(of: request)
    var form: [String: String] = [:]
    var files: [Multipart.Part] = []
    if page.method == .post {
      if let boundary = Multipart.boundary(contentType: request.headers["Content-Type"]) {
        for part in Multipart.parts(of: request.body, boundary: boundary) ?? [] {
          if part.filename == nil {
            form[part.name] = String(decoding: part.body, as: UTF8.self)
          } else {
            files.append(part)
          }
        }
      } else {
        form = QueryString.parse(String(decoding: request.body, as: UTF8.self))
      }
    }
    let context = webContext(for: request, visitor: visitor, current: page)
    // As in the API: a NUL or another control character is refused before anything is saved.
    if form.values.contains(where: TextRules.hasControlCharacters) {
      return html(
        Layout.bare(context(.checkTheForm), context, [.p([], [.text(context(.controlCharacters))])]), status: 400)
    }
    do {
      if page.rules.access == .anyone { return try publicPage(page, request, form: form, context: context) }
      guard let visitor else {
        return HTTPResponse.seeOther(WebPage.account(.signIn(next: page.method == .get ? request.path : nil)).href)
      }
      if page.method == .post, !webSessions.hasValidCSRFToken(request, form: form, visitor: visitor) {
        return html(
          Layout.bare(context(.notAllowedTitle), context, [.p([], [.text(context(.sessionExpired))])]), status: 403)
      }
      // A temporary password is changed before anything else.
      if visitor.principal.mustChangePassword, page.rules.beforePasswordChange == .refused {
        return HTTPResponse.seeOther(WebPage.account(.password).href)
      }
      if page == .account(.password) || page == .account(.changePassword) {
        return try passwordPage(page, request, form: form, visitor: visitor, context: context)
      }
      if page == .profile(.save) || page == .profile(.uploadPhoto) {
        return try saveProfile(
          form: page == .profile(.save) ? form : nil, photo: files.first { $0.name == "photo" }, visitor: visitor,
          context: context, request: request)
      }
      // A staff list comes as a file or pasted into the form.
      if page == .admin(.runImport), let file = files.first(where: { $0.name == "file" }), !file.body.isEmpty {
        form["csv"] = String(decoding: file.body, as: UTF8.self)
      }
      return try signedInPage(page, request, form: form, visitor: visitor, context: context)
    } catch {
      // Anything unexpected is logged and shown as a plain error page, never a stack trace.
      let problem = problem(error, request, in: context.language)
      return html(
        Layout.bare(problem.title, context, [.p([], [.text(problem.detail ?? "")])]), status: problem.status)
    }
  }

  // MARK: - Pages

  private func publicPage(
    _ page: WebPage, _ request: HTTPRequest, form: [String: String], context: WebContext
  ) throws -> HTTPResponse {
    switch page {
    case .account(.forgotPassword), .account(.requestReset), .account(.chooseNewPassword),
      .account(.resetPassword):
      guard case .account(let page) = page else { throw Problem.notFound(.noSuch(.page, id: "")) }
      return try passwordResetPage(page, request, form: form, context: context)
    case .account(.invitation), .account(.acceptInvitation):
      guard case .account(let page) = page else { throw Problem.notFound(.noSuch(.page, id: "")) }
      return try invitationPage(page, request, form: form, context: context)
    case .account(.signUp), .account(.submitSignUp), .account(.resendSignUp), .account(.confirmSignUp),
      .account(.completeSignUp):
      guard case .account(let page) = page else { throw Problem.notFound(.noSuch(.page, id: "")) }
      return try signUpPage(page, request, form: form, context: context)
    case .account(.confirmEmail(let token)):
      return try emailChangePage(token: token, confirmed: false, request, form: form, context: context)
    case .account(.completeEmail(let token)):
      return try emailChangePage(token: token, confirmed: true, request, form: form, context: context)
    case .account(.unsubscribe(let token)):
      return try unsubscribePage(token: token, confirmed: false, request, context: context)
    case .account(.confirmUnsubscribe(let token)):
      return try unsubscribePage(token: token, confirmed: true, request, context: context)
    case .account(.signIn(let next)):
      if context.visitor != nil { return HTTPResponse.seeOther(next ?? WebPage.home(.timeline).href) }
      return signInForm(context, request, next: next, error: nil, username: "", status: 200)
    case .account(.submitSignIn):
      let next = form["next"].flatMap(WebPage.localPath)
      let username = form["username"] ?? ""
      let expected = request.cookie(SignInPage.tokenCookie) ?? ""
      guard !expected.isEmpty, form[WebSessions.csrfField] == expected else {
        return signInForm(
          context, request, next: next, error: context(.sessionExpired), username: username, status: 403)
      }
      do {
        let (employee, _) = try auth.verify(
          LoginRequest(username: username, password: form["password"] ?? ""), address: clientAddress(of: request))
        let cookie = try webSessions.start(
          for: employee, secure: webSessions.isSecure(request), origin: sessionOrigin(of: request))
        var response = HTTPResponse.seeOther(next ?? WebPage.home(.timeline).href)
        response.headers.add("Set-Cookie", cookie)
        response.headers.add(
          "Set-Cookie", "\(SignInPage.tokenCookie)=; Path=/sign-in; Max-Age=0; HttpOnly; SameSite=Strict")
        return response
      } catch let problem as Problem {
        let message: Text =
          switch problem.status {
          case 429: .tooManyAttempts
          case 503: .directoryDown
          default: .wrongCredentials
          }
        // A signed-up account not yet confirmed: said only to whoever gave its password.
        let words =
          problem.status == 403 ? formProblem(problem, in: context.language).detail ?? "" : context(message)
        return signInForm(
          context, request, next: next, error: words, username: username, status: problem.status,
          offersConfirmationAgain: problem.status == 403)
      } catch is ValidationFailure {
        return signInForm(
          context, request, next: next, error: context(.wrongCredentials), username: username, status: 400)
      }
    case .account(.signOut), .account(.password), .account(.changePassword), .assets, .home, .timeOff, .board,
      .approvals, .team, .profile, .company, .calendar, .settings, .admin, .presence, .tasks, .sensors:
      // Pages for a signed-in visitor, and the assets (answered before).
      throw Problem.notFound(.noSuch(.page, id: ""))
    }
  }

  private func signedInPage(
    _ page: WebPage, _ request: HTTPRequest, form: [String: String], visitor: WebSessions.Visitor, context: WebContext
  ) throws -> HTTPResponse {
    switch page {
    case .account(let page): return try self.page(page, request, form: form, visitor: visitor, context: context)
    case .home(let page): return try self.page(page, request, form: form, visitor: visitor, context: context)
    case .timeOff(let page): return try self.page(page, request, form: form, visitor: visitor, context: context)
    case .board(let page): return try self.page(page, request, form: form, visitor: visitor, context: context)
    case .approvals(let page): return try self.page(page, request, form: form, visitor: visitor, context: context)
    case .team(let page): return try self.page(page, request, form: form, visitor: visitor, context: context)
    case .profile(let page): return try self.page(page, request, form: form, visitor: visitor, context: context)
    case .company(let page): return try self.page(page, request, form: form, visitor: visitor, context: context)
    case .calendar(let page): return try self.page(page, request, form: form, visitor: visitor, context: context)
    case .settings(let page): return try self.page(page, request, form: form, visitor: visitor, context: context)
    case .presence(let page): return try self.page(page, request, form: form, visitor: visitor, context: context)
    case .tasks(let page): return try self.page(page, request, form: form, visitor: visitor, context: context)
    case .sensors(let page): return try self.page(page, request, form: form, visitor: visitor, context: context)
    case .admin(let page):
      guard visitor.principal.employee.role == .admin else { return notAllowed(context) }
      return try adminPage(page, request, form: form, visitor: visitor, context: context)
    case .assets:
      throw Problem.notFound(.noSuch(.page, id: ""))
    }
  }

  // MARK: - Helpers

  private func signInForm(
    _ context: WebContext, _ request: HTTPRequest, next: String?, error: String?, username: String, status: Int,
    offersConfirmationAgain: Bool = false
  ) -> HTTPResponse {
    let token = environment.secret(bytes: 16)
    var response = html(
      SignInPage.render(
        context, next: next, token: token, error: error, username: username, offersReset: environment.mail != nil,
        offersSignUp: (try? SignUpService(environment: environment).isOpen()) ?? false,
        offersConfirmationAgain: offersConfirmationAgain),
      status: status)
    response.headers.add(
      "Set-Cookie",
      "\(SignInPage.tokenCookie)=\(token); Path=/sign-in; HttpOnly; SameSite=Strict"
        + (webSessions.isSecure(request) ? "; Secure" : ""))
    return response
  }

  func notAllowed(_ context: WebContext) -> HTTPResponse {
    html(Layout.page(context(.notAllowedTitle), context, [.p([], [.text(context(.notAllowed))])]), status: 403)
  }

  private func webContext(for request: HTTPRequest, visitor: WebSessions.Visitor?, current: WebPage?) -> WebContext {
    let language = settings.readerLanguage(
      employeeID: visitor?.principal.employee.id, acceptLanguage: request.headers["Accept-Language"])
    let unread = visitor.flatMap { try? board.badge(principal: $0.principal).unread } ?? 0
    return WebContext(
      visitor: visitor, language: language, companyName: (try? company.name()) ?? "Atrium", unread: unread,
      current: current, flash: request.method == "GET" ? flash.message(in: request, for: visitor) : nil,
      waiting: visitor.flatMap { try? leaveQueries.waitingCount(principal: $0.principal) } ?? 0)
  }

  /// A page with the security headers every page carries: no inline script or style, no
  /// framing, no sniffing, and no caching of personal pages.
  package func html(_ node: Node, status: Int = 200) -> HTTPResponse {
    HTTPResponse(
      status: status,
      headers: HTTPHeaders([
        ("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store"),
        (
          "Content-Security-Policy",
          "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; object-src 'none'; "
            + "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
        ),
        ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "same-origin"), ("X-Frame-Options", "DENY"),
      ]), body: node.renderDocumentBytes())
  }

  /// An error as the problem the visitor is shown (the API's mapping: a busy database is 503,
  /// and anything unexpected is logged and shown without internals).
  /// The problem of a page's form, worded in the visitor's language.
  package func problem(_ error: any Error, _ request: HTTPRequest, in language: Language) -> Problem {
    Problem.describing(error, requestID: request.requestID, log: environment.log).localized(in: language)
  }
}

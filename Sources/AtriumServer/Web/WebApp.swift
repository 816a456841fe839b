import AtriumAPI
import AtriumDomain
import AtriumHTML
import AtriumHTTP
import AtriumStore
import Foundation

/// The web app: pages rendered on the server from the same services the JSON API calls.
extension AtriumApp {
  /// Answers a request for a page (anything outside `/api/`, `/healthz` and `/calendar/`).
  func respondWeb(_ request: HTTPRequest) -> HTTPOutcome {
    guard
      let page = WebPage(
        method: request.method == "HEAD" ? "GET" : request.method, path: request.path, query: request.query)
    else {
      let context = webContext(for: request, visitor: webSessions.visitor(of: request), current: nil)
      return .response(
        html(Layout.bare(context(.notFoundTitle), context, [.p([], [.text(context(.notFound))])]), status: 404))
    }
    if page == .stylesheet { return .response(WebAssets.stylesheetResponse) }
    if page == .script { return .response(WebAssets.scriptResponse) }
    // Signing in hashes a password or asks the directory: off the network threads.
    if page == .submitSignIn { return .blocking { [self] in webPage(page, request) } }
    return .response(webPage(page, request))
  }

  private func webPage(_ page: WebPage, _ request: HTTPRequest) -> HTTPResponse {
    let visitor = webSessions.visitor(of: request)
    let form = page.method == .post ? QueryString.parse(String(decoding: request.body, as: UTF8.self)) : [:]
    let context = webContext(for: request, visitor: visitor, current: page)
    do {
      if page.isPublic { return try publicPage(page, request, form: form, context: context) }
      guard let visitor else {
        return redirect(to: WebPage.signIn(next: page.method == .get ? request.path : nil).href)
      }
      if page.method == .post, !webSessions.hasValidCSRFToken(request, form: form, visitor: visitor) {
        return html(
          Layout.bare(context(.notAllowedTitle), context, [.p([], [.text(context(.sessionExpired))])]), status: 403)
      }
      return try signedInPage(page, request, form: form, visitor: visitor, context: context)
    } catch {
      // Anything unexpected is logged and shown as a plain error page, never a stack trace.
      let problem = Self.problem(error)
      if problem.status >= 500 {
        environment.log.write(ErrorLogEntry(requestId: request.requestID, error: String(describing: error)).line)
      }
      return html(
        Layout.bare(problem.title, context, [.p([], [.text(problem.detail ?? "")])]), status: problem.status)
    }
  }

  // MARK: - Pages

  private func publicPage(
    _ page: WebPage, _ request: HTTPRequest, form: [String: String], context: WebContext
  ) throws -> HTTPResponse {
    switch page {
    case .signIn(let next):
      if context.visitor != nil { return redirect(to: next ?? WebPage.home.href) }
      return signInForm(context, next: next, error: nil, username: "", status: 200)
    case .submitSignIn:
      let next = form["next"].flatMap(WebPage.localPath)
      let username = form["username"] ?? ""
      let expected = request.cookies[SignInPage.tokenCookie] ?? ""
      guard !expected.isEmpty, form[WebSessions.csrfField] == expected else {
        return signInForm(context, next: next, error: context(.sessionExpired), username: username, status: 403)
      }
      do {
        let (employee, _) = try auth.verify(
          LoginRequest(username: username, password: form["password"] ?? ""), address: clientAddress(of: request))
        let cookie = try webSessions.start(for: employee, secure: webSessions.isSecure(request))
        var response = redirect(to: next ?? WebPage.home.href)
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
        return signInForm(context, next: next, error: context(message), username: username, status: problem.status)
      } catch is ValidationFailure {
        return signInForm(context, next: next, error: context(.wrongCredentials), username: username, status: 400)
      }
    default:
      throw Problem.notFound("No such page.")
    }
  }

  private func signedInPage(
    _ page: WebPage, _ request: HTTPRequest, form: [String: String], visitor: WebSessions.Visitor, context: WebContext
  ) throws -> HTTPResponse {
    let principal = visitor.principal
    switch page {
    case .signOut:
      var response = redirect(to: WebPage.signIn(next: nil).href)
      response.headers.add("Set-Cookie", try webSessions.end(visitor, secure: webSessions.isSecure(request)))
      return response
    case .home:
      return html(HomePage.render(context, timeline: try timeline.page(PageRequest(limit: 50), principal: principal)))
    case .createPost:
      do {
        _ = try timeline.create(NewPost(text: form["text"] ?? ""), principal: principal)
        return redirect(to: WebPage.home.href)
      } catch {
        let problem = Self.problem(error)
        return html(
          HomePage.render(
            context, timeline: try timeline.page(PageRequest(limit: 50), principal: principal),
            error: problem.detail, draft: form["text"] ?? ""), status: problem.status)
      }
    case .timeOff(let year):
      return html(TimeOffPage.render(context, year: try leaveQueries.myLeave(year: year, principal: principal)))
    case .requestLeave:
      return try requestLeave(form: form, principal: principal, context: context)
    case .cancelLeave(let id):
      do {
        _ = try leave.act(.cancel, on: id, reason: nil, by: principal)
        return redirect(to: WebPage.timeOff(year: nil).href)
      } catch {
        let problem = Self.problem(error)
        return html(
          TimeOffPage.render(
            context, year: try leaveQueries.myLeave(year: nil, principal: principal), error: problem.detail),
          status: problem.status)
      }
    case .board:
      let items = try board.page(unreadOnly: false, page: PageRequest(limit: 100), principal: principal).items
      // Unread first, each group newest first.
      return html(BoardPage.render(context, items: items.filter { !$0.read } + items.filter(\.read)))
    case .markRead(let id):
      try board.markRead(id: id, principal: principal)
      return redirect(to: WebPage.board.href)
    case .markAllRead:
      try board.markAllRead(principal: principal)
      return redirect(to: WebPage.board.href)
    case .approvals(let filter):
      guard context.decides else { return notAllowed(context) }
      let items = try leaveQueries.approvals(filter: filter, page: PageRequest(limit: 200), principal: principal).items
      return html(ApprovalsPage.render(context, filter: filter, items: items))
    case .decide(let id, let action):
      guard context.decides else { return notAllowed(context) }
      do {
        _ = try leave.act(action, on: id, reason: nil, by: principal)
        return redirect(to: WebPage.approvals(.pending).href)
      } catch {
        let problem = Self.problem(error)
        let items = try leaveQueries.approvals(filter: .pending, page: PageRequest(limit: 200), principal: principal)
          .items
        return html(
          ApprovalsPage.render(context, filter: .pending, items: items, error: problem.detail), status: problem.status)
      }
    case .signIn, .submitSignIn, .stylesheet, .script:
      throw Problem.notFound("No such page.")
    }
  }

  /// The request form: a first submit (or any with `intent=preview`) shows the preview; a
  /// submit with `intent=send` asks for the leave. Errors come back next to the form.
  private func requestLeave(form: [String: String], principal: Principal, context: WebContext) throws -> HTTPResponse {
    var values = TimeOffPage.Form()
    values.start = form["start"] ?? ""
    values.end = form["end"] ?? ""
    values.startHalf = form["startHalf"].flatMap(StartHalf.init(rawValue:)) ?? .full
    values.endHalf = form["endHalf"].flatMap(EndHalf.init(rawValue:)) ?? .full
    values.note = form["note"] ?? ""
    let year = try leaveQueries.myLeave(year: nil, principal: principal)
    guard let start = CalendarDate(values.start), let end = CalendarDate(values.end) else {
      return html(
        TimeOffPage.render(
          context, year: year, form: values, error: context(.problem("Choose the first and last day."))),
        status: 400)
    }
    do {
      if form["intent"] == "send" {
        _ = try leave.create(
          NewLeaveRequest(
            start: start, end: end, startHalf: values.startHalf, endHalf: values.endHalf, note: values.note),
          by: principal)
        return redirect(to: WebPage.timeOff(year: start.year).href)
      }
      let preview = try leaveQueries.preview(
        LeaveQuery(start: start, end: end, startHalf: values.startHalf, endHalf: values.endHalf), principal: principal)
      return html(TimeOffPage.render(context, year: year, form: values, preview: preview))
    } catch {
      let problem = Self.problem(error)
      return html(TimeOffPage.render(context, year: year, form: values, error: problem.detail), status: problem.status)
    }
  }

  // MARK: - Helpers

  private func signInForm(
    _ context: WebContext, next: String?, error: String?, username: String, status: Int
  ) -> HTTPResponse {
    let token = Base64URL.encode(Crypto.randomBytes(16))
    var response = html(
      SignInPage.render(context, next: next, token: token, error: error, username: username), status: status)
    response.headers.add("Set-Cookie", "\(SignInPage.tokenCookie)=\(token); Path=/sign-in; HttpOnly; SameSite=Strict")
    return response
  }

  private func notAllowed(_ context: WebContext) -> HTTPResponse {
    html(Layout.page(context(.notAllowedTitle), context, [.p([], [.text(context(.notAllowed))])]), status: 403)
  }

  private func webContext(for request: HTTPRequest, visitor: WebSessions.Visitor?, current: WebPage?) -> WebContext {
    let facts = try? environment.database.read { connection -> (String, String?) in
      let name = try CompanyStore(connection).company()?.name ?? "Atrium"
      let settings = try visitor.map { try SettingsStore(connection).settings(employeeID: $0.principal.employee.id) }
      let language = settings.flatMap { $0.languageChosen ? $0.language : nil }
      return (name, language)
    }
    let language =
      facts?.1.flatMap(Language.init(rawValue:))
      ?? Language.preferred(acceptLanguage: request.headers["Accept-Language"])
    let unread = visitor.flatMap { try? board.badge(principal: $0.principal).unread } ?? 0
    return WebContext(
      visitor: visitor, language: language, companyName: facts?.0 ?? "Atrium", unread: unread, current: current)
  }

  /// A page with the security headers every page carries: no inline script or style, no
  /// framing, no sniffing, and no caching of personal pages.
  func html(_ node: Node, status: Int = 200) -> HTTPResponse {
    HTTPResponse(
      status: status,
      headers: HTTPHeaders([
        ("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store"),
        (
          "Content-Security-Policy",
          "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; object-src 'none'; "
            + "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
        ),
        ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "same-origin"), ("X-Frame-Options", "DENY"),
      ]), body: Array(node.renderDocument().utf8))
  }

  /// 303 See Other: after a form, the browser loads the page with GET.
  private func redirect(to location: String) -> HTTPResponse {
    HTTPResponse(status: 303, headers: HTTPHeaders([("Location", location), ("Cache-Control", "no-store")]))
  }

  /// An error as a problem, for its status and message.
  private static func problem(_ error: any Error) -> Problem {
    switch error {
    case let problem as Problem: problem
    case let failure as ValidationFailure: Problem.invalid(failure)
    default: Problem(status: 500, detail: "Something went wrong; try again.")
    }
  }
}

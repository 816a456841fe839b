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
        method: request.method == "HEAD" ? "GET" : request.method, path: request.path, query: request.query)
    else {
      let context = webContext(for: request, visitor: webSessions.visitor(of: request), current: nil)
      return .now(
        html(Layout.bare(context(.notFoundTitle), context, [.p([], [.text(context(.notFound))])]), status: 404))
    }
    if page == .stylesheet { return .now(WebAssets.stylesheetResponse) }
    if page == .script { return .now(WebAssets.scriptResponse) }
    if page.rules.work == .mayBlock { return .blocking { [self] in webPage(page, request) } }
    return .now(webPage(page, request))
  }

  private func webPage(_ page: WebPage, _ request: HTTPRequest) -> HTTPResponse {
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
    do {
      if page.rules.access == .anyone { return try publicPage(page, request, form: form, context: context) }
      guard let visitor else {
        return HTTPResponse.seeOther(WebPage.signIn(next: page.method == .get ? request.path : nil).href)
      }
      if page.method == .post, !webSessions.hasValidCSRFToken(request, form: form, visitor: visitor) {
        return html(
          Layout.bare(context(.notAllowedTitle), context, [.p([], [.text(context(.sessionExpired))])]), status: 403)
      }
      // A temporary password is changed before anything else.
      if visitor.principal.mustChangePassword, page.rules.beforePasswordChange == .refused {
        return HTTPResponse.seeOther(WebPage.password.href)
      }
      if page == .password || page == .changePassword {
        return try passwordPage(page, request, form: form, visitor: visitor, context: context)
      }
      if page == .uploadPhoto {
        return try uploadPhoto(files.first { $0.name == "photo" }, visitor: visitor, context: context)
      }
      // A staff list comes as a file or pasted into the form.
      if page == .adminRunImport, let file = files.first(where: { $0.name == "file" }), !file.body.isEmpty {
        form["csv"] = String(decoding: file.body, as: UTF8.self)
      }
      return try signedInPage(page, request, form: form, visitor: visitor, context: context)
    } catch {
      // Anything unexpected is logged and shown as a plain error page, never a stack trace.
      let problem = problem(error, request)
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
      if context.visitor != nil { return HTTPResponse.seeOther(next ?? WebPage.home.href) }
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
        var response = HTTPResponse.seeOther(next ?? WebPage.home.href)
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
      var response = HTTPResponse.seeOther(WebPage.signIn(next: nil).href)
      response.headers.add("Set-Cookie", try webSessions.end(visitor, secure: webSessions.isSecure(request)))
      return response
    case .home:
      return try homePage(context, principal: principal)
    case .createPost:
      do {
        _ = try timeline.create(NewPost(text: form["text"] ?? ""), principal: principal)
        return HTTPResponse.seeOther(WebPage.home.href)
      } catch {
        let problem = problem(error, request)
        return try homePage(
          context, principal: principal, draft: HomeCard.Draft(text: form["text"] ?? "", error: problem.detail),
          status: problem.status)
      }
    case .timeOff(let year):
      return html(
        TimeOffPage.render(
          context, year: try leaveQueries.myLeave(year: year, principal: principal), types: try activeLeaveTypes()))
    case .requestLeave:
      return try requestLeave(request, form: form, principal: principal, context: context)
    case .editLeave(let id):
      let request = try leaveQueries.detail(id: id, principal: principal).request
      guard request.employeeId == principal.employee.id else { throw Problem.notFound("No request has the id \(id).") }
      var values = TimeOffPage.Form()
      values.start = request.start.description
      values.end = request.end.description
      values.startHalf = request.startHalf
      values.endHalf = request.endHalf
      values.note = request.note
      values.typeID = request.type.id
      return html(
        TimeOffPage.render(
          context, year: try leaveQueries.myLeave(year: request.start.year, principal: principal), form: values,
          types: try activeLeaveTypes(), changing: id))
    case .changeLeave(let id):
      return try requestLeave(request, form: form, principal: principal, context: context, changing: id)
    case .cancelLeave(let id):
      do {
        _ = try leave.act(.cancel, on: id, reason: nil, by: principal)
        return HTTPResponse.seeOther(WebPage.timeOff(year: nil).href)
      } catch {
        let problem = problem(error, request)
        return html(
          TimeOffPage.render(
            context, year: try leaveQueries.myLeave(year: nil, principal: principal), error: problem.detail),
          status: problem.status)
      }
    case .board:
      return try boardPage(context, principal: principal)
    case .postNotice:
      let draft = BoardPage.Draft(
        title: form["title"] ?? "", body: form["body"] ?? "", audience: form["audience"] ?? "everyone",
        expires: form["expires"] ?? "")
      let audience = draft.audience.split(separator: ":", maxSplits: 1).map(String.init)
      do {
        _ = try board.post(
          NewNotice(
            title: draft.title, body: draft.body, audience: audience.first ?? "everyone",
            audienceId: audience.count > 1 ? audience[1] : nil,
            expiresAt: draft.expires.isEmpty ? nil : draft.expires + "T23:59:59Z"),
          by: principal)
        return HTTPResponse.seeOther(WebPage.board.href)
      } catch {
        let problem = problem(error, request)
        return try boardPage(context, principal: principal, draft: draft, error: problem.detail, status: problem.status)
      }
    case .markRead(let id):
      try board.markRead(id: id, principal: principal)
      return HTTPResponse.seeOther(WebPage.board.href)
    case .markAllRead:
      try board.markAllRead(principal: principal)
      return HTTPResponse.seeOther(WebPage.board.href)
    case .approvals(let filter):
      guard context.decides else { return notAllowed(context) }
      let items = try leaveQueries.approvals(filter: filter, page: PageRequest(limit: 200), principal: principal).items
      return html(ApprovalsPage.render(context, filter: filter, items: items))
    case .decide(let id, let action):
      guard context.decides else { return notAllowed(context) }
      do {
        _ = try leave.act(action, on: id, reason: nil, by: principal)
        return HTTPResponse.seeOther(WebPage.approvals(.pending).href)
      } catch {
        let problem = problem(error, request)
        let items = try leaveQueries.approvals(filter: .pending, page: PageRequest(limit: 200), principal: principal)
          .items
        return html(
          ApprovalsPage.render(context, filter: .pending, items: items, error: problem.detail), status: problem.status)
      }
    case .requestDetail(let id):
      guard context.decides else { return notAllowed(context) }
      return html(RequestDetailPage.render(context, try leaveQueries.detail(id: id, principal: principal)))
    case .team(let query, let department, let location):
      let people = try self.people.directory(
        PeopleQuery(text: query, departmentID: department, locationID: location, page: PageRequest(limit: 200)))
      return html(
        TeamPage.directory(
          context, page: page, people: people.items,
          departments: try places.departments(PageRequest(limit: 1000)).items,
          locations: try places.locations(PageRequest(limit: 1000)).items))
    case .person(let id):
      let profile = try people.profile(id: id, principal: principal)
      let actions = try extensions.personActions.compactMap { try $0.button(profile, principal, context) }
      return html(TeamPage.person(context, profile, actions: actions))
    case .personTimeOff(let id, let year):
      return html(
        TeamPage.timeOff(context, id: id, year: try leaveQueries.personLeave(id: id, year: year, principal: principal)))
    case .profile:
      return HTTPResponse.seeOther(WebPage.person(id: principal.employee.id).href)
    case .editProfile:
      return try editProfile(context, principal: principal)
    case .saveProfile:
      do {
        _ = try people.updateMe(
          ProfileChange(phone: form["phone"] ?? "", locationId: form["locationId"], bio: form["bio"] ?? ""),
          principal: principal)
        return try editProfile(context, principal: principal, saved: true)
      } catch let failure as ValidationFailure {
        var errors = ProfilePage.Errors()
        for error in failure.errors { errors.fields[error.field] = error.message }
        return try editProfile(context, principal: principal, errors: errors, status: 400)
      } catch let problem as Problem where problem.errors != nil {
        var errors = ProfilePage.Errors()
        for error in problem.errors ?? [] { errors.fields[error.field] = error.message }
        return try editProfile(context, principal: principal, errors: errors, status: problem.status)
      }
    case .company:
      return html(CompanyPage.render(context, try company.company()))
    case .calendar(let month, let department, let location):
      let calendar = try teamCalendar.month(month, departmentID: department, locationID: location, principal: principal)
      return html(
        CalendarPage.render(
          context, calendar, departmentID: department, locationID: location,
          departments: try places.departments(PageRequest(limit: 1000)).items,
          locations: try places.locations(PageRequest(limit: 1000)).items))
    case .settings:
      return try settingsPage(context, principal: principal, request: request)
    case .saveSettings:
      let language = form["language"].flatMap { ["en", "es"].contains($0) ? $0 : nil }
      _ = try settings.update(
        SettingsChange(
          notifications: .init(
            leaveDecisions: form["leaveDecisions"] == "on", approvalsWaiting: form["approvalsWaiting"] == "on",
            companyNotices: form["companyNotices"] == "on"), language: language),
        principal: principal)
      // The page is shown in the language just chosen.
      let updated = WebContext(
        visitor: visitor, language: language.flatMap(Language.init(rawValue:)) ?? context.language,
        companyName: context.companyName, unread: context.unread, current: page)
      return try settingsPage(updated, principal: principal, request: request, saved: true)
    case .rotateCalendar:
      _ = try calendarFeeds.rotate(for: principal, origin: request.origin)
      return HTTPResponse.seeOther(WebPage.settings.href)
    case .deleteDevice(let id):
      try settings.deleteDevice(id: id, principal: principal)
      return HTTPResponse.seeOther(WebPage.settings.href)
    case .resetBadge:
      _ = try board.resetBadge(principal: principal)
      return HTTPResponse.seeOther(WebPage.settings.href)
    case .admin, .adminPeople, .adminNewPerson, .adminCreatePerson, .adminPerson, .adminUpdatePerson,
      .adminResetPassword, .adminPlaces, .adminCreateLocation, .adminCreateDepartment, .adminDeleteLocation,
      .adminDeleteDepartment, .adminCompany, .adminSaveCompany, .adminFeeds, .adminAddFeed, .adminRefreshFeed,
      .adminDeleteFeed, .adminAudit, .adminLeave, .adminSavePolicy, .adminAddLeaveType, .adminToggleLeaveType,
      .adminAddHoliday, .adminDeleteHoliday, .adminSetAllowance, .adminImport, .adminRunImport, .adminRenameLocation,
      .adminRenameDepartment,
      .adminRenameLeaveType:
      guard principal.employee.role == .admin else { return notAllowed(context) }
      return try adminPage(page, form: form, principal: principal, context: context)
    case .uploadPhoto, .signIn, .submitSignIn, .stylesheet, .script, .password, .changePassword:
      throw Problem.notFound("No such page.")
    }
  }

  private func boardPage(
    _ context: WebContext, principal: Principal, draft: BoardPage.Draft = BoardPage.Draft(), error: String? = nil,
    status: Int = 200
  ) throws -> HTTPResponse {
    let items = try board.page(unreadOnly: false, page: PageRequest(limit: 100), principal: principal).items
    let places =
      principal.employee.role == .admin
      ? (try places.departments(PageRequest(limit: 1000)).items, try places.locations(PageRequest(limit: 1000)).items)
      : nil
    // Unread first, each group newest first.
    return html(
      BoardPage.render(
        context, items: items.filter { !$0.read } + items.filter(\.read), places: places, draft: draft, error: error),
      status: status)
  }

  // MARK: - Helpers

  private func signInForm(
    _ context: WebContext, next: String?, error: String?, username: String, status: Int
  ) -> HTTPResponse {
    let token = environment.secret(bytes: 16)
    var response = html(
      SignInPage.render(context, next: next, token: token, error: error, username: username), status: status)
    response.headers.add("Set-Cookie", "\(SignInPage.tokenCookie)=\(token); Path=/sign-in; HttpOnly; SameSite=Strict")
    return response
  }

  private func notAllowed(_ context: WebContext) -> HTTPResponse {
    html(Layout.page(context(.notAllowedTitle), context, [.p([], [.text(context(.notAllowed))])]), status: 403)
  }

  private func webContext(for request: HTTPRequest, visitor: WebSessions.Visitor?, current: WebPage?) -> WebContext {
    let chosen = visitor.flatMap { try? settings.chosenLanguage(employeeID: $0.principal.employee.id) }
    let language =
      chosen.flatMap(Language.init(rawValue:)) ?? Language.preferred(acceptLanguage: request.headers["Accept-Language"])
    let unread = visitor.flatMap { try? board.badge(principal: $0.principal).unread } ?? 0
    return WebContext(
      visitor: visitor, language: language, companyName: (try? company.name()) ?? "Atrium", unread: unread,
      current: current)
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
      ]), body: Array(node.renderDocument().utf8))
  }

  /// An error as the problem the visitor is shown (the API's mapping: a busy database is 503,
  /// and anything unexpected is logged and shown without internals).
  package func problem(_ error: any Error, _ request: HTTPRequest) -> Problem {
    Problem.describing(error, requestID: request.requestID, log: environment.log)
  }
}

import AtriumAPI
import AtriumDomain
import AtriumHTTP
import AtriumStore
import Foundation

/// The JSON handlers: each decodes its input, calls a section's service and encodes the
/// answer. They stay thin; the rules live in the services and AtriumDomain.
extension AtriumApp {
  /// One case per route: adding a route without a handler does not compile.
  func dispatch(_ route: Route, _ request: HTTPRequest, _ principal: Principal?) throws -> HTTPResponse {
    switch route {
    case .health:
      return try JSONCoding.response(Health())
    case .openAPI:
      return HTTPResponse(
        status: 200,
        headers: HTTPHeaders([("Content-Type", "application/yaml"), ("Cache-Control", "public, max-age=300")]),
        body: contract.bytes)
    case .login:
      let body = try JSONCoding.decode(LoginRequest.self, from: request)
      return try JSONCoding.response(try auth.login(body, address: clientAddress(of: request)))
    case .refresh:
      let body = try JSONCoding.decode(RefreshRequest.self, from: request)
      return try JSONCoding.response(try auth.refresh(body))
    case .logout(let everywhere):
      let principal = try signedIn(principal)
      let body = request.body.isEmpty && everywhere ? nil : try JSONCoding.decode(LogoutRequest.self, from: request)
      try auth.logout(principal, refreshToken: body?.refreshToken, everywhere: everywhere)
      return HTTPResponse(status: 204)
    case .me:
      let principal = try signedIn(principal)
      let user = try environment.database.read { try users.user(for: principal.employee, connection: $0) }
      return try JSONCoding.response(user)
    case .locations(let page):
      return try JSONCoding.response(try places.locations(page))
    case .createLocation:
      // Permission before input (DESIGN.md): a non-admin learns nothing from their body's errors.
      let principal = try signedIn(principal)
      try requireAdmin(principal, to: "add locations")
      let body = try JSONCoding.decode(NewLocation.self, from: request)
      let location = try places.createLocation(body, by: principal)
      return try JSONCoding.response(location, status: 201)
    case .updateLocation(let id):
      let principal = try signedIn(principal)
      try requireAdmin(principal, to: "change locations")
      let body = try JSONCoding.decode(LocationChange.self, from: request)
      return try JSONCoding.response(try places.updateLocation(id: id, body, by: principal))
    case .departments(let page):
      return try JSONCoding.response(try places.departments(page))
    case .createDepartment:
      let principal = try signedIn(principal)
      try requireAdmin(principal, to: "add departments")
      let body = try JSONCoding.decode(NewDepartment.self, from: request)
      let department = try places.createDepartment(body, by: principal)
      return try JSONCoding.response(department, status: 201)
    case .personPhoto(let id, let size, let version):
      return try photos.picture(of: id, size: size, version: version, request: request)
    case .updateMyPhoto:
      let principal = try signedIn(principal)
      return try JSONCoding.response(try photos.upload(request.body, for: principal.employee.id, by: principal))
    case .updatePersonPhoto(let id):
      let principal = try signedIn(principal)
      return try JSONCoding.response(try photos.upload(request.body, for: id, by: principal))
    case .deleteMyPhoto:
      let principal = try signedIn(principal)
      try photos.remove(for: principal.employee.id, by: principal)
      return HTTPResponse(status: 204)
    case .deletePersonPhoto(let id):
      try photos.remove(for: id, by: try signedIn(principal))
      return HTTPResponse(status: 204)
    case .updateNotice(let id):
      let principal = try signedIn(principal)
      try requireAdmin(principal, to: "edit company notices")
      let body = try JSONCoding.decode(NoticeChange.self, from: request)
      return try JSONCoding.response(try board.update(id: id, body, by: principal))
    case .deleteNotice(let id):
      try board.delete(id: id, by: try signedIn(principal))
      return HTTPResponse(status: 204)
    case .directory:
      return try JSONCoding.response(try directoryAdmin.status(principal: try signedIn(principal)))
    case .syncDirectory:
      return try JSONCoding.response(try directoryAdmin.sync(principal: try signedIn(principal)))
    case .updateDirectory:
      let principal = try signedIn(principal)
      try requireAdmin(principal, to: "change the directory settings")
      let body = try JSONCoding.decode(DirectorySettings.self, from: request)
      return try JSONCoding.response(try directoryAdmin.update(body, principal: principal))
    case .resetDirectory:
      try directoryAdmin.reset(principal: try signedIn(principal))
      return HTTPResponse(status: 204)
    case .teamCalendar(let month, let departmentID, let locationID):
      return try JSONCoding.response(
        try teamCalendar.month(
          month, departmentID: departmentID, locationID: locationID, principal: try signedIn(principal)))
    case .timeline(let page):
      return try JSONCoding.response(try timeline.page(page, principal: try signedIn(principal)))
    case .createPost:
      let principal = try signedIn(principal)
      let body = try JSONCoding.decode(NewPost.self, from: request)
      return try JSONCoding.response(try timeline.create(body, principal: principal), status: 201)
    case .deletePost(let id):
      try timeline.delete(id: id, principal: try signedIn(principal))
      return HTTPResponse(status: 204)
    case .timelineFeeds:
      return try JSONCoding.response(try feeds.feeds(principal: try signedIn(principal)))
    case .createTimelineFeed:
      let principal = try signedIn(principal)
      try requireAdmin(principal, to: "manage the timeline's feeds")
      let body = try JSONCoding.decode(NewTimelineFeed.self, from: request)
      let feed = try feeds.create(body, principal: principal)
      return try JSONCoding.response(
        feed, status: 201, headers: HTTPHeaders([("Location", Route.updateTimelineFeed(id: feed.id).path)]))
    case .updateTimelineFeed(let id):
      let principal = try signedIn(principal)
      try requireAdmin(principal, to: "manage the timeline's feeds")
      let body = try JSONCoding.decode(TimelineFeedChange.self, from: request)
      return try JSONCoding.response(try feeds.update(id: id, body, principal: principal))
    case .deleteTimelineFeed(let id):
      try feeds.delete(id: id, principal: try signedIn(principal))
      return HTTPResponse(status: 204)
    case .refreshTimelineFeed(let id):
      return try JSONCoding.response(try feeds.refresh(id: id, principal: try signedIn(principal)))
    case .updateDepartment(let id):
      let principal = try signedIn(principal)
      try requireAdmin(principal, to: "change departments")
      let body = try JSONCoding.decode(DepartmentChange.self, from: request)
      return try JSONCoding.response(try places.updateDepartment(id: id, body, by: principal))
    case .deleteDepartment(let id):
      try places.deleteDepartment(id: id, by: try signedIn(principal))
      return HTTPResponse(status: 204)
    case .deleteLocation(let id):
      try places.deleteLocation(id: id, by: try signedIn(principal))
      return HTTPResponse(status: 204)
    case .company:
      return try JSONCoding.response(try company.company())
    case .updateCompany:
      let principal = try signedIn(principal)
      try requireAdmin(principal, to: "change the company's data")
      let body = try JSONCoding.decode(CompanyChange.self, from: request)
      return try JSONCoding.response(try company.update(body, by: principal))
    case .people(let query):
      return try JSONCoding.response(try people.directory(query))
    case .person(let id):
      return try JSONCoding.response(try people.profile(id: id, principal: try signedIn(principal)))
    case .updateMe:
      let principal = try signedIn(principal)
      let body = try JSONCoding.decode(ProfileChange.self, from: request)
      return try JSONCoding.response(try people.updateMe(body, principal: principal))
    case .updatePerson(let id):
      let principal = try signedIn(principal)
      try requireAdmin(principal, to: "change other people's profiles")
      let body = try JSONCoding.decode(PersonChange.self, from: request)
      return try JSONCoding.response(try people.updatePerson(id: id, body, principal: principal))
    case .createPerson:
      let principal = try signedIn(principal)
      try requireAdmin(principal, to: "add people")
      let body = try JSONCoding.decode(NewPerson.self, from: request)
      let created = try accounts.create(body, by: principal)
      return try JSONCoding.response(
        created, status: 201, headers: HTTPHeaders([("Location", Route.person(id: created.person.id).path)]))
    case .importPeople(let dryRun):
      let principal = try signedIn(principal)
      try requireAdmin(principal, to: "import people")
      guard request.mediaType == "text/csv" else {
        throw Problem(status: 415, detail: "Send the staff list as text/csv (UTF-8).")
      }
      guard let text = String(validating: request.body, as: UTF8.self) else {
        throw Problem.badRequest("The file is not UTF-8; save it as UTF-8 CSV.")
      }
      let report = try peopleImport.run(csv: text, dryRun: dryRun, by: principal)
      if !dryRun && report.refused > 0 {
        throw Problem.unprocessable(
          "\(report.refused) of \(report.lines.count) lines were refused, so nothing was imported; "
            + "fix them (a dry run shows each reason) and import again.",
          errors: report.lines.flatMap { line in
            line.errors.map { FieldError(field: "line \(line.line) \($0.field)", message: $0.message) }
          })
      }
      return try JSONCoding.response(report)
    case .resetPassword(let id):
      return try JSONCoding.response(try accounts.resetPassword(of: id, by: try signedIn(principal)))
    case .changePassword:
      let principal = try signedIn(principal)
      let body = try JSONCoding.decode(PasswordChange.self, from: request)
      return try JSONCoding.response(
        try accounts.changePassword(body, by: principal, address: clientAddress(of: request)))
    case .board(let unreadOnly, let page):
      return try JSONCoding.response(
        try board.page(unreadOnly: unreadOnly, page: page, principal: try signedIn(principal)))
    case .postNotice:
      let principal = try signedIn(principal)
      try requireAdmin(principal, to: "post company notices")
      let body = try JSONCoding.decode(NewNotice.self, from: request)
      return try JSONCoding.response(try board.post(body, by: principal), status: 201)
    case .markNoticeRead(let id):
      try board.markRead(id: id, principal: try signedIn(principal))
      return HTTPResponse(status: 204)
    case .markAllNoticesRead:
      try board.markAllRead(principal: try signedIn(principal))
      return HTTPResponse(status: 204)
    case .badge:
      return try JSONCoding.response(try board.badge(principal: try signedIn(principal)))
    case .resetBadge:
      return try JSONCoding.response(try board.resetBadge(principal: try signedIn(principal)))
    case .mySettings:
      return try JSONCoding.response(try settings.settings(principal: try signedIn(principal)))
    case .updateSettings:
      let principal = try signedIn(principal)
      let body = try JSONCoding.decode(SettingsChange.self, from: request)
      return try JSONCoding.response(try settings.update(body, principal: principal))
    case .devices:
      return try JSONCoding.response(try settings.devices(principal: try signedIn(principal)))
    case .registerDevice:
      let principal = try signedIn(principal)
      let body = try JSONCoding.decode(NewDevice.self, from: request)
      let result = try settings.register(body, principal: principal)
      return try JSONCoding.response(result.device, status: result.isNew ? 201 : 200)
    case .deleteDevice(let id):
      try settings.deleteDevice(id: id, principal: try signedIn(principal))
      return HTTPResponse(status: 204)
    case .audit(let page):
      return try JSONCoding.response(
        try AuditTrail(environment: environment).page(page, principal: try signedIn(principal)))
    case .calendarFeed(let token, let team, let includePending):
      let text = try calendarFeeds.feed(token: token, team: team, includePending: includePending)
      return HTTPResponse(
        status: 200,
        headers: HTTPHeaders([
          ("Content-Type", "text/calendar; charset=utf-8"), ("Cache-Control", "private, max-age=300"),
        ]),
        body: Array(text.utf8))
    default:
      return try dispatchLeave(route, request, try signedIn(principal))
    }
  }

  /// The address rate limits count against: the peer, or behind a trusted proxy the address
  /// the proxy appended last to `X-Forwarded-For` (earlier entries are the client's to forge).
  func clientAddress(of request: HTTPRequest) -> String {
    guard environment.trustsForwardedFor, let forwarded = request.headers.values("X-Forwarded-For").last,
      let last = forwarded.split(separator: ",").last.map({ String($0).trimmingWhitespace }), !last.isEmpty
    else { return request.remoteAddress }
    return last
  }

  /// The time-off routes (all need a signed-in caller, except the calendar feed, which is
  /// answered before authentication).
  func dispatchLeave(_ route: Route, _ request: HTTPRequest, _ principal: Principal) throws -> HTTPResponse {
    switch route {
    case .myLeave(let year):
      return try JSONCoding.response(try leaveQueries.myLeave(year: year, principal: principal))
    case .previewLeave(let query):
      return try JSONCoding.response(try leaveQueries.preview(query, principal: principal))
    case .createLeave:
      let body = try JSONCoding.decode(NewLeaveRequest.self, from: request)
      let saved = try leave.create(body, by: principal)
      return try JSONCoding.response(
        saved, status: 201, headers: HTTPHeaders([("Location", Route.leave(id: saved.request.id).path)]))
    case .leave(let id):
      return try JSONCoding.response(try leaveQueries.detail(id: id, principal: principal))
    case .changeLeave(let id):
      let body = try JSONCoding.decode(LeaveChange.self, from: request)
      return try JSONCoding.response(try leave.change(id, body, by: principal))
    case .cancelLeave(let id):
      return try decide(.cancel, id, request, principal)
    case .approveLeave(let id):
      return try decide(.approve, id, request, principal)
    case .rejectLeave(let id):
      return try decide(.reject, id, request, principal)
    case .reopenLeave(let id):
      return try decide(.reopen, id, request, principal)
    case .approvals(let status, let page):
      return try JSONCoding.response(try leaveQueries.approvals(filter: status, page: page, principal: principal))
    case .personLeave(let id, let year):
      return try JSONCoding.response(try leaveQueries.personLeave(id: id, year: year, principal: principal))
    case .setAllowance(let id, let year):
      try requireAdmin(principal, to: "set allowances")
      let body = try JSONCoding.decode(AllowanceBody.self, from: request)
      return try JSONCoding.response(try leaveSettings.setAllowance(body, employeeID: id, year: year, by: principal))
    case .holidays(let locationID, let year):
      return try JSONCoding.response(
        try leaveSettings.holidays(locationID: locationID, year: year, principal: principal))
    case .createHoliday:
      try requireAdmin(principal, to: "manage holidays")
      let body = try JSONCoding.decode(NewHoliday.self, from: request)
      return try JSONCoding.response(try leaveSettings.createHoliday(body, by: principal), status: 201)
    case .deleteHoliday(let id):
      try leaveSettings.deleteHoliday(id: id, by: principal)
      return HTTPResponse(status: 204)
    case .leaveTypes:
      return try JSONCoding.response(try leaveSettings.leaveTypes())
    case .createLeaveType:
      try requireAdmin(principal, to: "manage leave types")
      let body = try JSONCoding.decode(LeaveTypeChange.self, from: request)
      return try JSONCoding.response(try leaveSettings.createLeaveType(body, by: principal), status: 201)
    case .updateLeaveType(let id):
      try requireAdmin(principal, to: "manage leave types")
      let body = try JSONCoding.decode(LeaveTypeChange.self, from: request)
      return try JSONCoding.response(try leaveSettings.updateLeaveType(id: id, body, by: principal))
    case .leavePolicy:
      return try JSONCoding.response(try leaveSettings.policy())
    case .updateLeavePolicy:
      try requireAdmin(principal, to: "change the leave policy")
      let body = try JSONCoding.decode(LeavePolicyBody.self, from: request)
      return try JSONCoding.response(try leaveSettings.updatePolicy(body, by: principal))
    case .myCalendar:
      return try JSONCoding.response(try calendarFeeds.addresses(for: principal, request: request))
    case .rotateCalendar:
      return try JSONCoding.response(try calendarFeeds.rotate(for: principal, request: request))
    case .health, .openAPI, .login, .refresh, .logout, .me, .locations, .createLocation, .updateLocation,
      .departments, .createDepartment, .personPhoto, .calendarFeed, .updateDepartment, .deleteDepartment,
      .deleteLocation, .company, .updateCompany, .people, .person, .updateMe, .updatePerson, .createPerson,
      .resetPassword, .changePassword, .importPeople, .board, .postNotice, .markNoticeRead, .markAllNoticesRead, .badge,
      .resetBadge, .mySettings, .updateSettings, .devices, .registerDevice, .deleteDevice, .audit, .events,
      .updateMyPhoto, .deleteMyPhoto, .updatePersonPhoto, .deletePersonPhoto, .timeline, .createPost, .deletePost,
      .timelineFeeds, .createTimelineFeed, .updateTimelineFeed, .deleteTimelineFeed, .refreshTimelineFeed,
      .updateNotice, .deleteNotice, .directory, .syncDirectory, .updateDirectory, .resetDirectory, .teamCalendar:
      throw Problem(status: 500, detail: "\(route.name) is not a time-off route.")
    }
  }

  /// Cancel, approve, reject, reopen: an optional `{reason}` body.
  private func decide(
    _ action: LeaveAction, _ id: String, _ request: HTTPRequest, _ principal: Principal
  ) throws
    -> HTTPResponse
  {
    let body = request.body.isEmpty ? LeaveDecision() : try JSONCoding.decode(LeaveDecision.self, from: request)
    return try JSONCoding.response(try leave.act(action, on: id, reason: body.reason, by: principal))
  }

  func signedIn(_ principal: Principal?) throws -> Principal {
    guard let principal else { throw Problem.unauthorized("Sign in first.") }
    return principal
  }
}

extension Route {
  /// Routes whose work may block a thread (password hashing): they run on the worker pool.
  var mayBlock: Bool {
    switch self {
    case .login, .createPerson, .resetPassword, .changePassword, .importPeople, .updateMyPhoto, .updatePersonPhoto,
      .refreshTimelineFeed, .syncDirectory:
      true
    default: false
    }
  }

  /// Whether a replay with the same `Idempotency-Key` may be answered from a stored copy.
  /// Not for answers that carry a password or tokens, which the server never keeps.
  var keepsIdempotentResponses: Bool {
    switch self {
    case .createPerson, .resetPassword, .changePassword, .updateDirectory: false
    default: true
    }
  }

  /// What someone signed in with a temporary password may still do.
  var allowedBeforePasswordChange: Bool {
    switch self {
    case .changePassword, .me, .logout, .health, .openAPI, .login, .refresh: true
    default: false
    }
  }
}

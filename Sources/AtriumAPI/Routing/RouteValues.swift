import AtriumDomain

/// Every JSON API endpoint, as a value: the server matches requests into it, clients build
/// requests from it, and `openapi.yaml` documents each case.
public enum Route: Hashable, Sendable {
  // MARK: Service

  /// `GET /healthz`: the process is up and answering.
  case health
  /// `GET /api/openapi.yaml`: this contract, as OpenAPI 3.1.
  case openAPI

  // MARK: Sign-in

  /// `POST /api/v1/auth/login`: username and password in, tokens out.
  case login
  /// `POST /api/v1/auth/refresh`: a refresh token in, a new pair out (the old one is spent).
  case refresh
  /// `POST /api/v1/auth/logout`: ends one session, or every session of the caller.
  case logout(everywhere: Bool)
  /// `GET /api/v1/me`: the signed-in user.
  case me

  // MARK: Company

  /// `GET /api/v1/locations`: the company's offices, by name.
  case locations(PageRequest)
  /// `POST /api/v1/locations`: an admin adds an office.
  case createLocation
  /// `PATCH /api/v1/locations/{id}`: an admin changes an office (name, time zone, weekend).
  case updateLocation(id: String)
  /// `GET /api/v1/departments`: the company's departments, by name.
  case departments(PageRequest)
  /// `POST /api/v1/departments`: an admin adds a department.
  case createDepartment
  /// `GET /api/v1/people/{id}/photo?size=&v=`: a person's picture (their initials until they
  /// have a photo). `v` names the photo, so a new photo has a new address and caches may keep
  /// each one for good.
  case personPhoto(id: String, size: PhotoSize, version: String? = nil)
  /// `PUT /api/v1/me/photo`: the caller's new photo, the image itself as the body.
  case updateMyPhoto
  /// `DELETE /api/v1/me/photo`: back to initials.
  case deleteMyPhoto
  /// `PUT /api/v1/people/{id}/photo`: an admin sets someone's photo.
  case updatePersonPhoto(id: String)
  /// `DELETE /api/v1/people/{id}/photo`: an admin removes someone's photo.
  case deletePersonPhoto(id: String)
  /// `PATCH /api/v1/departments/{id}`: an admin renames a department.
  case updateDepartment(id: String)
  /// `DELETE /api/v1/departments/{id}`: an admin removes an unused department.
  case deleteDepartment(id: String)
  /// `DELETE /api/v1/locations/{id}`: an admin removes an unused location.
  case deleteLocation(id: String)
  /// `GET /api/v1/company`: the company's name and contact data.
  case company
  /// `PATCH /api/v1/company`: an admin changes them.
  case updateCompany

  // MARK: People

  /// `GET /api/v1/people?query=&department=&location=`: the directory of active people.
  case people(PeopleQuery)
  /// `GET /api/v1/people/{id}`: a person's profile.
  case person(id: String)
  /// `PATCH /api/v1/me`: the caller changes their phone, location or bio.
  case updateMe
  /// `PATCH /api/v1/people/{id}`: an admin changes anyone's profile, role, manager or status.
  case updatePerson(id: String)
  /// `POST /api/v1/people`: an admin adds a person with a temporary password.
  case createPerson
  /// `POST /api/v1/people/{id}/password-reset`: an admin gives someone a new temporary password.
  case resetPassword(id: String)
  /// `POST /api/v1/me/password`: the caller changes their password; other sessions end.
  case changePassword
  /// `POST /api/v1/people/import?dryRun=`: an admin imports a staff list (`text/csv`).
  case importPeople(dryRun: Bool)

  // MARK: Board

  /// `GET /api/v1/board?unread=`: the caller's notices, newest first.
  case board(unreadOnly: Bool, page: PageRequest)
  /// `POST /api/v1/board`: an admin posts a company notice.
  case postNotice
  /// `POST /api/v1/board/{id}/read`.
  case markNoticeRead(id: String)
  /// `POST /api/v1/board/read-all`.
  case markAllNoticesRead
  /// `GET /api/v1/me/badge`: how many notices are unread.
  case badge
  /// `POST /api/v1/me/badge/reset`: the app icon's count starts again from zero.
  case resetBadge
  /// `PATCH /api/v1/board/{id}`: an admin edits a company notice.
  case updateNotice(id: String)
  /// `DELETE /api/v1/board/{id}`: an admin removes a company notice.
  case deleteNotice(id: String)
  /// `GET /api/v1/directory`: the company directory's settings (no secrets) and last sync (admins).
  case directory
  /// `PUT /api/v1/directory`: an admin saves the directory settings (they win over the
  /// environment's from then on).
  case updateDirectory
  /// `DELETE /api/v1/directory`: an admin forgets the saved settings; the environment's apply.
  case resetDirectory
  /// `POST /api/v1/directory/sync`: an admin syncs the people with the directory now.
  case syncDirectory
  /// `GET /api/v1/calendar?month=YYYY-MM&department=&location=`: a month of the team's leave
  /// (managers: their reports; admins: anyone, by department or location; others: their team).
  case teamCalendar(month: String?, departmentID: String?, locationID: String?)
  /// `GET /api/v1/timeline`: internal posts and imported social posts, newest first.
  case timeline(PageRequest)
  /// `POST /api/v1/posts`: anyone posts to the timeline.
  case createPost
  /// `DELETE /api/v1/posts/{id}`: the author, or an admin, removes a post.
  case deletePost(id: String)
  /// `GET /api/v1/timeline/feeds`: the feeds the timeline imports, with their state (admins).
  case timelineFeeds
  /// `POST /api/v1/timeline/feeds`: an admin adds an RSS or Atom feed.
  case createTimelineFeed
  /// `PATCH /api/v1/timeline/feeds/{id}`: an admin renames, moves or pauses a feed.
  case updateTimelineFeed(id: String)
  /// `DELETE /api/v1/timeline/feeds/{id}`: an admin removes a feed and its posts.
  case deleteTimelineFeed(id: String)
  /// `POST /api/v1/timeline/feeds/{id}/refresh`: an admin fetches a feed now.
  case refreshTimelineFeed(id: String)
  /// `GET /api/v1/events`: server-sent events for the signed-in person (`notice`, `approvals`),
  /// with heartbeats; a reconnect sends `Last-Event-ID` to be replayed what it missed.
  case events

  // MARK: Settings and devices

  /// `GET /api/v1/me/settings`.
  case mySettings
  /// `PATCH /api/v1/me/settings`.
  case updateSettings
  /// `GET /api/v1/devices`: the caller's push devices.
  case devices
  /// `POST /api/v1/devices`: register a push device (idempotent per token).
  case registerDevice
  /// `DELETE /api/v1/devices/{id}`.
  case deleteDevice(id: String)
  /// `GET /api/v1/audit`: every admin change, newest first (admins).
  case audit(PageRequest)

  // MARK: Time off

  /// `GET /api/v1/me/leave?year=`: the caller's balance and requests for a year.
  case myLeave(year: Int?)
  /// `GET /api/v1/me/leave/preview?start=&end=&startHalf=&endHalf=`: days and conflicts of a
  /// request, without saving it.
  case previewLeave(LeaveQuery)
  /// `POST /api/v1/me/leave`: ask for time off.
  case createLeave
  /// `GET /api/v1/leave/{id}`: a request with its history, the year's other requests, the
  /// days left and who else is off.
  case leave(id: String)
  /// `PATCH /api/v1/leave/{id}`: the owner changes a pending request.
  case changeLeave(id: String)
  /// `POST /api/v1/leave/{id}/cancel`: the owner withdraws a request.
  case cancelLeave(id: String)
  /// `POST /api/v1/leave/{id}/approve`.
  case approveLeave(id: String)
  /// `POST /api/v1/leave/{id}/reject`.
  case rejectLeave(id: String)
  /// `POST /api/v1/leave/{id}/reopen`: an approved request goes back to pending.
  case reopenLeave(id: String)
  /// `GET /api/v1/approvals?status=`: the requests the caller may decide.
  case approvals(status: ApprovalFilter, page: PageRequest)
  /// `GET /api/v1/people/{id}/leave?year=`: a person's balance and requests (their managers
  /// and admins).
  case personLeave(id: String, year: Int?)
  /// `PUT /api/v1/people/{id}/allowance/{year}`: an admin sets a person's allowance for a year.
  case setAllowance(id: String, year: Int)
  /// `GET /api/v1/holidays?location=&year=`.
  case holidays(locationID: String?, year: Int?)
  /// `POST /api/v1/holidays`: an admin adds a holiday to a location.
  case createHoliday
  /// `DELETE /api/v1/holidays/{id}`.
  case deleteHoliday(id: String)
  /// `GET /api/v1/leave-types`.
  case leaveTypes
  /// `POST /api/v1/leave-types`.
  case createLeaveType
  /// `PATCH /api/v1/leave-types/{id}`.
  case updateLeaveType(id: String)
  /// `GET /api/v1/company/leave-policy`.
  case leavePolicy
  /// `PATCH /api/v1/company/leave-policy`.
  case updateLeavePolicy
  /// `GET /api/v1/me/calendar`: the caller's calendar feed addresses.
  case myCalendar
  /// `POST /api/v1/me/calendar/rotate`: a new secret address; the old one stops working.
  case rotateCalendar
  /// `GET /calendar/{token}.ics?team=&pending=`: a calendar feed (RFC 5545), authorized by
  /// the secret token in its address.
  case calendarFeed(token: String, team: Bool, includePending: Bool)
}

/// The sizes profile pictures are served in, in pixels.
public enum PhotoSize: Int, Hashable, Sendable, CaseIterable {
  case small = 96
  case large = 512
}

/// A directory search.
public struct PeopleQuery: Hashable, Sendable {
  /// Words that must each start a word of the name, username, position or department.
  public var text: String?
  public var departmentID: String?
  public var locationID: String?
  public var page: PageRequest

  public init(text: String? = nil, departmentID: String? = nil, locationID: String? = nil, page: PageRequest = .first) {
    self.text = text
    self.departmentID = departmentID
    self.locationID = locationID
    self.page = page
  }
}

/// Which requests the approvals list shows.
public enum ApprovalFilter: String, Hashable, Sendable, CaseIterable {
  case pending, approved, rejected, cancelled, all

  /// The status to filter on, or nil for all.
  public var status: LeaveStatus? { LeaveStatus(rawValue: rawValue) }
}

/// The dates and halves of a request being previewed.
public struct LeaveQuery: Hashable, Sendable {
  public var start: CalendarDate
  public var end: CalendarDate
  public var startHalf: StartHalf
  public var endHalf: EndHalf

  public init(start: CalendarDate, end: CalendarDate, startHalf: StartHalf = .full, endHalf: EndHalf = .full) {
    self.start = start
    self.end = end
    self.startHalf = startHalf
    self.endHalf = endHalf
  }
}

/// Which page of a list to return (`?limit=&cursor=`).
public struct PageRequest: Hashable, Sendable {
  public static let defaultLimit = 100
  public static let maximumLimit = 1000

  public var limit: Int
  /// The opaque `nextCursor` of the previous page, or nil for the first page.
  public var cursor: String?

  public init(limit: Int = PageRequest.defaultLimit, cursor: String? = nil) {
    self.limit = limit
    self.cursor = cursor
  }

  /// The first page with the default size.
  public static let first = PageRequest()
}

extension Route {
  /// A name per case, so tests can check that examples and the contract cover every case.
  public enum Name: String, CaseIterable, Sendable {
    case health, openAPI, login, refresh, logout, me
    case locations, createLocation, updateLocation, departments, createDepartment, personPhoto
    case updateMyPhoto, deleteMyPhoto, updatePersonPhoto, deletePersonPhoto
    case timeline, createPost, deletePost, timelineFeeds, createTimelineFeed, updateTimelineFeed, deleteTimelineFeed
    case refreshTimelineFeed, updateNotice, deleteNotice, directory, syncDirectory, updateDirectory, resetDirectory
    case teamCalendar
    case updateDepartment, deleteDepartment, deleteLocation, company, updateCompany
    case people, person, updateMe, updatePerson, createPerson, resetPassword, changePassword, importPeople
    case board, postNotice, markNoticeRead, markAllNoticesRead, badge, resetBadge, events
    case mySettings, updateSettings, devices, registerDevice, deleteDevice, audit
    case myLeave, previewLeave, createLeave, leave, changeLeave, cancelLeave, approveLeave, rejectLeave, reopenLeave
    case approvals, personLeave, setAllowance, holidays, createHoliday, deleteHoliday
    case leaveTypes, createLeaveType, updateLeaveType, leavePolicy, updateLeavePolicy
    case myCalendar, rotateCalendar, calendarFeed
  }

  /// The case's name, and the values of its path parameters in template order.
  public var name: Name { parts.name }

  private var parts: (name: Name, parameters: [String]) {
    switch self {
    case .health: (.health, [])
    case .openAPI: (.openAPI, [])
    case .login: (.login, [])
    case .refresh: (.refresh, [])
    case .logout: (.logout, [])
    case .me: (.me, [])
    case .locations: (.locations, [])
    case .createLocation: (.createLocation, [])
    case .updateLocation(let id): (.updateLocation, [id])
    case .departments: (.departments, [])
    case .createDepartment: (.createDepartment, [])
    case .personPhoto(let id, _, _): (.personPhoto, [id])
    case .updateMyPhoto: (.updateMyPhoto, [])
    case .deleteMyPhoto: (.deleteMyPhoto, [])
    case .updatePersonPhoto(let id): (.updatePersonPhoto, [id])
    case .deletePersonPhoto(let id): (.deletePersonPhoto, [id])
    case .updateDepartment(let id): (.updateDepartment, [id])
    case .deleteDepartment(let id): (.deleteDepartment, [id])
    case .deleteLocation(let id): (.deleteLocation, [id])
    case .company: (.company, [])
    case .updateCompany: (.updateCompany, [])
    case .people: (.people, [])
    case .person(let id): (.person, [id])
    case .updateMe: (.updateMe, [])
    case .updatePerson(let id): (.updatePerson, [id])
    case .createPerson: (.createPerson, [])
    case .resetPassword(let id): (.resetPassword, [id])
    case .changePassword: (.changePassword, [])
    case .importPeople: (.importPeople, [])
    case .board: (.board, [])
    case .postNotice: (.postNotice, [])
    case .markNoticeRead(let id): (.markNoticeRead, [id])
    case .markAllNoticesRead: (.markAllNoticesRead, [])
    case .badge: (.badge, [])
    case .resetBadge: (.resetBadge, [])
    case .events: (.events, [])
    case .timeline: (.timeline, [])
    case .teamCalendar: (.teamCalendar, [])
    case .directory: (.directory, [])
    case .syncDirectory: (.syncDirectory, [])
    case .updateDirectory: (.updateDirectory, [])
    case .resetDirectory: (.resetDirectory, [])
    case .updateNotice(let id): (.updateNotice, [id])
    case .deleteNotice(let id): (.deleteNotice, [id])
    case .createPost: (.createPost, [])
    case .deletePost(let id): (.deletePost, [id])
    case .timelineFeeds: (.timelineFeeds, [])
    case .createTimelineFeed: (.createTimelineFeed, [])
    case .updateTimelineFeed(let id): (.updateTimelineFeed, [id])
    case .deleteTimelineFeed(let id): (.deleteTimelineFeed, [id])
    case .refreshTimelineFeed(let id): (.refreshTimelineFeed, [id])
    case .mySettings: (.mySettings, [])
    case .updateSettings: (.updateSettings, [])
    case .devices: (.devices, [])
    case .registerDevice: (.registerDevice, [])
    case .deleteDevice(let id): (.deleteDevice, [id])
    case .audit: (.audit, [])
    case .myLeave: (.myLeave, [])
    case .previewLeave: (.previewLeave, [])
    case .createLeave: (.createLeave, [])
    case .leave(let id): (.leave, [id])
    case .changeLeave(let id): (.changeLeave, [id])
    case .cancelLeave(let id): (.cancelLeave, [id])
    case .approveLeave(let id): (.approveLeave, [id])
    case .rejectLeave(let id): (.rejectLeave, [id])
    case .reopenLeave(let id): (.reopenLeave, [id])
    case .approvals: (.approvals, [])
    case .personLeave(let id, _): (.personLeave, [id])
    case .setAllowance(let id, let year): (.setAllowance, [id, String(year)])
    case .holidays: (.holidays, [])
    case .createHoliday: (.createHoliday, [])
    case .deleteHoliday(let id): (.deleteHoliday, [id])
    case .leaveTypes: (.leaveTypes, [])
    case .createLeaveType: (.createLeaveType, [])
    case .updateLeaveType(let id): (.updateLeaveType, [id])
    case .leavePolicy: (.leavePolicy, [])
    case .updateLeavePolicy: (.updateLeavePolicy, [])
    case .myCalendar: (.myCalendar, [])
    case .rotateCalendar: (.rotateCalendar, [])
    case .calendarFeed(let token, _, _): (.calendarFeed, [token])
    }
  }

  /// The HTTP method of this endpoint.
  public var method: HTTPMethod { Self.endpoint(named: name).method }

  /// The path template as `openapi.yaml` writes it, e.g. `/api/v1/people/{id}`.
  public var template: String { Self.endpoint(named: name).template }

  /// The concrete path, parameters filled in and percent-encoded.
  public var path: String {
    let (name, parameters) = parts
    let endpoint = Self.endpoint(named: name)
    guard !parameters.isEmpty else { return endpoint.template }
    var values = parameters.makeIterator()
    return endpoint.segments.map { segment -> String in
      guard segment.first == "{", let close = segment.firstIndex(of: "}") else { return String(segment) }
      return PercentEncoding.encode(values.next() ?? "") + segment[segment.index(after: close)...]
    }.joined(separator: "/")
  }

  /// Query parameters, in a stable order; defaults are left out.
  public var query: [(name: String, value: String)] {
    switch self {
    case .logout(let everywhere):
      everywhere ? [("everywhere", "true")] : []
    case .locations(let page), .departments(let page):
      page.queryItems
    case .personPhoto(_, let size, let version):
      [("size", String(size.rawValue))] + (version.map { [("v", $0)] } ?? [])
    case .myLeave(let year), .personLeave(_, let year):
      year.map { [("year", String($0))] } ?? []
    case .previewLeave(let query):
      [("start", query.start.description), ("end", query.end.description)]
        + (query.startHalf == .full ? [] : [("startHalf", query.startHalf.rawValue)])
        + (query.endHalf == .full ? [] : [("endHalf", query.endHalf.rawValue)])
    case .approvals(let status, let page):
      (status == .pending ? [] : [("status", status.rawValue)]) + page.queryItems
    case .holidays(let locationID, let year):
      (locationID.map { [("location", $0)] } ?? []) + (year.map { [("year", String($0))] } ?? [])
    case .calendarFeed(_, let team, let includePending):
      (team ? [("team", "true")] : []) + (includePending ? [("pending", "true")] : [])
    case .audit(let page), .timeline(let page):
      page.queryItems
    case .teamCalendar(let month, let departmentID, let locationID):
      (month.map { [("month", $0)] } ?? []) + (departmentID.map { [("department", $0)] } ?? [])
        + (locationID.map { [("location", $0)] } ?? [])
    case .importPeople(let dryRun):
      dryRun ? [("dryRun", "true")] : []
    case .board(let unreadOnly, let page):
      (unreadOnly ? [("unread", "true")] : []) + page.queryItems
    case .people(let query):
      (query.text.map { [("query", $0)] } ?? []) + (query.departmentID.map { [("department", $0)] } ?? [])
        + (query.locationID.map { [("location", $0)] } ?? []) + query.page.queryItems
    case .health, .openAPI, .login, .refresh, .me, .createLocation, .updateLocation, .createDepartment,
      .createLeave, .leave, .changeLeave, .cancelLeave, .approveLeave, .rejectLeave, .reopenLeave, .setAllowance,
      .createHoliday, .deleteHoliday, .leaveTypes, .createLeaveType, .updateLeaveType, .leavePolicy,
      .updateLeavePolicy, .myCalendar, .rotateCalendar, .updateDepartment, .deleteDepartment, .deleteLocation,
      .company, .updateCompany, .person, .updateMe, .updatePerson, .createPerson, .resetPassword, .changePassword,
      .postNotice, .markNoticeRead, .markAllNoticesRead, .badge, .resetBadge, .mySettings, .updateSettings, .devices,
      .registerDevice, .deleteDevice, .events, .updateMyPhoto, .deleteMyPhoto, .updatePersonPhoto, .deletePersonPhoto,
      .createPost, .deletePost,
      .timelineFeeds, .createTimelineFeed, .updateTimelineFeed, .deleteTimelineFeed, .refreshTimelineFeed,
      .updateNotice, .deleteNotice, .directory, .syncDirectory, .updateDirectory, .resetDirectory:
      []
    }
  }

  /// The path and query as one string, e.g. `/api/v1/locations?limit=10`.
  public var pathAndQuery: String {
    let items = query.map { "\(PercentEncoding.encode($0.name))=\(PercentEncoding.encode($0.value))" }
    return items.isEmpty ? path : path + "?" + items.joined(separator: "&")
  }

  /// Whether a caller must send an access token. The calendar feed is authorized by the
  /// secret in its address instead, so calendar apps can subscribe to it.
  public var requiresAuthentication: Bool {
    switch name {
    case .health, .openAPI, .login, .refresh, .calendarFeed: false
    default: true
    }
  }

  /// One example of every case, for round-trip and contract tests.
  public static let examples: [Route] = {
    let id = "5f0e4a3c-8d1b-4c2e-9a7f-0b6d3e2c1a90"
    let query = LeaveQuery(
      start: CalendarDate(year: 2026, month: 12, day: 28)!, end: CalendarDate(year: 2027, month: 1, day: 4)!,
      startHalf: .afternoon, endHalf: .morning)
    return [
      .health, .openAPI, .login, .refresh, .logout(everywhere: false), .logout(everywhere: true), .me,
      .locations(.first), .locations(PageRequest(limit: 5, cursor: "abc")), .createLocation, .updateLocation(id: id),
      .departments(.first), .departments(PageRequest(limit: 1000, cursor: "x y")), .createDepartment,
      .personPhoto(id: id, size: .small), .personPhoto(id: "a b/c", size: .large),
      .myLeave(year: nil), .myLeave(year: 2027),
      .previewLeave(query), .previewLeave(LeaveQuery(start: query.start, end: query.start)),
      .createLeave, .leave(id: id), .changeLeave(id: id), .cancelLeave(id: id), .approveLeave(id: id),
      .rejectLeave(id: id), .reopenLeave(id: id),
      .approvals(status: .pending, page: .first), .approvals(status: .all, page: PageRequest(limit: 1000, cursor: "c")),
      .personLeave(id: id, year: nil), .personLeave(id: id, year: 2025), .setAllowance(id: id, year: 2026),
      .holidays(locationID: nil, year: nil), .holidays(locationID: id, year: 2026), .createHoliday,
      .deleteHoliday(id: id), .leaveTypes, .createLeaveType, .updateLeaveType(id: id), .leavePolicy,
      .updateLeavePolicy, .myCalendar, .rotateCalendar,
      .calendarFeed(token: "abc_DEF-123", team: false, includePending: false),
      .calendarFeed(token: "abc", team: true, includePending: true),
      .updateDepartment(id: id), .deleteDepartment(id: id), .deleteLocation(id: id), .company, .updateCompany,
      .people(PeopleQuery()),
      .people(PeopleQuery(text: "José M", departmentID: id, locationID: id, page: PageRequest(limit: 20, cursor: "c"))),
      .person(id: id), .updateMe, .updatePerson(id: id), .createPerson, .resetPassword(id: id), .changePassword,
      .board(unreadOnly: false, page: .first), .board(unreadOnly: true, page: PageRequest(limit: 10, cursor: "c")),
      .postNotice, .markNoticeRead(id: id), .markAllNoticesRead, .badge, .resetBadge, .mySettings, .updateSettings,
      .devices, .registerDevice, .deleteDevice(id: id), .audit(.first), .audit(PageRequest(limit: 50, cursor: "c")),
      .importPeople(dryRun: true), .importPeople(dryRun: false), .events,
      .personPhoto(id: id, size: .large, version: "3f2a9c"), .updateMyPhoto, .deleteMyPhoto, .updatePersonPhoto(id: id),
      .deletePersonPhoto(id: id), .timeline(.first), .timeline(PageRequest(limit: 10, cursor: "c")), .createPost,
      .deletePost(id: id), .timelineFeeds, .createTimelineFeed, .updateTimelineFeed(id: id),
      .deleteTimelineFeed(id: id), .refreshTimelineFeed(id: id), .updateNotice(id: id), .deleteNotice(id: id),
      .directory, .syncDirectory, .updateDirectory, .resetDirectory,
      .teamCalendar(month: nil, departmentID: nil, locationID: nil),
      .teamCalendar(month: "2026-04", departmentID: id, locationID: id),
    ]
  }()
}

extension PageRequest {
  var queryItems: [(name: String, value: String)] {
    var items: [(name: String, value: String)] = []
    if limit != PageRequest.defaultLimit { items.append(("limit", String(limit))) }
    if let cursor { items.append(("cursor", cursor)) }
    return items
  }

  /// Reads `limit` and `cursor` from a query, refusing a limit outside 1...1000.
  init(query: [String: String]) throws(RouteError) {
    var limit = PageRequest.defaultLimit
    if let text = query["limit"] {
      guard let value = Int(text), (1...PageRequest.maximumLimit).contains(value) else {
        throw .invalidQuery(
          field: "limit", message: "must be a whole number from 1 to \(PageRequest.maximumLimit)")
      }
      limit = value
    }
    let cursor = query["cursor"]
    if let cursor, cursor.isEmpty {
      throw .invalidQuery(field: "cursor", message: "must not be empty")
    }
    self.init(limit: limit, cursor: cursor)
  }
}

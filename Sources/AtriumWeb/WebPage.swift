import AtriumAPI
import AtriumDomain
import AtriumHTTPTypes
import AtriumServices

/// Every page and form of the web app, as `Route` is for the JSON API: requests are matched
/// into it, and every link and form action is built from it, so a dead link cannot be written.
package enum WebPage: Hashable, Sendable {
  case signIn(next: String?)
  case submitSignIn
  case signOut
  case home
  case createPost
  case timeOff(year: Int?)
  case requestLeave
  case cancelLeave(id: String)
  case editLeave(id: String)
  case changeLeave(id: String)
  case board
  case markRead(id: String)
  case markAllRead
  case postNotice
  case approvals(ApprovalFilter)
  case decide(id: String, action: LeaveAction)
  case requestDetail(id: String)
  case team(query: String?, department: String?, location: String?)
  case person(id: String)
  case personTimeOff(id: String, year: Int?)
  case profile
  case editProfile
  case saveProfile
  case uploadPhoto
  case company
  case calendar(month: String?, department: String?, location: String?)
  case settings
  case password
  case changePassword
  case saveSettings
  case rotateCalendar
  case deleteDevice(id: String)
  case resetBadge
  case admin
  case adminPeople(query: String?)
  case adminNewPerson
  case adminCreatePerson
  case adminPerson(id: String)
  case adminUpdatePerson(id: String)
  case adminResetPassword(id: String)
  case adminPlaces
  case adminCreateLocation
  case adminCreateDepartment
  case adminDeleteLocation(id: String)
  case adminDeleteDepartment(id: String)
  case adminRenameLocation(id: String)
  case adminRenameDepartment(id: String)
  case adminRenameLeaveType(id: String)
  case adminCompany
  case adminSaveCompany
  case adminFeeds
  case adminAddFeed
  case adminRefreshFeed(id: String)
  case adminDeleteFeed(id: String)
  case adminAudit(cursor: String?)
  case adminLeave(location: String?, year: Int?)
  case adminSavePolicy
  case adminAddLeaveType
  case adminToggleLeaveType(id: String)
  case adminAddHoliday
  case adminDeleteHoliday(id: String)
  case adminSetAllowance(id: String)
  case adminImport
  case adminRunImport
  case stylesheet
  case script

  package var method: HTTPMethod {
    switch self {
    case .signIn, .home, .timeOff, .editLeave, .board, .approvals, .requestDetail, .team, .person, .personTimeOff,
      .profile,
      .editProfile, .company, .calendar, .settings, .password, .stylesheet, .script, .admin, .adminPeople,
      .adminNewPerson, .adminPerson, .adminPlaces, .adminCompany, .adminFeeds, .adminAudit, .adminLeave, .adminImport:
      .get
    case .submitSignIn, .signOut, .createPost, .requestLeave, .cancelLeave, .changeLeave, .markRead, .markAllRead,
      .postNotice, .decide,
      .saveProfile, .uploadPhoto, .saveSettings, .rotateCalendar, .deleteDevice, .resetBadge, .changePassword,
      .adminCreatePerson, .adminRenameLocation, .adminRenameDepartment, .adminRenameLeaveType,
      .adminUpdatePerson, .adminResetPassword, .adminCreateLocation, .adminCreateDepartment, .adminDeleteLocation,
      .adminDeleteDepartment, .adminSaveCompany, .adminAddFeed, .adminRefreshFeed, .adminDeleteFeed, .adminSavePolicy,
      .adminAddLeaveType, .adminToggleLeaveType, .adminAddHoliday, .adminDeleteHoliday, .adminSetAllowance,
      .adminRunImport:
      .post
    }
  }

  package var path: String {
    switch self {
    case .signIn, .submitSignIn: "/sign-in"
    case .signOut: "/sign-out"
    case .home: "/"
    case .createPost: "/posts"
    case .timeOff: "/time-off"
    case .requestLeave: "/time-off/requests"
    case .cancelLeave(let id): "/time-off/requests/\(PercentEncoding.encode(id))/cancel"
    case .editLeave(let id), .changeLeave(let id): "/time-off/requests/\(PercentEncoding.encode(id))"
    case .board, .postNotice: "/board"
    case .markRead(let id): "/board/\(PercentEncoding.encode(id))/read"
    case .markAllRead: "/board/read-all"
    case .approvals: "/approvals"
    case .decide(let id, let action): "/approvals/\(PercentEncoding.encode(id))/\(action.rawValue)"
    case .requestDetail(let id): "/approvals/\(PercentEncoding.encode(id))"
    case .team: "/team"
    case .person(let id): "/team/\(PercentEncoding.encode(id))"
    case .personTimeOff(let id, _): "/team/\(PercentEncoding.encode(id))/time-off"
    case .profile: "/profile"
    case .editProfile, .saveProfile: "/profile/edit"
    case .uploadPhoto: "/profile/photo"
    case .company: "/company"
    case .calendar: "/calendar"
    case .settings, .saveSettings: "/settings"
    case .rotateCalendar: "/settings/calendar"
    case .deleteDevice(let id): "/settings/devices/\(PercentEncoding.encode(id))/delete"
    case .resetBadge: "/settings/badge-reset"
    case .password, .changePassword: "/password"
    case .admin: "/admin"
    case .adminPeople, .adminCreatePerson: "/admin/people"
    case .adminNewPerson: "/admin/people/new"
    case .adminPerson(let id), .adminUpdatePerson(let id): "/admin/people/\(PercentEncoding.encode(id))"
    case .adminResetPassword(let id): "/admin/people/\(PercentEncoding.encode(id))/password-reset"
    case .adminPlaces: "/admin/places"
    case .adminCreateLocation: "/admin/locations"
    case .adminCreateDepartment: "/admin/departments"
    case .adminDeleteLocation(let id): "/admin/locations/\(PercentEncoding.encode(id))/delete"
    case .adminDeleteDepartment(let id): "/admin/departments/\(PercentEncoding.encode(id))/delete"
    case .adminRenameLocation(let id): "/admin/locations/\(PercentEncoding.encode(id))"
    case .adminRenameDepartment(let id): "/admin/departments/\(PercentEncoding.encode(id))"
    case .adminRenameLeaveType(let id): "/admin/leave/types/\(PercentEncoding.encode(id))"
    case .adminCompany, .adminSaveCompany: "/admin/company"
    case .adminFeeds, .adminAddFeed: "/admin/feeds"
    case .adminRefreshFeed(let id): "/admin/feeds/\(PercentEncoding.encode(id))/refresh"
    case .adminDeleteFeed(let id): "/admin/feeds/\(PercentEncoding.encode(id))/delete"
    case .adminAudit: "/admin/audit"
    case .adminLeave: "/admin/leave"
    case .adminSavePolicy: "/admin/leave/policy"
    case .adminAddLeaveType: "/admin/leave/types"
    case .adminToggleLeaveType(let id): "/admin/leave/types/\(PercentEncoding.encode(id))/toggle"
    case .adminAddHoliday: "/admin/leave/holidays"
    case .adminDeleteHoliday(let id): "/admin/leave/holidays/\(PercentEncoding.encode(id))/delete"
    case .adminSetAllowance(let id): "/admin/people/\(PercentEncoding.encode(id))/allowance"
    case .adminImport, .adminRunImport: "/admin/import"
    case .stylesheet: "/assets/\(WebAssets.stylesheetName)"
    case .script: "/assets/\(WebAssets.scriptName)"
    }
  }

  /// The address for links and form actions, query included.
  package var href: String {
    switch self {
    case .signIn(let next?): path + "?next=" + PercentEncoding.encode(next)
    case .timeOff(let year?): path + "?year=\(year)"
    case .approvals(let filter) where filter != .pending: path + "?status=\(filter.rawValue)"
    case .personTimeOff(_, let year?): path + "?year=\(year)"
    case .team(let query, let department, let location):
      path + Self.queryString([("query", query), ("department", department), ("location", location)])
    case .calendar(let month, let department, let location):
      path + Self.queryString([("month", month), ("department", department), ("location", location)])
    case .adminPeople(let query): path + Self.queryString([("query", query)])
    case .adminAudit(let cursor): path + Self.queryString([("cursor", cursor)])
    case .adminLeave(let location, let year):
      path + Self.queryString([("location", location), ("year", year.map(String.init))])
    case .signIn(nil), .timeOff(nil), .approvals, .personTimeOff(_, nil), .submitSignIn, .signOut, .home, .createPost,
      .requestLeave, .cancelLeave, .editLeave, .changeLeave, .board, .markRead, .markAllRead, .postNotice, .decide,
      .requestDetail, .person, .profile, .editProfile, .saveProfile, .uploadPhoto, .company, .settings, .password,
      .changePassword, .saveSettings, .rotateCalendar, .deleteDevice, .resetBadge, .admin, .adminNewPerson,
      .adminCreatePerson, .adminPerson, .adminUpdatePerson, .adminResetPassword, .adminPlaces, .adminCreateLocation,
      .adminCreateDepartment, .adminDeleteLocation, .adminDeleteDepartment, .adminRenameLocation,
      .adminRenameDepartment, .adminRenameLeaveType, .adminCompany, .adminSaveCompany, .adminFeeds, .adminAddFeed,
      .adminRefreshFeed, .adminDeleteFeed, .adminSavePolicy, .adminAddLeaveType, .adminToggleLeaveType,
      .adminAddHoliday, .adminDeleteHoliday, .adminSetAllowance, .adminImport, .adminRunImport, .stylesheet, .script:
      path
    }
  }

  private static func queryString(_ items: [(String, String?)]) -> String {
    let present = items.compactMap { name, value in value.map { "\(name)=\(PercentEncoding.encode($0))" } }
    return present.isEmpty ? "" : "?" + present.joined(separator: "&")
  }

  /// What the web app decides before it runs the page. Every page states each rule here:
  /// `PageRules` has no defaults and this switch no `default:`, so a new page without its rules
  /// does not compile.
  package var rules: PageRules {
    switch self {
    case .signIn, .stylesheet, .script:
      PageRules(access: .anyone, work: .quick, beforePasswordChange: .allowed, bodyLimit: .standard)
    case .submitSignIn:
      // Hashes a password or asks the directory: off the network threads.
      PageRules(access: .anyone, work: .mayBlock, beforePasswordChange: .allowed, bodyLimit: .standard)
    case .changePassword:
      PageRules(access: .signedIn, work: .mayBlock, beforePasswordChange: .allowed, bodyLimit: .standard)
    case .password, .signOut:
      PageRules(access: .signedIn, work: .quick, beforePasswordChange: .allowed, bodyLimit: .standard)
    case .uploadPhoto:
      // The photo comes with the form's fields; the page itself says when the image is too large.
      PageRules(access: .signedIn, work: .quick, beforePasswordChange: .refused, bodyLimit: .photoForm)
    case .adminRunImport:
      PageRules(access: .signedIn, work: .quick, beforePasswordChange: .refused, bodyLimit: .staffList)
    case .home, .createPost, .timeOff, .requestLeave, .cancelLeave, .editLeave, .changeLeave, .board, .markRead,
      .markAllRead, .postNotice, .approvals, .decide, .requestDetail, .team, .person, .personTimeOff, .profile,
      .editProfile, .saveProfile, .company, .calendar, .settings, .saveSettings, .rotateCalendar, .deleteDevice,
      .resetBadge, .admin, .adminPeople, .adminNewPerson, .adminCreatePerson, .adminPerson, .adminUpdatePerson,
      .adminResetPassword, .adminPlaces, .adminCreateLocation, .adminCreateDepartment, .adminDeleteLocation,
      .adminDeleteDepartment, .adminRenameLocation, .adminRenameDepartment, .adminRenameLeaveType, .adminCompany,
      .adminSaveCompany, .adminFeeds, .adminAddFeed, .adminRefreshFeed, .adminDeleteFeed, .adminAudit, .adminLeave,
      .adminSavePolicy, .adminAddLeaveType, .adminToggleLeaveType, .adminAddHoliday, .adminDeleteHoliday,
      .adminSetAllowance, .adminImport:
      PageRules(access: .signedIn, work: .quick, beforePasswordChange: .refused, bodyLimit: .standard)
    }
  }

  /// Matches a request; nil for an address that is not a page.
  package init?(method: String, path: String, query: [String: String]) {
    let parts = path.split(separator: "/", omittingEmptySubsequences: true).map {
      PercentEncoding.decode(String($0)) ?? ""
    }
    switch (method, parts.count) {
    case ("GET", 0): self = .home
    case ("GET", 1) where parts[0] == "sign-in": self = .signIn(next: query["next"].flatMap(Self.localPath))
    case ("POST", 1) where parts[0] == "sign-in": self = .submitSignIn
    case ("POST", 1) where parts[0] == "sign-out": self = .signOut
    case ("POST", 1) where parts[0] == "posts": self = .createPost
    case ("GET", 1) where parts[0] == "time-off": self = .timeOff(year: query["year"].flatMap { Int($0) })
    case ("POST", 2) where parts == ["time-off", "requests"]: self = .requestLeave
    case ("POST", 4) where parts[0] == "time-off" && parts[1] == "requests" && parts[3] == "cancel":
      self = .cancelLeave(id: parts[2])
    case ("GET", 3) where parts[0] == "time-off" && parts[1] == "requests": self = .editLeave(id: parts[2])
    case ("POST", 3) where parts[0] == "time-off" && parts[1] == "requests": self = .changeLeave(id: parts[2])
    case ("GET", 1) where parts[0] == "board": self = .board
    case ("POST", 1) where parts[0] == "board": self = .postNotice
    case ("POST", 2) where parts == ["board", "read-all"]: self = .markAllRead
    case ("POST", 3) where parts[0] == "board" && parts[2] == "read": self = .markRead(id: parts[1])
    case ("GET", 1) where parts[0] == "approvals":
      self = .approvals(query["status"].flatMap(ApprovalFilter.init(rawValue:)) ?? .pending)
    case ("POST", 3) where parts[0] == "approvals":
      guard let action = LeaveAction(rawValue: parts[2]), [.approve, .reject, .reopen].contains(action) else {
        return nil
      }
      self = .decide(id: parts[1], action: action)
    case ("GET", 2) where parts[0] == "approvals": self = .requestDetail(id: parts[1])
    case ("GET", 1) where parts[0] == "team":
      func nonEmpty(_ name: String) -> String? { query[name].flatMap { $0.trimmingWhitespace.isEmpty ? nil : $0 } }
      self = .team(query: nonEmpty("query"), department: nonEmpty("department"), location: nonEmpty("location"))
    case ("GET", 2) where parts[0] == "team": self = .person(id: parts[1])
    case ("GET", 3) where parts[0] == "team" && parts[2] == "time-off":
      self = .personTimeOff(id: parts[1], year: query["year"].flatMap { Int($0) })
    case ("GET", 1) where parts[0] == "profile": self = .profile
    case ("GET", 2) where parts == ["profile", "edit"]: self = .editProfile
    case ("POST", 2) where parts == ["profile", "edit"]: self = .saveProfile
    case ("POST", 2) where parts == ["profile", "photo"]: self = .uploadPhoto
    case ("GET", 1) where parts[0] == "company": self = .company
    case ("GET", 1) where parts[0] == "calendar":
      func nonEmpty(_ name: String) -> String? { query[name].flatMap { $0.isEmpty ? nil : $0 } }
      self = .calendar(month: nonEmpty("month"), department: nonEmpty("department"), location: nonEmpty("location"))
    case ("GET", 1) where parts[0] == "settings": self = .settings
    case ("POST", 1) where parts[0] == "settings": self = .saveSettings
    case ("POST", 2) where parts == ["settings", "calendar"]: self = .rotateCalendar
    case ("POST", 2) where parts == ["settings", "badge-reset"]: self = .resetBadge
    case ("POST", 4) where parts[0] == "settings" && parts[1] == "devices" && parts[3] == "delete":
      self = .deleteDevice(id: parts[2])
    case ("GET", 1) where parts[0] == "admin": self = .admin
    case ("GET", 2) where parts == ["admin", "people"]:
      self = .adminPeople(query: query["query"].flatMap { $0.isEmpty ? nil : $0 })
    case ("POST", 2) where parts == ["admin", "people"]: self = .adminCreatePerson
    case ("GET", 3) where parts[0] == "admin" && parts[1] == "people" && parts[2] == "new": self = .adminNewPerson
    case ("GET", 3) where parts[0] == "admin" && parts[1] == "people": self = .adminPerson(id: parts[2])
    case ("POST", 3) where parts[0] == "admin" && parts[1] == "people": self = .adminUpdatePerson(id: parts[2])
    case ("POST", 4) where parts[0] == "admin" && parts[1] == "people" && parts[3] == "password-reset":
      self = .adminResetPassword(id: parts[2])
    case ("GET", 2) where parts == ["admin", "places"]: self = .adminPlaces
    case ("POST", 2) where parts == ["admin", "locations"]: self = .adminCreateLocation
    case ("POST", 2) where parts == ["admin", "departments"]: self = .adminCreateDepartment
    case ("POST", 4) where parts[0] == "admin" && parts[1] == "locations" && parts[3] == "delete":
      self = .adminDeleteLocation(id: parts[2])
    case ("POST", 4) where parts[0] == "admin" && parts[1] == "departments" && parts[3] == "delete":
      self = .adminDeleteDepartment(id: parts[2])
    case ("POST", 3) where parts[0] == "admin" && parts[1] == "locations": self = .adminRenameLocation(id: parts[2])
    case ("POST", 3) where parts[0] == "admin" && parts[1] == "departments": self = .adminRenameDepartment(id: parts[2])
    case ("POST", 4) where parts[0] == "admin" && parts[1] == "leave" && parts[2] == "types":
      self = .adminRenameLeaveType(id: parts[3])
    case ("GET", 2) where parts == ["admin", "company"]: self = .adminCompany
    case ("POST", 2) where parts == ["admin", "company"]: self = .adminSaveCompany
    case ("GET", 2) where parts == ["admin", "feeds"]: self = .adminFeeds
    case ("POST", 2) where parts == ["admin", "feeds"]: self = .adminAddFeed
    case ("POST", 4) where parts[0] == "admin" && parts[1] == "feeds" && parts[3] == "refresh":
      self = .adminRefreshFeed(id: parts[2])
    case ("POST", 4) where parts[0] == "admin" && parts[1] == "feeds" && parts[3] == "delete":
      self = .adminDeleteFeed(id: parts[2])
    case ("GET", 2) where parts == ["admin", "audit"]:
      self = .adminAudit(cursor: query["cursor"].flatMap { $0.isEmpty ? nil : $0 })
    case ("GET", 2) where parts == ["admin", "leave"]:
      self = .adminLeave(
        location: query["location"].flatMap { $0.isEmpty ? nil : $0 }, year: query["year"].flatMap { Int($0) })
    case ("POST", 3) where parts == ["admin", "leave", "policy"]: self = .adminSavePolicy
    case ("POST", 3) where parts == ["admin", "leave", "types"]: self = .adminAddLeaveType
    case ("POST", 5) where parts[0] == "admin" && parts[1] == "leave" && parts[2] == "types" && parts[4] == "toggle":
      self = .adminToggleLeaveType(id: parts[3])
    case ("POST", 3) where parts == ["admin", "leave", "holidays"]: self = .adminAddHoliday
    case ("POST", 5) where parts[0] == "admin" && parts[1] == "leave" && parts[2] == "holidays" && parts[4] == "delete":
      self = .adminDeleteHoliday(id: parts[3])
    case ("POST", 4) where parts[0] == "admin" && parts[1] == "people" && parts[3] == "allowance":
      self = .adminSetAllowance(id: parts[2])
    case ("GET", 2) where parts == ["admin", "import"]: self = .adminImport
    case ("POST", 2) where parts == ["admin", "import"]: self = .adminRunImport
    case ("GET", 1) where parts[0] == "password": self = .password
    case ("POST", 1) where parts[0] == "password": self = .changePassword
    case ("GET", 2) where parts[0] == "assets" && parts[1] == WebAssets.stylesheetName: self = .stylesheet
    case ("GET", 2) where parts[0] == "assets" && parts[1] == WebAssets.scriptName: self = .script
    default: return nil
    }
  }

  /// A `next` address after sign-in: only a path on this server, never another site, and
  /// nothing that could end the `Location` header early (control characters, spaces).
  package static func localPath(_ text: String) -> String? {
    guard text.hasPrefix("/"), !text.hasPrefix("//"), !text.contains("\\"), text.count <= 500,
      text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F })
    else { return nil }
    return text
  }

  /// One of each, for tests.
  package static let examples: [WebPage] = [
    .signIn(next: nil), .signIn(next: "/board"), .submitSignIn, .signOut, .home, .createPost, .timeOff(year: nil),
    .timeOff(year: 2027), .requestLeave, .cancelLeave(id: "a b"), .editLeave(id: "r1"), .changeLeave(id: "r1"), .board,
    .markRead(id: "n1"), .markAllRead,
    .postNotice,
    .approvals(.pending), .approvals(.approved), .decide(id: "r1", action: .approve),
    .decide(id: "r1", action: .reject), .decide(id: "r1", action: .reopen), .stylesheet, .script,
    .requestDetail(id: "r1"), .team(query: nil, department: nil, location: nil),
    .team(query: "José M", department: "d1", location: nil), .person(id: "p1"), .personTimeOff(id: "p1", year: nil),
    .personTimeOff(id: "p1", year: 2025), .profile, .editProfile, .saveProfile, .uploadPhoto, .company, .settings,
    .saveSettings, .rotateCalendar, .deleteDevice(id: "d1"), .resetBadge, .password, .changePassword,
    .calendar(month: nil, department: nil, location: nil),
    .calendar(month: "2026-04", department: "d1", location: "l1"), .admin, .adminPeople(query: nil),
    .adminPeople(query: "ana"), .adminNewPerson, .adminCreatePerson, .adminPerson(id: "p1"),
    .adminUpdatePerson(id: "p1"),
    .adminResetPassword(id: "p1"), .adminPlaces, .adminCreateLocation, .adminCreateDepartment,
    .adminDeleteLocation(id: "l1"), .adminDeleteDepartment(id: "d1"), .adminCompany, .adminSaveCompany, .adminFeeds,
    .adminAddFeed, .adminRefreshFeed(id: "f1"), .adminDeleteFeed(id: "f1"), .adminAudit(cursor: nil),
    .adminAudit(cursor: "c1"), .adminLeave(location: nil, year: nil), .adminLeave(location: "l1", year: 2027),
    .adminSavePolicy, .adminAddLeaveType, .adminToggleLeaveType(id: "t1"), .adminAddHoliday,
    .adminDeleteHoliday(id: "h1"), .adminRenameLocation(id: "l1"), .adminRenameDepartment(id: "d1"),
    .adminRenameLeaveType(id: "t1"), .adminSetAllowance(id: "p1"), .adminImport, .adminRunImport,
  ]
}

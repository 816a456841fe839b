import AtriumAPI
import AtriumDomain
import AtriumHTTP
import AtriumHTTPTypes
import AtriumServer
import AtriumServices
import AtriumTestSupport
import AtriumWeb
import Foundation
import Testing

/// Every route, as each kind of caller, with the status they get. A route added without a
/// row fails `everyRouteHasARow`. Each cell runs on a fresh demo company, so no cell depends
/// on another's changes.
///
/// Callers: nobody; eva (an employee); mario (her manager); lucia (a manager of another
/// team); ana (an administrator). Someone else's private things (a request of another team,
/// a personal notice, a device) answer 404, never 403: their existence is not told.
@Suite struct PermissionMatrixTests {
  static let actors = ["anonymous", "eva", "mario", "lucia", "ana"]

  enum Body: Sendable {
    case none
    case json(String)
    case bytes([UInt8], String)
  }

  struct Row: Sendable, CustomTestStringConvertible {
    let name: Route.Name
    let route: @Sendable (Fixture) -> Route
    let body: Body
    /// For nobody, eva, mario, lucia, ana.
    let expected: [Int]

    init(
      _ name: Route.Name, _ expected: [Int], body: Body = .none, _ route: @escaping @Sendable (Fixture) -> Route
    ) {
      self.name = name
      self.route = route
      self.body = body
      self.expected = expected
    }

    var testDescription: String { "\(name)" }
  }

  /// The things the routes act on, made fresh in each company.
  struct Fixture: Sendable {
    let eva: String
    let engineering: String
    let madrid: String
    let emptyDepartment: String
    let emptyLocation: String
    let pendingRequest: String
    let approvedRequest: String
    let companyNotice: String
    let evasNotice: String
    let evasPost: String
    let evasDevice: String
    let holiday: String
    let leaveType: String
    let feed: String
    let evasFeedToken: String

    init(_ app: TestApp) throws {
      let ana = try app.login("ana").accessToken
      let evaToken = try app.login("eva").accessToken
      let mario = try app.login("mario").accessToken
      func id(_ response: HTTPResponse, _ key: String = "id") throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        if let value = object?[key] as? String { return value }
        if let request = object?["request"] as? [String: Any], let value = request[key] as? String { return value }
        throw Failure(message: "no \(key) in \(response.status) \(String(decoding: response.body, as: UTF8.self))")
      }
      eva = try id(app.send(.me(.show), token: evaToken))
      let me =
        try JSONSerialization.jsonObject(with: Data(app.send(.me(.show), token: evaToken).body)) as? [String: Any]
      engineering = ((me?["department"] as? [String: Any])?["id"] as? String) ?? ""
      madrid = ((me?["location"] as? [String: Any])?["id"] as? String) ?? ""
      emptyDepartment = try id(app.send(.places(.createDepartment), json: #"{"name": "Legal"}"#, token: ana))
      emptyLocation = try id(app.send(.places(.createLocation), json: #"{"name": "Bilbao"}"#, token: ana))
      pendingRequest = try id(
        app.send(.leave(.create), json: #"{"start": "2026-04-06", "end": "2026-04-06"}"#, token: evaToken))
      approvedRequest = try id(
        app.send(.leave(.create), json: #"{"start": "2026-04-13", "end": "2026-04-13"}"#, token: evaToken))
      _ = app.send(.approvals(.approve(id: approvedRequest)), json: "{}", token: mario)
      companyNotice = try id(app.send(.board(.post), json: #"{"title": "Lunch", "body": "At one."}"#, token: ana))
      let board =
        try JSONSerialization.jsonObject(
          with: Data(app.send(.board(.notices(unreadOnly: false, page: .first)), token: evaToken).body))
        as? [String: Any]
      let items = board?["items"] as? [[String: Any]] ?? []
      evasNotice = items.first { ($0["scope"] as? String) == "personal" }?["id"] as? String ?? ""
      evasPost = try id(app.send(.timeline(.createPost), json: #"{"text": "Hello"}"#, token: evaToken))
      evasDevice = try id(
        app.send(.settings(.registerDevice), json: #"{"platform": "apns", "token": "abc123"}"#, token: evaToken))
      holiday = try id(
        app.send(
          .leaveSettings(.createHoliday),
          json: #"{"locationId": "\#(madrid)", "date": "2026-05-15", "name": "San Isidro"}"#,
          token: ana))
      let types = try JSONSerialization.jsonObject(with: Data(app.send(.leaveSettings(.leaveTypes), token: ana).body))
      leaveType = ((types as? [String: Any])?["items"] as? [[String: Any]])?.first?["id"] as? String ?? ""
      feed = try id(
        app.send(.timeline(.createFeed), json: #"{"name": "News", "url": "http://127.0.0.1:9/feed.rss"}"#, token: ana))
      let feeds =
        try JSONSerialization.jsonObject(with: Data(app.send(.calendar(.mine), token: evaToken).body)) as? [String: Any]
      let url = feeds?["url"] as? String ?? ""
      evasFeedToken = String(url.split(separator: "/").last?.split(separator: ".").first ?? "")
      let needed = [
        ("evasNotice", evasNotice), ("leaveType", leaveType), ("evasFeedToken", evasFeedToken),
        ("engineering", engineering), ("madrid", madrid),
      ]
      let missing = needed.filter { $0.1.isEmpty }.map(\.0)
      guard missing.isEmpty else { throw Failure(message: "the fixture has no \(missing)") }
    }
  }

  struct Failure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
  }

  static let png = Picture.halves(width: 8, height: 8, format: .png)
  static let directory =
    #"{"urls": ["ldap://127.0.0.1:9"], "userDNTemplate": "uid={username},ou=people,dc=example,dc=com"}"#
  static let newPerson =
    #"{"username": "nora", "email": "nora@atrium-demo.example", "firstName": "Nora", "lastName": "Vidal", "departmentId": "DEPT", "locationId": "LOC"}"#

  static let rows: [Row] = [
    Row("health", [200, 200, 200, 200, 200]) { _ in .service(.health) },
    Row("openAPI", [200, 200, 200, 200, 200]) { _ in .service(.openAPI) },
    Row("login", [200, 200, 200, 200, 200], body: .json(#"{"username": "eva", "password": "atrium-demo"}"#)) { _ in
      .auth(.login)
    },
    Row("refresh", [401, 401, 401, 401, 401], body: .json(#"{"refreshToken": "not-a-token"}"#)) { _ in .auth(.refresh)
    },
    Row("logout", [401, 204, 204, 204, 204], body: .json(#"{"refreshToken": "not-a-token"}"#)) { _ in
      .auth(.logout(everywhere: false))
    },
    Row("me", [401, 200, 200, 200, 200]) { _ in .me(.show) },
    Row("locations", [401, 200, 200, 200, 200]) { _ in .places(.locations(.first)) },
    Row("createLocation", [401, 403, 403, 403, 201], body: .json(#"{"name": "Sevilla"}"#)) { _ in
      .places(.createLocation)
    },
    Row("updateLocation", [401, 403, 403, 403, 200], body: .json(#"{"name": "Madrid Centro"}"#)) {
      .places(.updateLocation(id: $0.madrid))
    },
    Row("deleteLocation", [401, 403, 403, 403, 204]) { .places(.deleteLocation(id: $0.emptyLocation)) },
    Row("departments", [401, 200, 200, 200, 200]) { _ in .places(.departments(.first)) },
    Row("createDepartment", [401, 403, 403, 403, 201], body: .json(#"{"name": "Finance"}"#)) { _ in
      .places(.createDepartment)
    },
    Row("updateDepartment", [401, 403, 403, 403, 200], body: .json(#"{"name": "Engineering & Data"}"#)) {
      .places(.updateDepartment(id: $0.engineering))
    },
    Row("deleteDepartment", [401, 403, 403, 403, 204]) { .places(.deleteDepartment(id: $0.emptyDepartment)) },
    Row("personPhoto", [401, 200, 200, 200, 200]) { .people(.photo(id: $0.eva, size: .small)) },
    Row("updateMyPhoto", [401, 200, 200, 200, 200], body: .bytes(png, "image/png")) { _ in .me(.updatePhoto) },
    Row("deleteMyPhoto", [401, 204, 204, 204, 204]) { _ in .me(.deletePhoto) },
    Row("updatePersonPhoto", [401, 200, 403, 403, 200], body: .bytes(png, "image/png")) {
      .people(.updatePhoto(id: $0.eva))
    },
    Row("deletePersonPhoto", [401, 204, 403, 403, 204]) { .people(.deletePhoto(id: $0.eva)) },
    Row("company", [401, 200, 200, 200, 200]) { _ in .company(.show) },
    Row("updateCompany", [401, 403, 403, 403, 200], body: .json(#"{"name": "Atrium S.L."}"#)) { _ in .company(.update)
    },
    Row("people", [401, 200, 200, 200, 200]) { _ in .people(.directory(PeopleQuery())) },
    Row("person", [401, 200, 200, 200, 200]) { .people(.profile(id: $0.eva)) },
    Row("updateMe", [401, 200, 200, 200, 200], body: .json(#"{"bio": "Hello"}"#)) { _ in .me(.update) },
    Row("updatePerson", [401, 403, 403, 403, 200], body: .json(#"{"position": "Senior iOS Developer"}"#)) {
      .people(.update(id: $0.eva))
    },
    Row("createPerson", [401, 403, 403, 403, 201], body: .json(newPerson)) { _ in .people(.create) },
    Row("resetPassword", [401, 403, 403, 403, 200]) { .people(.resetPassword(id: $0.eva)) },
    Row(
      "changePassword", [401, 200, 200, 200, 200],
      body: .json(#"{"current": "atrium-demo", "new": "a-new-password"}"#)
    ) { _ in .me(.changePassword) },
    Row(
      "importPeople", [401, 403, 403, 403, 200],
      body: .bytes(Array("username,email,firstName,lastName\n".utf8), "text/csv")
    ) { _ in .people(.importStaff(dryRun: true)) },
    Row("board", [401, 200, 200, 200, 200]) { _ in .board(.notices(unreadOnly: false, page: .first)) },
    Row("postNotice", [401, 403, 403, 403, 201], body: .json(#"{"title": "Fire drill", "body": "At ten."}"#)) { _ in
      .board(.post)
    },
    Row("updateNotice", [401, 403, 403, 403, 200], body: .json(#"{"title": "Lunch at two"}"#)) {
      .board(.update(id: $0.companyNotice))
    },
    Row("deleteNotice", [401, 403, 403, 403, 204]) { .board(.delete(id: $0.companyNotice)) },
    Row("markNoticeRead", [401, 204, 404, 404, 404]) { .board(.markRead(id: $0.evasNotice)) },
    Row("markAllNoticesRead", [401, 204, 204, 204, 204]) { _ in .board(.markAllRead) },
    Row("badge", [401, 200, 200, 200, 200]) { _ in .board(.badge) },
    Row("resetBadge", [401, 200, 200, 200, 200]) { _ in .board(.resetBadge) },
    Row("events", [401, 200, 200, 200, 200]) { _ in .events(.stream) },
    Row("mySettings", [401, 200, 200, 200, 200]) { _ in .settings(.show) },
    Row("updateSettings", [401, 200, 200, 200, 200], body: .json(#"{"language": "es"}"#)) { _ in .settings(.update) },
    Row("devices", [401, 200, 200, 200, 200]) { _ in .settings(.devices) },
    Row("registerDevice", [401, 201, 201, 201, 201], body: .json(#"{"platform": "fcm", "token": "xyz789"}"#)) { _ in
      .settings(.registerDevice)
    },
    Row("deleteDevice", [401, 204, 404, 404, 404]) { .settings(.deleteDevice(id: $0.evasDevice)) },
    Row("audit", [401, 403, 403, 403, 200]) { _ in .company(.audit(.first)) },
    Row("directory", [401, 403, 403, 403, 200]) { _ in .directory(.show) },
    Row("updateDirectory", [401, 403, 403, 403, 200], body: .json(directory)) { _ in .directory(.update) },
    Row("resetDirectory", [401, 403, 403, 403, 204]) { _ in .directory(.reset) },
    Row("syncDirectory", [401, 403, 403, 403, 409]) { _ in .directory(.sync) },
    Row("teamCalendar", [401, 200, 200, 200, 200]) { _ in
      .calendar(.team(month: nil, departmentID: nil, locationID: nil))
    },
    Row("timeline", [401, 200, 200, 200, 200]) { _ in .timeline(.page(.first)) },
    Row("createPost", [401, 201, 201, 201, 201], body: .json(#"{"text": "Good morning"}"#)) { _ in
      .timeline(.createPost)
    },
    Row("deletePost", [401, 204, 403, 403, 204]) { .timeline(.deletePost(id: $0.evasPost)) },
    Row("timelineFeeds", [401, 403, 403, 403, 200]) { _ in .timeline(.feeds) },
    Row(
      "createTimelineFeed", [401, 403, 403, 403, 201],
      body: .json(#"{"name": "Blog", "url": "https://atrium-demo.example/blog.rss"}"#)
    ) { _ in .timeline(.createFeed) },
    Row("updateTimelineFeed", [401, 403, 403, 403, 200], body: .json(#"{"active": false}"#)) {
      .timeline(.updateFeed(id: $0.feed))
    },
    Row("deleteTimelineFeed", [401, 403, 403, 403, 204]) { .timeline(.deleteFeed(id: $0.feed)) },
    Row("refreshTimelineFeed", [401, 403, 403, 403, 200]) { .timeline(.refreshFeed(id: $0.feed)) },
    Row("myLeave", [401, 200, 200, 200, 200]) { _ in .leave(.mine(year: nil)) },
    Row("previewLeave", [401, 200, 200, 200, 200]) { _ in
      .leave(
        .preview(
          LeaveQuery(
            start: CalendarDate(year: 2026, month: 6, day: 1)!, end: CalendarDate(year: 2026, month: 6, day: 2)!)
        ))
    },
    Row("createLeave", [401, 201, 201, 201, 201], body: .json(#"{"start": "2026-06-01", "end": "2026-06-02"}"#)) { _ in
      .leave(.create)
    },
    Row("leave", [401, 200, 200, 404, 200]) { .leave(.detail(id: $0.pendingRequest)) },
    Row("changeLeave", [401, 200, 403, 404, 403], body: .json(#"{"end": "2026-04-07"}"#)) {
      .leave(.change(id: $0.pendingRequest))
    },
    Row("cancelLeave", [401, 200, 403, 404, 403], body: .json("{}")) { .leave(.cancel(id: $0.pendingRequest)) },
    Row("approveLeave", [401, 403, 200, 404, 200], body: .json("{}")) { .approvals(.approve(id: $0.pendingRequest)) },
    Row("rejectLeave", [401, 403, 200, 404, 200], body: .json(#"{"reason": "Release week"}"#)) {
      .approvals(.reject(id: $0.pendingRequest))
    },
    Row("reopenLeave", [401, 403, 200, 404, 200], body: .json("{}")) { .approvals(.reopen(id: $0.approvedRequest)) },
    Row("approvals", [401, 403, 200, 200, 200]) { _ in .approvals(.list(status: .pending, page: .first)) },
    Row("personLeave", [401, 200, 200, 404, 200]) { .leave(.ofPerson(id: $0.eva, year: nil)) },
    Row("setAllowance", [401, 403, 403, 403, 200], body: .json(#"{"days": 30}"#)) {
      .leaveSettings(.setAllowance(id: $0.eva, year: 2026))
    },
    Row("holidays", [401, 200, 200, 200, 200]) { _ in .leaveSettings(.holidays(locationID: nil, year: nil)) },
    Row(
      "createHoliday", [401, 403, 403, 403, 201],
      body: .json(#"{"locationId": "LOC", "date": "2026-08-15", "name": "Asunción"}"#)
    ) { _ in
      .leaveSettings(.createHoliday)
    },
    Row("deleteHoliday", [401, 403, 403, 403, 204]) { .leaveSettings(.deleteHoliday(id: $0.holiday)) },
    Row("leaveTypes", [401, 200, 200, 200, 200]) { _ in .leaveSettings(.leaveTypes) },
    Row("createLeaveType", [401, 403, 403, 403, 201], body: .json(#"{"name": "Training"}"#)) { _ in
      .leaveSettings(.createLeaveType)
    },
    Row("updateLeaveType", [401, 403, 403, 403, 200], body: .json(#"{"needsApproval": true}"#)) {
      .leaveSettings(.updateLeaveType(id: $0.leaveType))
    },
    Row("leavePolicy", [401, 200, 200, 200, 200]) { _ in .leaveSettings(.policy) },
    Row("updateLeavePolicy", [401, 403, 403, 403, 200], body: .json(#"{"carryOverDays": 3}"#)) { _ in
      .leaveSettings(.updatePolicy)
    },
    Row("myCalendar", [401, 200, 200, 200, 200]) { _ in .calendar(.mine) },
    Row("rotateCalendar", [401, 200, 200, 200, 200]) { _ in .calendar(.rotate) },
    Row("calendarFeed", [200, 200, 200, 200, 200]) {
      .calendar(.feed(token: $0.evasFeedToken, team: false, includePending: false))
    },
  ]

  @Test func everyRouteHasARow() {
    let names = Self.rows.map(\.name)
    #expect(Set(names) == Set(Route.Name.allCases), "missing: \(Set(Route.Name.allCases).subtracting(names))")
    #expect(names.count == Set(names).count, "one row per route")
  }

  @Test(arguments: rows)
  func eachCallerGetsTheExpectedStatus(_ row: Row) throws {
    var seen: [Int] = []
    for (index, actor) in Self.actors.enumerated() {
      let app = try TestApp()
      let fixture = try Fixture(app)
      let token = actor == "anonymous" ? nil : try app.login(actor).accessToken
      let route = row.route(fixture)
      let response: HTTPResponse
      switch row.body {
      case .none:
        response = app.send(route, token: token)
      case .json(let text):
        let filled = text.replacingOccurrences(of: "DEPT", with: fixture.engineering)
          .replacingOccurrences(of: "LOC", with: fixture.madrid)
        response = app.send(route, json: filled, token: token)
      case .bytes(let bytes, let contentType):
        response = app.send(
          route.method.rawValue, route.pathAndQuery, body: bytes, token: token,
          headers: [("Content-Type", contentType)])
      }
      seen.append(response.status)
      if response.status != row.expected[index] {
        Issue.record(
          "\(row.name) as \(actor): \(response.status), expected \(row.expected[index]): \(response.problem?.detail ?? "")"
        )
      }
    }
    #expect(seen == row.expected)
  }
}

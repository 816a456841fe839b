import AtriumAPI
import AtriumDomain
import AtriumHTTP
import AtriumServer
import AtriumTestSupport
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
      eva = try id(app.send(.me, token: evaToken))
      let me = try JSONSerialization.jsonObject(with: Data(app.send(.me, token: evaToken).body)) as? [String: Any]
      engineering = ((me?["department"] as? [String: Any])?["id"] as? String) ?? ""
      madrid = ((me?["location"] as? [String: Any])?["id"] as? String) ?? ""
      emptyDepartment = try id(app.send(.createDepartment, json: #"{"name": "Legal"}"#, token: ana))
      emptyLocation = try id(app.send(.createLocation, json: #"{"name": "Bilbao"}"#, token: ana))
      pendingRequest = try id(
        app.send(.createLeave, json: #"{"start": "2026-04-06", "end": "2026-04-06"}"#, token: evaToken))
      approvedRequest = try id(
        app.send(.createLeave, json: #"{"start": "2026-04-13", "end": "2026-04-13"}"#, token: evaToken))
      _ = app.send(.approveLeave(id: approvedRequest), json: "{}", token: mario)
      companyNotice = try id(app.send(.postNotice, json: #"{"title": "Lunch", "body": "At one."}"#, token: ana))
      let board =
        try JSONSerialization.jsonObject(
          with: Data(app.send(.board(unreadOnly: false, page: .first), token: evaToken).body)) as? [String: Any]
      let items = board?["items"] as? [[String: Any]] ?? []
      evasNotice = items.first { ($0["scope"] as? String) == "personal" }?["id"] as? String ?? ""
      evasPost = try id(app.send(.createPost, json: #"{"text": "Hello"}"#, token: evaToken))
      evasDevice = try id(app.send(.registerDevice, json: #"{"platform": "apns", "token": "abc123"}"#, token: evaToken))
      holiday = try id(
        app.send(
          .createHoliday, json: #"{"locationId": "\#(madrid)", "date": "2026-05-15", "name": "San Isidro"}"#,
          token: ana))
      let types = try JSONSerialization.jsonObject(with: Data(app.send(.leaveTypes, token: ana).body))
      leaveType = ((types as? [String: Any])?["items"] as? [[String: Any]])?.first?["id"] as? String ?? ""
      feed = try id(
        app.send(.createTimelineFeed, json: #"{"name": "News", "url": "http://127.0.0.1:9/feed.rss"}"#, token: ana))
      let feeds =
        try JSONSerialization.jsonObject(with: Data(app.send(.myCalendar, token: evaToken).body)) as? [String: Any]
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
    Row(.health, [200, 200, 200, 200, 200]) { _ in .health },
    Row(.openAPI, [200, 200, 200, 200, 200]) { _ in .openAPI },
    Row(.login, [200, 200, 200, 200, 200], body: .json(#"{"username": "eva", "password": "atrium-demo"}"#)) { _ in
      .login
    },
    Row(.refresh, [401, 401, 401, 401, 401], body: .json(#"{"refreshToken": "not-a-token"}"#)) { _ in .refresh },
    Row(.logout, [401, 204, 204, 204, 204], body: .json(#"{"refreshToken": "not-a-token"}"#)) { _ in
      .logout(everywhere: false)
    },
    Row(.me, [401, 200, 200, 200, 200]) { _ in .me },
    Row(.locations, [401, 200, 200, 200, 200]) { _ in .locations(.first) },
    Row(.createLocation, [401, 403, 403, 403, 201], body: .json(#"{"name": "Sevilla"}"#)) { _ in .createLocation },
    Row(.updateLocation, [401, 403, 403, 403, 200], body: .json(#"{"name": "Madrid Centro"}"#)) {
      .updateLocation(id: $0.madrid)
    },
    Row(.deleteLocation, [401, 403, 403, 403, 204]) { .deleteLocation(id: $0.emptyLocation) },
    Row(.departments, [401, 200, 200, 200, 200]) { _ in .departments(.first) },
    Row(.createDepartment, [401, 403, 403, 403, 201], body: .json(#"{"name": "Finance"}"#)) { _ in
      .createDepartment
    },
    Row(.updateDepartment, [401, 403, 403, 403, 200], body: .json(#"{"name": "Engineering & Data"}"#)) {
      .updateDepartment(id: $0.engineering)
    },
    Row(.deleteDepartment, [401, 403, 403, 403, 204]) { .deleteDepartment(id: $0.emptyDepartment) },
    Row(.personPhoto, [401, 200, 200, 200, 200]) { .personPhoto(id: $0.eva, size: .small) },
    Row(.updateMyPhoto, [401, 200, 200, 200, 200], body: .bytes(png, "image/png")) { _ in .updateMyPhoto },
    Row(.deleteMyPhoto, [401, 204, 204, 204, 204]) { _ in .deleteMyPhoto },
    Row(.updatePersonPhoto, [401, 200, 403, 403, 200], body: .bytes(png, "image/png")) {
      .updatePersonPhoto(id: $0.eva)
    },
    Row(.deletePersonPhoto, [401, 204, 403, 403, 204]) { .deletePersonPhoto(id: $0.eva) },
    Row(.company, [401, 200, 200, 200, 200]) { _ in .company },
    Row(.updateCompany, [401, 403, 403, 403, 200], body: .json(#"{"name": "Atrium S.L."}"#)) { _ in .updateCompany },
    Row(.people, [401, 200, 200, 200, 200]) { _ in .people(PeopleQuery()) },
    Row(.person, [401, 200, 200, 200, 200]) { .person(id: $0.eva) },
    Row(.updateMe, [401, 200, 200, 200, 200], body: .json(#"{"bio": "Hello"}"#)) { _ in .updateMe },
    Row(.updatePerson, [401, 403, 403, 403, 200], body: .json(#"{"position": "Senior iOS Developer"}"#)) {
      .updatePerson(id: $0.eva)
    },
    Row(.createPerson, [401, 403, 403, 403, 201], body: .json(newPerson)) { _ in .createPerson },
    Row(.resetPassword, [401, 403, 403, 403, 200]) { .resetPassword(id: $0.eva) },
    Row(
      .changePassword, [401, 200, 200, 200, 200],
      body: .json(#"{"current": "atrium-demo", "new": "a-new-password"}"#)
    ) { _ in .changePassword },
    Row(
      .importPeople, [401, 403, 403, 403, 200],
      body: .bytes(Array("username,email,firstName,lastName\n".utf8), "text/csv")
    ) { _ in .importPeople(dryRun: true) },
    Row(.board, [401, 200, 200, 200, 200]) { _ in .board(unreadOnly: false, page: .first) },
    Row(.postNotice, [401, 403, 403, 403, 201], body: .json(#"{"title": "Fire drill", "body": "At ten."}"#)) { _ in
      .postNotice
    },
    Row(.updateNotice, [401, 403, 403, 403, 200], body: .json(#"{"title": "Lunch at two"}"#)) {
      .updateNotice(id: $0.companyNotice)
    },
    Row(.deleteNotice, [401, 403, 403, 403, 204]) { .deleteNotice(id: $0.companyNotice) },
    Row(.markNoticeRead, [401, 204, 404, 404, 404]) { .markNoticeRead(id: $0.evasNotice) },
    Row(.markAllNoticesRead, [401, 204, 204, 204, 204]) { _ in .markAllNoticesRead },
    Row(.badge, [401, 200, 200, 200, 200]) { _ in .badge },
    Row(.resetBadge, [401, 200, 200, 200, 200]) { _ in .resetBadge },
    Row(.events, [401, 200, 200, 200, 200]) { _ in .events },
    Row(.mySettings, [401, 200, 200, 200, 200]) { _ in .mySettings },
    Row(.updateSettings, [401, 200, 200, 200, 200], body: .json(#"{"language": "es"}"#)) { _ in .updateSettings },
    Row(.devices, [401, 200, 200, 200, 200]) { _ in .devices },
    Row(.registerDevice, [401, 201, 201, 201, 201], body: .json(#"{"platform": "fcm", "token": "xyz789"}"#)) { _ in
      .registerDevice
    },
    Row(.deleteDevice, [401, 204, 404, 404, 404]) { .deleteDevice(id: $0.evasDevice) },
    Row(.audit, [401, 403, 403, 403, 200]) { _ in .audit(.first) },
    Row(.directory, [401, 403, 403, 403, 200]) { _ in .directory },
    Row(.updateDirectory, [401, 403, 403, 403, 200], body: .json(directory)) { _ in .updateDirectory },
    Row(.resetDirectory, [401, 403, 403, 403, 204]) { _ in .resetDirectory },
    Row(.syncDirectory, [401, 403, 403, 403, 409]) { _ in .syncDirectory },
    Row(.teamCalendar, [401, 200, 200, 200, 200]) { _ in .teamCalendar(month: nil, departmentID: nil, locationID: nil)
    },
    Row(.timeline, [401, 200, 200, 200, 200]) { _ in .timeline(.first) },
    Row(.createPost, [401, 201, 201, 201, 201], body: .json(#"{"text": "Good morning"}"#)) { _ in .createPost },
    Row(.deletePost, [401, 204, 403, 403, 204]) { .deletePost(id: $0.evasPost) },
    Row(.timelineFeeds, [401, 403, 403, 403, 200]) { _ in .timelineFeeds },
    Row(
      .createTimelineFeed, [401, 403, 403, 403, 201],
      body: .json(#"{"name": "Blog", "url": "https://atrium-demo.example/blog.rss"}"#)
    ) { _ in .createTimelineFeed },
    Row(.updateTimelineFeed, [401, 403, 403, 403, 200], body: .json(#"{"active": false}"#)) {
      .updateTimelineFeed(id: $0.feed)
    },
    Row(.deleteTimelineFeed, [401, 403, 403, 403, 204]) { .deleteTimelineFeed(id: $0.feed) },
    Row(.refreshTimelineFeed, [401, 403, 403, 403, 200]) { .refreshTimelineFeed(id: $0.feed) },
    Row(.myLeave, [401, 200, 200, 200, 200]) { _ in .myLeave(year: nil) },
    Row(.previewLeave, [401, 200, 200, 200, 200]) { _ in
      .previewLeave(
        LeaveQuery(start: CalendarDate(year: 2026, month: 6, day: 1)!, end: CalendarDate(year: 2026, month: 6, day: 2)!)
      )
    },
    Row(.createLeave, [401, 201, 201, 201, 201], body: .json(#"{"start": "2026-06-01", "end": "2026-06-02"}"#)) { _ in
      .createLeave
    },
    Row(.leave, [401, 200, 200, 404, 200]) { .leave(id: $0.pendingRequest) },
    Row(.changeLeave, [401, 200, 403, 404, 403], body: .json(#"{"end": "2026-04-07"}"#)) {
      .changeLeave(id: $0.pendingRequest)
    },
    Row(.cancelLeave, [401, 200, 403, 404, 403], body: .json("{}")) { .cancelLeave(id: $0.pendingRequest) },
    Row(.approveLeave, [401, 403, 200, 404, 200], body: .json("{}")) { .approveLeave(id: $0.pendingRequest) },
    Row(.rejectLeave, [401, 403, 200, 404, 200], body: .json(#"{"reason": "Release week"}"#)) {
      .rejectLeave(id: $0.pendingRequest)
    },
    Row(.reopenLeave, [401, 403, 200, 404, 200], body: .json("{}")) { .reopenLeave(id: $0.approvedRequest) },
    Row(.approvals, [401, 403, 200, 200, 200]) { _ in .approvals(status: .pending, page: .first) },
    Row(.personLeave, [401, 200, 200, 404, 200]) { .personLeave(id: $0.eva, year: nil) },
    Row(.setAllowance, [401, 403, 403, 403, 200], body: .json(#"{"days": 30}"#)) {
      .setAllowance(id: $0.eva, year: 2026)
    },
    Row(.holidays, [401, 200, 200, 200, 200]) { _ in .holidays(locationID: nil, year: nil) },
    Row(
      .createHoliday, [401, 403, 403, 403, 201],
      body: .json(#"{"locationId": "LOC", "date": "2026-08-15", "name": "Asunción"}"#)
    ) { _ in
      .createHoliday
    },
    Row(.deleteHoliday, [401, 403, 403, 403, 204]) { .deleteHoliday(id: $0.holiday) },
    Row(.leaveTypes, [401, 200, 200, 200, 200]) { _ in .leaveTypes },
    Row(.createLeaveType, [401, 403, 403, 403, 201], body: .json(#"{"name": "Training"}"#)) { _ in .createLeaveType },
    Row(.updateLeaveType, [401, 403, 403, 403, 200], body: .json(#"{"needsApproval": true}"#)) {
      .updateLeaveType(id: $0.leaveType)
    },
    Row(.leavePolicy, [401, 200, 200, 200, 200]) { _ in .leavePolicy },
    Row(.updateLeavePolicy, [401, 403, 403, 403, 200], body: .json(#"{"carryOverDays": 3}"#)) { _ in
      .updateLeavePolicy
    },
    Row(.myCalendar, [401, 200, 200, 200, 200]) { _ in .myCalendar },
    Row(.rotateCalendar, [401, 200, 200, 200, 200]) { _ in .rotateCalendar },
    Row(.calendarFeed, [200, 200, 200, 200, 200]) {
      .calendarFeed(token: $0.evasFeedToken, team: false, includePending: false)
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

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
/// team); silvia (an employee of Operations whom ana granted `facilities`: the permission's
/// column); ana (an administrator). Someone else's private things (a request of another team,
/// a personal notice, a device) answer 404, never 403: their existence is not told.
@Suite(.checksBalanceRows) struct PermissionMatrixTests {
  static let actors = ["anonymous", "eva", "mario", "lucia", "silvia.delgado", "ana"]

  enum Body: Sendable {
    case none
    case json(String)
    case bytes([UInt8], String)
  }

  struct Row: Sendable, CustomTestStringConvertible {
    let name: Route.Name
    let route: @Sendable (Fixture) -> Route
    let body: Body
    /// For nobody, eva, mario, lucia, silvia (facilities), ana.
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
    /// A second session of eva's (a phone), which only she can sign out.
    let evasOtherSession: String
    /// Someone none of the callers is: Javier (Operations).
    let javier: String
    /// A campus with a building, and one without (which can be removed).
    let campus: String
    let building: String
    let emptyCampus: String
    /// Eva's task, with a conflict on its title.
    let evasTask = "7a1c2e4b-0d3f-4a5b-8c6d-9e0f1a2b3c4d"
    /// A room with a CO₂ sensor and a rule on the room, and a room without sensors; written
    /// straight to the database, since the matrix runs without a broker (registering answers
    /// 503 there, which the rows show).
    let room = "room-2"
    let emptyRoom = "room-storage"
    let sensor = "sensor-room-2"
    let rule = "rule-room-2"

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
        app.send(
          .settings(.registerDevice),
          json: #"{"platform": "apns", "token": "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"}"#,
          token: evaToken))
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
      let phone = try app.login("eva").accessToken
      let sessions =
        try JSONSerialization.jsonObject(with: Data(app.send(.me(.sessions), token: phone).body)) as? [String: Any]
      evasOtherSession =
        (sessions?["items"] as? [[String: Any]])?.first { ($0["current"] as? Bool) == true }?["id"] as? String ?? ""
      javier = try app.login("javier").user.id
      // The facilities column's caller: silvia, granted the permission beside her role.
      let silvia = try app.login("silvia.delgado").user.id
      let granted = app.send(.people(.update(id: silvia)), json: #"{"permissions": ["facilities"]}"#, token: ana)
      guard granted.status == 200 else { throw Failure(message: "facilities not granted: \(granted.status)") }
      campus = try id(
        app.send(
          .presence(.createCampus),
          json:
            #"{"name": "Sevilla", "timeZone": "Europe/Madrid", "latitude": 37.39, "longitude": -5.99, "locationId": "\#(madrid)"}"#,
          token: ana))
      building = try id(
        app.send(
          .presence(.createBuilding),
          json:
            #"{"campusId": "\#(campus)", "name": "Sevilla — Triana", "latitude": 37.385, "longitude": -6.003, "radiusM": 120}"#,
          token: ana))
      emptyCampus = try id(
        app.send(
          .presence(.createCampus),
          json:
            #"{"name": "Bilbao", "timeZone": "Europe/Madrid", "latitude": 43.26, "longitude": -2.93, "locationId": "\#(madrid)"}"#,
          token: ana))
      let made = app.send(
        .tasks(.ops),
        json: """
          {"ops": [{"opId": "11111111-2222-4333-8444-555555555555", "taskId": "\(evasTask)", "kind": "create",
          "fields": {"title": "Call the bank"}}, {"opId": "11111111-2222-4333-8444-666666666666",
          "taskId": "\(evasTask)", "kind": "patch", "fields": {"title": {"base": "Call Ana", "new": "Call Luis"}}}]}
          """, token: evaToken)
      guard made.status == 200, String(decoding: made.body, as: UTF8.self).contains(#""status":"conflict""#) else {
        throw Failure(message: "eva's task was not made: \(String(decoding: made.body, as: UTF8.self))")
      }
      try Self.makeSensors(in: app, room: room, emptyRoom: emptyRoom, sensor: sensor, rule: rule)
      let needed = [
        ("evasNotice", evasNotice), ("leaveType", leaveType), ("evasFeedToken", evasFeedToken),
        ("evasOtherSession", evasOtherSession),
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

  /// Every section's rows, each in a file of its own under `PermissionMatrix/`; a new section adds
  /// its file and its list here.
  static let rows: [Row] =
    serviceRows + authRows + meRows + placesRows + peopleRows + companyRows + boardRows + eventsRows + settingsRows
    + directoryRows + calendarRows + timelineRows + leaveRows + approvalsRows + leaveSettingsRows + outboxRows
    + presenceRows + taskRows + singleTaskRows + sensorRows + roomRows + alertTemplateRows + alertRuleRows

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
          .replacingOccurrences(of: "CAMPUS", with: fixture.campus)
          .replacingOccurrences(of: "BUILDING", with: fixture.building)
          .replacingOccurrences(of: "JAVIER", with: fixture.javier)
          .replacingOccurrences(of: "ROOM", with: fixture.room)
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

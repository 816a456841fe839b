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

/// Every time-off route, as each kind of caller, on a fresh company where eva has a pending
/// request: the status each one gets.
@Suite(.checksBalanceRows) struct LeavePermissionTests {
  enum Caller: String, CaseIterable, Sendable {
    case anonymous
    /// The owner of the request.
    case eva
    /// Eva's teammate, an employee.
    case pablo = "pablo.ruiz"
    /// A manager of another team.
    case lucia
    /// Eva's manager.
    case mario
    case ana
  }

  /// What the fixture holds, for building routes.
  struct Fixture {
    let app: TestApp
    let requestID: String
    let holidayID: String
    let evaID: String
    let madridID: String
    let feedToken: String
  }

  struct Row: Sendable, CustomTestStringConvertible {
    let name: Route.Name
    /// Expected status for anonymous, eva, pablo, lucia, mario, ana.
    let expected: [Int]
    let route: @Sendable (Fixture) -> (Route, String?)
    var testDescription: String { name.rawValue }
  }

  static let rows: [Row] = [
    Row(name: "myLeave", expected: [401, 200, 200, 200, 200, 200]) { _ in (.leave(.mine(year: nil)), nil) },
    Row(name: "previewLeave", expected: [401, 200, 200, 200, 200, 200]) { _ in
      (.leave(.preview(LeaveQuery(start: CalendarDate("2026-05-04")!, end: CalendarDate("2026-05-05")!))), nil)
    },
    Row(name: "createLeave", expected: [401, 201, 201, 201, 201, 201]) { _ in
      (.leave(.create), #"{"start": "2026-05-04", "end": "2026-05-05"}"#)
    },
    Row(name: "leave", expected: [401, 200, 404, 404, 200, 200]) { f in (.leave(.detail(id: f.requestID)), nil) },
    Row(name: "changeLeave", expected: [401, 200, 404, 404, 403, 403]) { f in
      (.leave(.change(id: f.requestID)), #"{"note": "x"}"#)
    },
    Row(name: "cancelLeave", expected: [401, 200, 404, 404, 403, 403]) { f in (.leave(.cancel(id: f.requestID)), nil) },
    Row(name: "approveLeave", expected: [401, 403, 404, 404, 200, 200]) { f in
      (.approvals(.approve(id: f.requestID)), nil)
    },
    Row(name: "rejectLeave", expected: [401, 403, 404, 404, 200, 200]) { f in
      (.approvals(.reject(id: f.requestID)), nil)
    },
    Row(name: "reopenLeave", expected: [401, 403, 404, 404, 409, 409]) { f in
      (.approvals(.reopen(id: f.requestID)), nil)
    },
    Row(name: "decideLeaveRequests", expected: [401, 200, 200, 200, 200, 200]) { f in
      (.approvals(.decideAll), #"{"decisions": [{"requestId": "\#(f.requestID)", "action": "approve"}]}"#)
    },
    Row(name: "approvalRules", expected: [401, 200, 200, 200, 200, 200]) { _ in (.approvals(.rules), nil) },
    Row(name: "updateApprovalRules", expected: [401, 403, 403, 403, 403, 200]) { _ in
      (.approvals(.updateRules), #"{"reasonRequired": true}"#)
    },
    Row(name: "approvals", expected: [401, 403, 403, 200, 200, 200]) { _ in
      (.approvals(.list(status: .pending, page: .first)), nil)
    },
    Row(name: "personLeave", expected: [401, 200, 404, 404, 200, 200]) { f in
      (.leave(.ofPerson(id: f.evaID, year: nil)), nil)
    },
    Row(name: "setAllowance", expected: [401, 403, 403, 403, 403, 200]) { f in
      (.leaveSettings(.setAllowance(id: f.evaID, year: 2026)), #"{"days": 25}"#)
    },
    Row(name: "holidays", expected: [401, 200, 200, 200, 200, 200]) { _ in
      (.leaveSettings(.holidays(locationID: nil, year: nil)), nil)
    },
    Row(name: "createHoliday", expected: [401, 403, 403, 403, 403, 201]) { f in
      (.leaveSettings(.createHoliday), #"{"locationId": "\#(f.madridID)", "date": "2026-08-14", "name": "Puente"}"#)
    },
    Row(name: "deleteHoliday", expected: [401, 403, 403, 403, 403, 204]) { f in
      (.leaveSettings(.deleteHoliday(id: f.holidayID)), nil)
    },
    Row(name: "leaveTypes", expected: [401, 200, 200, 200, 200, 200]) { _ in (.leaveSettings(.leaveTypes), nil) },
    Row(name: "createLeaveType", expected: [401, 403, 403, 403, 403, 201]) { _ in
      (.leaveSettings(.createLeaveType), #"{"name": "Unpaid"}"#)
    },
    Row(name: "updateLeaveType", expected: [401, 403, 403, 403, 403, 200]) { _ in
      (.leaveSettings(.updateLeaveType(id: LeaveType.vacationID)), #"{"name": "Holidays"}"#)
    },
    Row(name: "leavePolicy", expected: [401, 200, 200, 200, 200, 200]) { _ in (.leaveSettings(.policy(year: nil)), nil)
    },
    Row(name: "leavePolicyHistory", expected: [401, 200, 200, 200, 200, 200]) { _ in
      (.leaveSettings(.policyHistory), nil)
    },
    Row(name: "updateLeavePolicy", expected: [401, 403, 403, 403, 403, 200]) { _ in
      (.leaveSettings(.updatePolicy), #"{"carryOverDays": 3}"#)
    },
    Row(name: "updateLocation", expected: [401, 403, 403, 403, 403, 200]) { f in
      (.places(.updateLocation(id: f.madridID)), #"{"name": "Madrid Centro"}"#)
    },
    Row(name: "myCalendar", expected: [401, 200, 200, 200, 200, 200]) { _ in (.calendar(.mine), nil) },
    Row(name: "rotateCalendar", expected: [401, 200, 200, 200, 200, 200]) { _ in (.calendar(.rotate), nil) },
    Row(name: "calendarFeed", expected: [200, 200, 200, 200, 200, 200]) { f in
      (.calendar(.feed(token: f.feedToken, team: false, includePending: false)), nil)
    },
  ]

  static func fixture() throws -> Fixture {
    let app = try TestApp()
    let eva = try app.login("eva")
    let ana = try app.login("ana")
    let request = try JSONText.decode(
      SavedLeave.self,
      from: app.send(.leave(.create), json: #"{"start": "2026-04-06", "end": "2026-04-10"}"#, token: eva.accessToken))
    let holiday = try JSONText.decode(
      HolidayBody.self,
      from: app.send(
        .leaveSettings(.createHoliday),
        json: #"{"locationId": "\#(eva.user.location.id)", "date": "2026-12-08", "name": "Inmaculada"}"#,
        token: ana.accessToken))
    let feed = try JSONText.decode(CalendarFeedBody.self, from: app.send(.calendar(.mine), token: eva.accessToken))
    let token = String(feed.url.split(separator: "/").last!.dropLast(4))
    return Fixture(
      app: app, requestID: request.request.id, holidayID: holiday.id, evaID: eva.user.id,
      madridID: eva.user.location.id, feedToken: token)
  }

  @Test(arguments: rows, Caller.allCases)
  func status(_ row: Row, _ caller: Caller) throws {
    let fixture = try Self.fixture()
    let token = caller == .anonymous ? nil : try fixture.app.login(caller.rawValue).accessToken
    let (route, json) = row.route(fixture)
    let response = fixture.app.send(route, json: json, token: token)
    let expected = row.expected[Caller.allCases.firstIndex(of: caller)!]
    #expect(response.status == expected, "\(caller) \(route.method.rawValue) \(route.path): \(response.text)")
  }

  @Test func everyTimeOffRouteHasARow() {
    let leaveRoutes: Set<Route.Name> = [
      "myLeave", "previewLeave", "createLeave", "leave", "changeLeave", "cancelLeave", "approveLeave", "rejectLeave",
      "reopenLeave", "approvals", "decideLeaveRequests", "approvalRules", "updateApprovalRules", "personLeave",
      "setAllowance", "holidays", "createHoliday", "deleteHoliday",
      "leaveTypes",
      "createLeaveType", "updateLeaveType", "leavePolicy", "leavePolicyHistory", "updateLeavePolicy", "updateLocation",
      "myCalendar",
      "rotateCalendar", "calendarFeed",
    ]
    #expect(Set(Self.rows.map(\.name)) == leaveRoutes)
    #expect(Self.rows.allSatisfy { $0.expected.count == Caller.allCases.count })
  }
}

import AtriumAPI
import AtriumHTTPTypes
import AtriumTestSupport
import Foundation
import Testing

@testable import AtriumServer

/// Issue 14 (1): a new type that sorts first never takes a vacation week, and every place a
/// request is shown says which type it is.
@Suite(.checksBalanceRows) struct LeaveTypeDefaultTests {
  let app: TestApp
  let ana: SessionTokens
  let eva: SessionTokens

  init() throws {
    app = try TestApp()
    ana = try app.login("ana")
    eva = try app.login("eva")
  }

  func types() throws -> [LeaveTypeBody] {
    try JSONText.decode(
      Page<LeaveTypeBody>.self, from: app.send(.leaveSettings(.leaveTypes), token: ana.accessToken)
    ).items
  }

  func addMedicalAppointment() throws -> LeaveTypeBody {
    try JSONText.decode(
      LeaveTypeBody.self,
      from: app.send(
        .leaveSettings(.createLeaveType),
        json: #"{"name": "Medical appointment", "countsAgainstAllowance": false, "needsApproval": false}"#,
        token: ana.accessToken))
  }

  /// The option the request form starts on.
  static func selectedType(in page: HTTPResponse) -> String? {
    let select = page.text.firstMatch(of: /<select id="typeId"[^>]*>(.*?)<\/select>/).map { String($0.1) } ?? ""
    return select.firstMatch(of: /<option value="[^"]*" selected>([^<]*)<\/option>/).map { String($0.1) }
  }

  @Test func theFormAndTheAPIUseTheDefaultTypeNotTheFirstByName() throws {
    let medical = try addMedicalAppointment()
    #expect(try types().first?.name == "Medical appointment")
    #expect(try types().filter(\.default).map(\.name) == ["Vacation"])

    let browser = WebClient(app)
    browser.signIn("eva")
    #expect(Self.selectedType(in: browser.get("/time-off")) == "Vacation")
    let created = try JSONText.decode(
      SavedLeave.self,
      from: app.send(.leave(.create), json: #"{"start": "2026-04-06", "end": "2026-04-10"}"#, token: eva.accessToken))
    #expect(created.request.type.name == "Vacation")
    #expect(created.request.status == .pending)

    // An admin makes another type the default: it replaces Vacation, there and in the form.
    let changed = app.send(
      .leaveSettings(.updateLeaveType(id: medical.id)), json: #"{"default": true}"#, token: ana.accessToken)
    #expect(changed.status == 200)
    #expect(try types().filter(\.default).map(\.name) == ["Medical appointment"])
    #expect(Self.selectedType(in: browser.get("/time-off")) == "Medical appointment")
    let second = try JSONText.decode(
      SavedLeave.self,
      from: app.send(.leave(.create), json: #"{"start": "2026-05-04", "end": "2026-05-04"}"#, token: eva.accessToken))
    #expect(second.request.type.name == "Medical appointment")
  }

  @Test func theDefaultCannotBeSwitchedOffOnlyReplaced() throws {
    let vacation = try #require(try types().first { $0.default })
    let unset = app.send(
      .leaveSettings(.updateLeaveType(id: vacation.id)), json: #"{"default": false}"#, token: ana.accessToken)
    #expect(unset.status == 422)
    #expect(unset.problem?.errors?.map(\.field) == ["default"])
    let inactive = app.send(
      .leaveSettings(.updateLeaveType(id: vacation.id)), json: #"{"active": false}"#, token: ana.accessToken)
    #expect(inactive.status == 422)
    #expect(inactive.problem?.errors?.map(\.field) == ["active"])
    let created = app.send(
      .leaveSettings(.createLeaveType), json: #"{"name": "Training", "active": false, "default": true}"#,
      token: ana.accessToken)
    #expect(created.status == 422)
    #expect(try types().filter(\.default).map(\.name) == ["Vacation"])
  }

  @Test func everyListOfRequestsSaysWhichTypeItIs() throws {
    _ = try addMedicalAppointment()
    let medical = try #require(try types().first { $0.name == "Medical appointment" })
    let sent = app.send(
      .leave(.create), json: #"{"start": "2026-04-06", "end": "2026-04-06", "typeId": "\#(medical.id)"}"#,
      token: eva.accessToken)
    let vacation = app.send(
      .leave(.create), json: #"{"start": "2026-04-13", "end": "2026-04-14"}"#, token: eva.accessToken)
    #expect(sent.status == 201 && vacation.status == 201)
    let pendingID = try JSONText.decode(SavedLeave.self, from: vacation).request.id

    let employee = WebClient(app)
    employee.signIn("eva")
    let timeOff = employee.get("/time-off?year=2026").text
    #expect(timeOff.contains(#"<span class="type">Medical appointment</span>"#))
    #expect(timeOff.contains(#"<span class="type">Vacation</span>"#))
    let calendar = employee.get("/calendar?month=2026-04").text
    #expect(calendar.contains(#"title="Approved · Medical appointment""#))
    #expect(calendar.contains(#"title="Pending · Vacation""#))

    let manager = WebClient(app)
    manager.signIn("mario")
    #expect(manager.get("/approvals").text.contains(#"<span class="type">Vacation</span>"#))
    #expect(manager.get("/approvals/\(pendingID)").text.contains(#"<span class="type">Vacation</span>"#))
  }
}

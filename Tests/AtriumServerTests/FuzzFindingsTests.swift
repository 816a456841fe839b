import AtriumAPI
import AtriumDomain
import AtriumServer
import AtriumServices
import AtriumTestSupport
import AtriumWeb
import Foundation
import Testing

/// What contract fuzzing (make fuzz) found, each kept fixed by a test of its own.
@Suite(.checksBalanceRows) struct FuzzFindingsTests {
  let app: TestApp

  init() throws { app = try TestApp() }

  @Test func aFixedSegmentBeatsAnId_soAllowListsOnlyWhatTheAddressDoes() {
    let readAll = app.send("PATCH", "/api/v1/board/read-all", json: "{}", token: try? app.login("ana").accessToken)
    #expect(readAll.status == 405)
    #expect(readAll.headers["Allow"] == "POST")
    let importing = app.send("GET", "/api/v1/people/import")
    #expect(importing.status == 405 && importing.headers["Allow"] == "POST")
    #expect(app.send("DELETE", "/api/v1/board/some-notice").status == 401, "ids still match where nothing is fixed")
  }

  @Test func nullIsRefusedWhereTheContractSaysAValue_andTakenWhereItMeansClear() throws {
    let eva = try app.login("eva").accessToken
    let phone = app.send(.me(.update), json: #"{"phone": null}"#, token: eva)
    #expect(phone.status == 400)
    #expect(phone.problem?.errors == [FieldError(field: "phone", message: "must not be null")])
    let nested = app.send(.settings(.update), json: #"{"notifications": {"leaveDecisions": null}}"#, token: eva)
    #expect(nested.problem?.errors?.first?.field == "notifications.leaveDecisions")
    let ana = try app.login("ana").accessToken
    let me = try JSONText.decode(User.self, from: app.send(.me(.show), token: eva))
    let cleared = app.send(.people(.update(id: me.id)), json: #"{"managerId": null}"#, token: ana)
    #expect(cleared.status == 200, "null clears a manager")
    #expect(try JSONText.decode(PersonProfile.self, from: cleared).manager == nil)
  }

  @Test func aRequestCoversAtMostAYear() throws {
    let eva = try app.login("eva").accessToken
    let query = LeaveQuery(
      start: CalendarDate(year: 2026, month: 1, day: 5)!, end: CalendarDate(year: 2030, month: 1, day: 5)!)
    let preview = app.send(.leave(.preview(query)))
    #expect(preview.status == 401)
    let tooLong = app.send(.leave(.preview(query)), token: eva)
    #expect(tooLong.status == 400)
    #expect(tooLong.problem?.errors?.first?.field == "end")
    let create = app.send(.leave(.create), json: #"{"start": "2026-01-05", "end": "2027-01-06"}"#, token: eva)
    #expect(create.status == 400, "367 days")
    let year = app.send(.leave(.create), json: #"{"start": "2026-01-05", "end": "2027-01-05"}"#, token: eva)
    #expect(year.status == 422, "366 days pass the length check and meet the allowance rule")
    #expect(year.problem?.detail?.hasPrefix("Not enough days left in 2026") == true)
  }

  @Test func anAnonymousCallerGets401BeforeAnyQueryCheck() throws {
    #expect(app.send("GET", "/api/v1/calendar?month=2026-13").status == 401)
    #expect(app.send("GET", "/api/v1/calendar?month=2026-13", token: try app.login("eva").accessToken).status == 400)
    #expect(app.send("GET", "/api/v1/me/leave/preview?start=nonsense").status == 401)
    #expect(app.send("GET", "/calendar/unknown.ics?team=maybe").status == 400, "a feed has no sign-in to check first")
  }

  @Test func anAdministratorCannotLockThemselvesOut() throws {
    let ana = try app.login("ana").accessToken
    let me = try JSONText.decode(User.self, from: app.send(.me(.show), token: ana))
    let demote = app.send(.people(.update(id: me.id)), json: #"{"role": "employee"}"#, token: ana)
    #expect(demote.status == 422)
    let reset = app.send(.people(.resetPassword(id: me.id)), token: ana)
    #expect(reset.status == 422)
    #expect(app.send(.me(.show), token: ana).status == 200, "still signed in")
    #expect(try JSONText.decode(User.self, from: app.send(.me(.show), token: ana)).role == .admin)
  }
}

import AtriumAPI
import AtriumDomain
import AtriumHTTPTypes
import AtriumTestSupport
import Foundation
import Testing

@testable import AtriumServer

/// Issue 15 (flows 1): on the web, rejecting asks why in place, the employee reads the reason,
/// and a manager decides several requests at once after one confirmation.
@Suite(.checksBalanceRows) struct WebDecisionTests {
  let app: TestApp
  let eva: SessionTokens

  init() throws {
    app = try TestApp()
    eva = try app.login("eva")
  }

  func ask(_ start: String, _ end: String) throws -> String {
    let response = app.send(.leave(.create), json: #"{"start": "\#(start)", "end": "\#(end)"}"#, token: eva.accessToken)
    return try JSONText.decode(SavedLeave.self, from: response).request.id
  }

  func status(of id: String) throws -> LeaveStatus {
    try JSONText.decode(LeaveDetail.self, from: app.send(.leave(.detail(id: id)), token: eva.accessToken)).request
      .status
  }

  func signedIn(_ username: String) -> WebClient {
    let client = WebClient(app)
    client.signIn(username)
    return client
  }

  @Test func rejectingAsksWhyInPlaceAndTheEmployeeReadsIt() throws {
    let id = try ask("2026-04-06", "2026-04-07")
    let mario = signedIn("mario")
    let page = mario.get("/approvals").text
    // Reject is a form that opens in place with a reason, not a button that acts at once.
    let reject = try #require(page.firstMatch(of: /<details class="decide">(.*?)<\/details>/.dotMatchesNewlines()))
    #expect(reject.1.contains("action=\"/approvals/\(id)/reject\"") && reject.1.contains("name=\"reason\""))
    #expect(!page.contains("<button type=\"submit\" class=\"danger\">Reject</button></form>"))

    let decided = mario.post("/approvals/\(id)/reject", from: "/approvals", ["reason": "Release week"])
    #expect(decided.status == 303)
    let after = mario.get("/approvals").text
    #expect(after.contains("<p class=\"flash\" role=\"status\">Request rejected.</p>"))
    #expect(!mario.get("/approvals").text.contains("class=\"flash\""), "the message is shown once")
    #expect(try status(of: id) == .rejected)

    let employee = signedIn("eva")
    let timeOff = employee.get("/time-off?year=2026").text
    #expect(timeOff.contains("Reason: Release week"))
  }

  @Test func aCompanyRuleMakesTheReasonRequired() throws {
    let id = try ask("2026-05-04", "2026-05-05")
    let ana = signedIn("ana")
    #expect(ana.get("/approvals").text.contains("id=\"approval-rules\""))
    #expect(ana.post("/approvals/rules", from: "/approvals", ["reasonRequired": "on"]).status == 303)
    #expect(ana.get("/approvals").text.contains("Approval rules saved."))

    let mario = signedIn("mario")
    let page = mario.get("/approvals").text
    #expect(page.contains("name=\"reason\" maxlength=\"2000\" rows=\"2\" required"), "the browser asks before sending")
    #expect(!page.contains("id=\"approval-rules\""), "only admins change the rule")
    let refused = mario.post("/approvals/\(id)/reject", from: "/approvals", ["reason": " "])
    #expect(refused.status == 400)
    #expect(refused.text.contains("the company asks for a reason"))
    #expect(try status(of: id) == .pending)
    #expect(mario.post("/approvals/rules", from: "/approvals", ["reasonRequired": ""]).status == 403)
  }

  @Test func aManagerDecidesSeveralAfterOneConfirmation() throws {
    let first = try ask("2026-06-01", "2026-06-01")
    let second = try ask("2026-06-08", "2026-06-08")
    let third = try ask("2026-06-15", "2026-06-15")
    let mario = signedIn("mario")
    let list = mario.get("/approvals").text
    #expect(list.contains("name=\"select-\(first)\" value=\"on\" form=\"bulk\""))
    #expect(list.contains("aria-label=\"Select the request of Eva Fernández, 1 June 2026\""))

    let asked = mario.post(
      "/approvals/decisions", from: "/approvals",
      ["select-\(first)": "on", "select-\(second)": "on", "action": "approve"])
    #expect(asked.status == 200)
    #expect(asked.text.contains("Approve 2 requests?") && asked.text.contains("1 June 2026"))
    #expect(try status(of: first) == .pending, "nothing is decided before the confirmation")

    let confirmed = mario.post(
      "/approvals/decisions", from: "/approvals",
      ["select-\(first)": "on", "select-\(second)": "on", "action": "approve", "confirm": "yes"])
    #expect(confirmed.status == 303)
    #expect(mario.get("/approvals").text.contains("2 requests approved."))
    #expect(try status(of: first) == .approved && status(of: second) == .approved && status(of: third) == .pending)

    let none = mario.post("/approvals/decisions", from: "/approvals", ["action": "approve"])
    #expect(none.status == 400 && none.text.contains("Select at least one pending request."))
  }

  /// A message is signed for the session it was made for: one copied from another browser, or
  /// made up, is not shown.
  @Test func aFlashMessageCannotBePlanted() throws {
    let id = try ask("2026-07-06", "2026-07-06")
    let mario = signedIn("mario")
    mario.post("/approvals/\(id)/reject", from: "/approvals", ["reason": "No"])
    let stolen = try #require(mario.cookies["atrium_flash"])
    let ana = signedIn("ana")
    ana.cookies["atrium_flash"] = stolen
    #expect(!ana.get("/approvals").text.contains("class=\"flash\""))
    ana.cookies["atrium_flash"] = "SGFja2Vk.c2lnbmF0dXJl"
    #expect(!ana.get("/approvals").text.contains("class=\"flash\""))
  }
}

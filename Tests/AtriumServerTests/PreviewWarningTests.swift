import AtriumAPI
import AtriumDomain
import AtriumHTTPTypes
import AtriumTestSupport
import Foundation
import Testing

@testable import AtriumServer

/// Issue 15 (flows 2 and 3): the preview warns of what sending would be refused for, the form
/// then offers no Send button, plurals read right, and every form keeps the year it came from.
@Suite(.checksBalanceRows) struct PreviewWarningTests {
  let app: TestApp
  let eva: SessionTokens

  init() throws {
    app = try TestApp()
    eva = try app.login("eva")
  }

  func preview(_ query: LeaveQuery, language: String = "en") throws -> LeavePreview {
    try JSONText.decode(
      LeavePreview.self,
      from: app.send(.leave(.preview(query)), token: eva.accessToken, headers: [("Accept-Language", language)]))
  }

  func date(_ text: String) -> CalendarDate { CalendarDate(text)! }

  @Test func thePreviewSaysWhatSendingWouldBeRefusedFor() throws {
    let fine = try preview(LeaveQuery(start: date("2026-04-06"), end: date("2026-04-10")))
    #expect(fine.refusal == nil && fine.days == HalfDays(days: 5))

    let weekend = try preview(LeaveQuery(start: date("2026-03-07"), end: date("2026-03-08")))
    #expect(weekend.refusal?.status == 422)
    #expect(weekend.refusal?.detail?.contains("no working days") == true)

    let long = try preview(LeaveQuery(start: date("2026-05-04"), end: date("2026-08-03")))
    #expect(long.refusal?.status == 422)
    #expect(long.refusal?.detail?.hasPrefix("Not enough days left in 2026") == true, "\(long.refusal?.detail ?? "")")

    let created = app.send(
      .leave(.create), json: #"{"start": "2026-04-06", "end": "2026-04-10"}"#, token: eva.accessToken)
    let id = try JSONText.decode(SavedLeave.self, from: created).request.id
    let overlap = try preview(LeaveQuery(start: date("2026-04-09"), end: date("2026-04-14")), language: "es")
    #expect(overlap.refusal?.status == 409)
    #expect(overlap.refusal?.detail == "Estas fechas se solapan con tu solicitud pendiente del 6–10 de abril de 2026.")
    // A change of that very request does not overlap itself.
    let change = try preview(LeaveQuery(start: date("2026-04-09"), end: date("2026-04-14"), replacing: id))
    #expect(change.refusal == nil)
  }

  @Test func theWebFormWarnsAndOffersNoSendButton() throws {
    let web = WebClient(app)
    web.signIn("eva")
    let weekend = web.post(
      "/time-off/requests", from: "/time-off", ["start": "2026-03-07", "end": "2026-03-08", "intent": "preview"])
    #expect(weekend.text.contains("id=\"refusal\""))
    #expect(weekend.text.contains("no working days"))
    #expect(!weekend.text.contains("id=\"send\""), "no Send button for what the server would refuse")

    let oneDay = web.post(
      "/time-off/requests", from: "/time-off", ["start": "2026-03-09", "end": "2026-03-09", "intent": "preview"])
    #expect(oneDay.text.contains("This request takes 1 working day."))
    #expect(oneDay.text.contains("id=\"send\""))
    web.language = "es"
    let spanish = web.post(
      "/time-off/requests", from: "/time-off", ["start": "2026-03-09", "end": "2026-03-09", "intent": "preview"])
    #expect(spanish.text.contains("Esta solicitud ocupa 1 día laborable."))
  }

  @Test func everyFormKeepsTheYearItCameFrom() throws {
    let web = WebClient(app)
    web.signIn("eva")
    let sent = web.post(
      "/time-off/requests", from: "/time-off?year=2027",
      ["start": "2027-03-01", "end": "2027-03-02", "intent": "send", "year": "2027"])
    #expect(sent.status == 303 && sent.headers["Location"] == "/time-off?year=2027")
    let page2027 = web.get("/time-off?year=2027").text
    #expect(page2027.contains("Request sent."))
    let id = try #require(page2027.firstMatch(of: /id="request-([^"]+)" data-status="pending"/).map { String($0.1) })

    // Previewing a change of the 2027 request shows 2027, not this year.
    let previewed = web.post(
      "/time-off/requests/\(id)", from: "/time-off/requests/\(id)",
      ["start": "2027-03-01", "end": "2027-03-03", "intent": "preview", "year": "2027"])
    #expect(previewed.text.contains("<strong>2027</strong>"))
    #expect(previewed.text.contains("id=\"request-\(id)\""), "the 2027 list is shown with the form")

    // Cancelling it comes back to 2027, saying so.
    let cancelled = web.post("/time-off/requests/\(id)/cancel", from: "/time-off?year=2027")
    #expect(cancelled.headers["Location"] == "/time-off?year=2027")
    let after = web.get("/time-off?year=2027").text
    #expect(after.contains("Request cancelled.") && after.contains("data-status=\"cancelled\""))
  }
}

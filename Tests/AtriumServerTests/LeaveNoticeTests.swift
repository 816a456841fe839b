import AtriumAPI
import AtriumHTTPTypes
import AtriumStore
import AtriumTestSupport
import Foundation
import Testing

@testable import AtriumServer

/// Issue 14 (4): people are told of what others did, in their own language, with a link to
/// the request; a request that no longer waits stops asking for a decision.
@Suite(.checksBalanceRows) struct LeaveNoticeTests {
  let app: TestApp
  let eva: SessionTokens
  let mario: SessionTokens

  init() throws {
    app = try TestApp()
    eva = try app.login("eva")
    mario = try app.login("mario")
  }

  func board(_ tokens: SessionTokens, language: String? = nil) throws -> [BoardItem] {
    let headers = language.map { [("Accept-Language", $0)] } ?? []
    return try JSONText.decode(
      Page<BoardItem>.self,
      from: app.send(.board(.notices(unreadOnly: false, page: .first)), token: tokens.accessToken, headers: headers)
    ).items.filter { $0.scope == "personal" }
  }

  func ask(_ start: String, _ end: String) throws -> String {
    let created = app.send(
      .leave(.create), json: #"{"start": "\#(start)", "end": "\#(end)"}"#, token: eva.accessToken)
    return try JSONText.decode(SavedLeave.self, from: created).request.id
  }

  @Test func nobodyIsToldOfTheirOwnActionAndTheWaitingNoticeEndsWithTheRequest() throws {
    let id = try ask("2026-04-06", "2026-04-10")
    #expect(try board(eva).isEmpty, "Eva made the request herself")
    let waiting = try #require(try board(mario).first)
    #expect(waiting.kind == "approval.waiting" && waiting.requestId == id)
    #expect(waiting.title == "Eva Fernández asks for time off — Vacation, 6–10 April 2026")
    #expect(waiting.body == "Waits for your decision." && !waiting.read && !waiting.done)

    #expect(app.send(.leave(.cancel(id: id)), json: "{}", token: eva.accessToken).status == 200)
    #expect(try board(eva).isEmpty, "cancelling her own request tells Eva nothing")
    let done = try #require(try board(mario).first)
    #expect(done.done && done.read, "the cancelled request no longer waits, and leaves the unread count")
    #expect(done.body == "No longer waits for your decision.")
    #expect(try JSONText.decode(Badge.self, from: app.send(.board(.badge), token: mario.accessToken)).unread == 0)
  }

  @Test func aChangedRequestAsksAgainWithItsNewDates() throws {
    let id = try ask("2026-04-06", "2026-04-10")
    app.clock.advance(by: 60)
    let changed = app.send(
      .leave(.change(id: id)), json: #"{"start": "2026-04-13", "end": "2026-04-14"}"#, token: eva.accessToken)
    #expect(changed.status == 200)
    let notices = try board(mario)
    #expect(notices.map(\.done) == [false, true])
    #expect(notices.first?.title == "Eva Fernández asks for time off — Vacation, 13–14 April 2026")
  }

  @Test func aDecisionIsWordedInTheReadersLanguageWithItsReason() throws {
    let id = try ask("2026-04-06", "2026-04-10")
    let rejected = app.send(
      .approvals(.reject(id: id)), json: #"{"reason": "Semana de cierre"}"#, token: mario.accessToken)
    #expect(rejected.status == 200)
    // Eva has not chosen a language: her request's Accept-Language decides.
    let english = try #require(try board(eva).first)
    #expect(english.kind == "leave.reject")
    #expect(english.title == "Mario López rejected your request — Vacation, 6–10 April 2026")
    #expect(english.body == "Reason: Semana de cierre")
    let spanish = try #require(try board(eva, language: "es-ES,es;q=0.9").first)
    #expect(spanish.title == "Mario López rechazó tu solicitud — Vacation, 6–10 de abril de 2026")
    #expect(spanish.body == "Motivo: Semana de cierre")
    // Once she chooses Spanish in Settings, that wins over the header.
    #expect(app.send(.settings(.update), json: #"{"language": "es"}"#, token: eva.accessToken).status == 200)
    #expect(try board(eva, language: "en").first?.title.hasPrefix("Mario López rechazó") == true)
  }

  @Test func aNoticeOnTheWebBoardLinksToItsRequest() throws {
    let id = try ask("2026-04-06", "2026-04-06")
    #expect(app.send(.approvals(.approve(id: id)), token: mario.accessToken).status == 200)
    let employee = WebClient(app)
    employee.signIn("eva")
    let page = employee.get("/board").text
    #expect(page.contains(#"<a href="/time-off/requests/\#(id)">Mario López approved your request"#))
    let opened = employee.get("/time-off/requests/\(id)")
    #expect(opened.status == 303)
    #expect(opened.headers["Location"] == "/time-off?year=2026#request-\(id)")

    _ = try ask("2026-05-04", "2026-05-04")
    let manager = WebClient(app)
    manager.signIn("mario")
    let waiting = try #require(try board(mario).first { !$0.done })
    #expect(manager.get("/board").text.contains(#"<a href="/approvals/\#(try #require(waiting.requestId))">"#))
  }

  @Test func noticesStoredBeforeKeepTheirWords() throws {
    try app.database.write {
      try NoticeStore($0).insert(
        .init(
          id: "old-notice", recipientID: eva.user.id, kind: "leave.approve", title: "Your request was approved",
          body: "By Mario López.", requestID: nil, createdAt: Int64(app.clock.now.timeIntervalSince1970 * 1000)))
    }
    let old = try #require(try board(eva, language: "es").first)
    #expect(old.title == "Your request was approved" && old.body == "By Mario López.")
  }
}

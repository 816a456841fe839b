import AtriumAPI
import AtriumDomain
import AtriumHTTP
import AtriumServer
import AtriumTestSupport
import Foundation
import Testing

@Suite struct BoardTests {
  let app: TestApp
  let eva: SessionTokens
  let ana: SessionTokens
  let mario: SessionTokens

  init() throws {
    app = try TestApp()
    eva = try app.login("eva")
    ana = try app.login("ana")
    mario = try app.login("mario")
  }

  func board(_ tokens: SessionTokens, unreadOnly: Bool = false, page: PageRequest = .first) throws -> Page<BoardItem> {
    try JSONText.decode(
      Page<BoardItem>.self, from: app.send(.board(unreadOnly: unreadOnly, page: page), token: tokens.accessToken))
  }

  func unread(_ tokens: SessionTokens) throws -> Int {
    try JSONText.decode(Badge.self, from: app.send(.badge, token: tokens.accessToken)).unread
  }

  @Test func personalAndCompanyNoticesNewestFirstWithReadState() throws {
    _ = app.send(.createLeave, json: #"{"start": "2026-04-06", "end": "2026-04-06"}"#, token: eva.accessToken)
    app.clock.advance(by: 60)
    let posted = app.send(
      .postNotice, json: #"{"title": "Office closed Friday", "body": "See **you** Monday"}"#, token: ana.accessToken)
    #expect(posted.status == 201)
    let items = try board(eva).items
    #expect(items.map(\.scope) == ["company", "personal"])
    #expect(items.first?.bodyHTML == "<p>See <strong>you</strong> Monday</p>")
    #expect(items.first?.author?.displayName == "Ana García")
    #expect(try unread(eva) == 2)
    let noticeID = try #require(items.first?.id)
    #expect(app.send(.markNoticeRead(id: noticeID), token: eva.accessToken).status == 204)
    #expect(try unread(eva) == 1)
    #expect(try board(eva, unreadOnly: true).items.map(\.scope) == ["personal"])
    #expect(try unread(mario) == 2, "mario's own read state: the notice and the waiting request")
    #expect(app.send(.markAllNoticesRead, token: eva.accessToken).status == 204)
    #expect(try unread(eva) == 0)
    #expect(app.send(.markNoticeRead(id: "nope"), token: eva.accessToken).status == 404)
  }

  @Test func audiencesAndExpiryDecideWhoSeesANotice() throws {
    let engineering = eva.user.department.id
    let valladolid = try JSONText.decode(
      Page<LocationBody>.self, from: app.send(.locations(.first), token: eva.accessToken)
    )
    .items.first { $0.name == "Valladolid" }!.id
    _ = app.send(
      .postNotice,
      json: #"{"title": "Engineering only", "body": "x", "audience": "department", "audienceId": "\#(engineering)"}"#,
      token: ana.accessToken)
    _ = app.send(
      .postNotice,
      json: #"{"title": "Valladolid only", "body": "x", "audience": "location", "audienceId": "\#(valladolid)"}"#,
      token: ana.accessToken)
    _ = app.send(
      .postNotice, json: #"{"title": "Today only", "body": "x", "expiresAt": "2026-03-02T18:00:00Z"}"#,
      token: ana.accessToken)
    #expect(Set(try board(eva).items.map(\.title)) == ["Engineering only", "Today only"])
    let lucia = try app.login("lucia")
    #expect(Set(try board(lucia).items.map(\.title)) == ["Valladolid only", "Today only"])
    app.clock.advance(by: 10 * 3600)
    let later = try app.login("eva")
    #expect(try board(later).items.map(\.title) == ["Engineering only"])
    // Someone else's personal notice is not on my board, and marking it read is a 404.
    _ = app.send(.createLeave, json: #"{"start": "2026-04-06", "end": "2026-04-06"}"#, token: later.accessToken)
    let evasNotice = try board(later).items.first { $0.scope == "personal" }!.id
    let luciaLater = try app.login("lucia")
    #expect(app.send(.markNoticeRead(id: evasNotice), token: luciaLater.accessToken).status == 404)
  }

  @Test func onlyAdminsPostAndTheInputIsChecked() throws {
    #expect(app.send(.postNotice, json: #"{"title": "t", "body": "b"}"#, token: eva.accessToken).status == 403)
    let bad = app.send(
      .postNotice, json: #"{"title": "", "body": "b", "audience": "department", "expiresAt": "tomorrow"}"#,
      token: ana.accessToken)
    #expect(bad.status == 400)
    #expect(Set(bad.problem?.errors?.map(\.field) ?? []) == ["title", "audienceId", "expiresAt"])
    let past = app.send(
      .postNotice, json: #"{"title": "t", "body": "b", "expiresAt": "2020-01-01T00:00:00Z"}"#, token: ana.accessToken)
    #expect(past.problem?.errors?.map(\.field) == ["expiresAt"])
    let unknown = app.send(
      .postNotice, json: #"{"title": "t", "body": "b", "audience": "location", "audienceId": "nowhere"}"#,
      token: ana.accessToken)
    #expect(unknown.problem?.errors?.map(\.field) == ["audienceId"])
  }

  @Test func noHTMLFromANoticeSurvives() throws {
    let posted = app.send(
      .postNotice,
      json:
        #"{"title": "<b>t</b>", "body": "<script>alert(1)</script>\n\n- [ok](https://atrium.example?a=1&b=2)\n- [bad](javascript:alert(1))\n\n*\"quoted\"*"}"#,
      token: ana.accessToken)
    let item = try JSONText.decode(BoardItem.self, from: posted)
    #expect(!item.bodyHTML.contains("<script>"))
    #expect(item.bodyHTML.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    #expect(item.bodyHTML.contains(#"<a href="https://atrium.example?a=1&amp;b=2" rel="noopener noreferrer">ok</a>"#))
    #expect(!item.bodyHTML.contains("href=\"javascript"))
    #expect(item.bodyHTML.contains("<em>&quot;quoted&quot;</em>"))
    #expect(item.title == "<b>t</b>", "titles are text; pages escape them")
  }
}

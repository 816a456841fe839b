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

@Suite(.checksBalanceRows) struct BoardTests {
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
      Page<BoardItem>.self,
      from: app.send(.board(.notices(unreadOnly: unreadOnly, page: page)), token: tokens.accessToken))
  }

  func unread(_ tokens: SessionTokens) throws -> Int {
    try JSONText.decode(Badge.self, from: app.send(.board(.badge), token: tokens.accessToken)).unread
  }

  @Test func personalAndCompanyNoticesNewestFirstWithReadState() throws {
    let created = app.send(
      .leave(.create), json: #"{"start": "2026-04-06", "end": "2026-04-06"}"#, token: eva.accessToken)
    let id = try JSONText.decode(SavedLeave.self, from: created).request.id
    #expect(app.send(.approvals(.approve(id: id)), token: mario.accessToken).status == 200)
    app.clock.advance(by: 60)
    let posted = app.send(
      .board(.post), json: #"{"title": "Office closed Friday", "body": "See **you** Monday"}"#, token: ana.accessToken)
    #expect(posted.status == 201)
    let items = try board(eva).items
    #expect(items.map(\.scope) == ["company", "personal"])
    #expect(items.first?.bodyHTML == "<p>See <strong>you</strong> Monday</p>")
    #expect(items.first?.author?.displayName == "Ana García")
    #expect(try unread(eva) == 2)
    let noticeID = try #require(items.first?.id)
    #expect(app.send(.board(.markRead(id: noticeID)), token: eva.accessToken).status == 204)
    #expect(try unread(eva) == 1)
    #expect(try board(eva, unreadOnly: true).items.map(\.scope) == ["personal"])
    #expect(try unread(mario) == 1, "mario's own read state: the company notice (the request no longer waits)")
    #expect(app.send(.board(.markAllRead), token: eva.accessToken).status == 204)
    #expect(try unread(eva) == 0)
    #expect(app.send(.board(.markRead(id: "nope")), token: eva.accessToken).status == 404)
  }

  @Test func pagesWalkEveryNoticeOnceNewestFirst() throws {
    // Mario's notices: one waiting request for each of eva's, company notices between them,
    // and some made at the same instant as another, so that the id decides their order.
    for (index, day) in [6, 7, 8, 9, 10, 13, 14].enumerated() {
      let created = app.send(
        .leave(.create),
        json:
          #"{"start": "2026-04-\#(String(format: "%02d", day))", "end": "2026-04-\#(String(format: "%02d", day))"}"#,
        token: eva.accessToken)
      #expect(created.status == 201)
      if index.isMultiple(of: 2) {
        let posted = app.send(.board(.post), json: #"{"title": "Notice \#(day)", "body": "."}"#, token: ana.accessToken)
        #expect(posted.status == 201)
      }
      if index % 3 != 0 { app.clock.advance(by: 60) }
    }
    func walk(unreadOnly: Bool) throws -> [String] {
      var ids: [String] = []
      var page = PageRequest(limit: 2)
      // Far more pages than there are notices: a cursor that does not move ends the walk too.
      for _ in 0..<20 {
        let found = try board(mario, unreadOnly: unreadOnly, page: page)
        #expect(found.items.count <= 2)
        ids += found.items.map(\.id)
        guard let next = found.nextCursor else { return ids }
        page = PageRequest(limit: 2, cursor: next)
      }
      Issue.record("the pages did not end")
      return ids
    }
    let whole = try board(mario).items
    #expect(whole.count == 11 && whole.filter { $0.scope == "company" }.count == 4)
    #expect(whole.map(\.createdAt) == whole.map(\.createdAt).sorted(by: >), "newest first")
    #expect(try walk(unreadOnly: false) == whole.map(\.id), "every notice once, in the one page's order")

    for (index, item) in whole.enumerated() where item.scope == "company" || index.isMultiple(of: 3) {
      #expect(app.send(.board(.markRead(id: item.id)), token: mario.accessToken).status == 204)
    }
    let unread = try board(mario, unreadOnly: true).items
    #expect(!unread.isEmpty && unread.count < whole.count && unread.allSatisfy { !$0.read })
    #expect(try walk(unreadOnly: true) == unread.map(\.id))
  }

  @Test func audiencesAndExpiryDecideWhoSeesANotice() throws {
    let engineering = eva.user.department.id
    let valladolid = try JSONText.decode(
      Page<LocationBody>.self, from: app.send(.places(.locations(.first)), token: eva.accessToken)
    )
    .items.first { $0.name == "Valladolid" }!.id
    _ = app.send(
      .board(.post),
      json: #"{"title": "Engineering only", "body": "x", "audience": "department", "audienceId": "\#(engineering)"}"#,
      token: ana.accessToken)
    _ = app.send(
      .board(.post),
      json: #"{"title": "Valladolid only", "body": "x", "audience": "location", "audienceId": "\#(valladolid)"}"#,
      token: ana.accessToken)
    _ = app.send(
      .board(.post), json: #"{"title": "Today only", "body": "x", "expiresAt": "2026-03-02T18:00:00Z"}"#,
      token: ana.accessToken)
    #expect(Set(try board(eva).items.map(\.title)) == ["Engineering only", "Today only"])
    let lucia = try app.login("lucia")
    #expect(Set(try board(lucia).items.map(\.title)) == ["Valladolid only", "Today only"])
    app.clock.advance(by: 10 * 3600)
    let later = try app.login("eva")
    #expect(try board(later).items.map(\.title) == ["Engineering only"])
    // Someone else's personal notice is not on my board, and marking it read is a 404.
    _ = app.send(.leave(.create), json: #"{"start": "2026-04-06", "end": "2026-04-06"}"#, token: later.accessToken)
    let marioNow = try app.login("mario")
    let evasNotice = try #require(try board(marioNow).items.first { $0.scope == "personal" }).id
    let luciaLater = try app.login("lucia")
    #expect(app.send(.board(.markRead(id: evasNotice)), token: luciaLater.accessToken).status == 404)
    #expect(app.send(.board(.markRead(id: evasNotice)), token: marioNow.accessToken).status == 204)
  }

  /// The badge on every page loses a company notice the moment it expires, with nothing written
  /// in between, although the instance keeps the count it read a moment ago.
  @Test func theBadgeLosesANoticeTheMomentItExpires() throws {
    let posted = app.send(
      .board(.post), json: #"{"title": "Coffee", "body": "x", "expiresAt": "2026-03-02T09:05:00Z"}"#,
      token: ana.accessToken)
    #expect(posted.status == 201)
    let before = try unread(eva)
    #expect(before >= 1)
    app.clock.advance(by: 4 * 60 + 59)
    #expect(try unread(eva) == before)
    app.clock.advance(by: 1)
    #expect(try unread(eva) == before - 1)
  }

  @Test func onlyAdminsPostAndTheInputIsChecked() throws {
    #expect(app.send(.board(.post), json: #"{"title": "t", "body": "b"}"#, token: eva.accessToken).status == 403)
    let bad = app.send(
      .board(.post), json: #"{"title": "", "body": "b", "audience": "department", "expiresAt": "tomorrow"}"#,
      token: ana.accessToken)
    #expect(bad.status == 400)
    #expect(Set(bad.problem?.errors?.map(\.field) ?? []) == ["title", "audienceId", "expiresAt"])
    let past = app.send(
      .board(.post), json: #"{"title": "t", "body": "b", "expiresAt": "2020-01-01T00:00:00Z"}"#, token: ana.accessToken)
    #expect(past.problem?.errors?.map(\.field) == ["expiresAt"])
    let unknown = app.send(
      .board(.post), json: #"{"title": "t", "body": "b", "audience": "location", "audienceId": "nowhere"}"#,
      token: ana.accessToken)
    #expect(unknown.problem?.errors?.map(\.field) == ["audienceId"])
  }

  @Test func noHTMLFromANoticeSurvives() throws {
    let posted = app.send(
      .board(.post),
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

/// Admins correct and withdraw company notices; nobody else can, and personal notices are not
/// theirs to touch.
@Suite(.checksBalanceRows) struct NoticeEditingTests {
  let app: TestApp
  let ana: String
  let eva: String

  init() throws {
    app = try TestApp()
    ana = try app.login("ana").accessToken
    eva = try app.login("eva").accessToken
  }

  func post(_ json: String) throws -> BoardItem {
    let response = app.send(.board(.post), json: json, token: ana)
    #expect(response.status == 201)
    return try JSONText.decode(BoardItem.self, from: response)
  }

  func titles(_ token: String) throws -> [String] {
    try JSONText.decode(
      Page<BoardItem>.self, from: app.send(.board(.notices(unreadOnly: false, page: .first)), token: token)
    )
    .items.map(\.title)
  }

  @Test func anAdminEditsANoticeAndEveryBoardShowsTheNewText() throws {
    let notice = try post(#"{"title": "Office closed Fridy", "body": "See you **Monday**"}"#)
    #expect(app.send(.board(.markRead(id: notice.id)), token: eva).status == 204)
    let edited = app.send(.board(.update(id: notice.id)), json: #"{"title": "Office closed Friday"}"#, token: ana)
    #expect(edited.status == 200)
    let body = try JSONText.decode(BoardItem.self, from: edited)
    #expect(body.title == "Office closed Friday")
    #expect(body.body == "See you **Monday**", "fields left out keep their values")
    #expect(body.bodyHTML.contains("<strong>Monday</strong>"))
    #expect(try titles(eva).contains("Office closed Friday"))
    let evasCopy = try JSONText.decode(
      Page<BoardItem>.self, from: app.send(.board(.notices(unreadOnly: false, page: .first)), token: eva)
    ).items.first { $0.id == notice.id }
    #expect(evasCopy?.read == true, "an edit keeps who has read it")

    // Narrowing the audience takes it off other boards.
    let sales = try JSONText.decode(
      Page<DepartmentBody>.self, from: app.send(.places(.departments(.first)), token: ana)
    )
    .items.first { $0.name == "Sales" }!.id
    let narrowed = app.send(
      .board(.update(id: notice.id)), json: #"{"audience": "department", "audienceId": "\#(sales)"}"#, token: ana)
    #expect(narrowed.status == 200)
    #expect(try !titles(eva).contains("Office closed Friday"))
    let audit = try JSONText.decode(Page<AuditEntry>.self, from: app.send(.company(.audit(.first)), token: ana))
    #expect(audit.items.first?.action == "notice.update")
  }

  @Test func anAdminRemovesANotice() throws {
    let notice = try post(#"{"title": "Wrong date", "body": "x"}"#)
    #expect(app.send(.board(.delete(id: notice.id)), token: ana).status == 204)
    #expect(try !titles(eva).contains("Wrong date"))
    #expect(app.send(.board(.delete(id: notice.id)), token: ana).status == 404)
    #expect(app.send(.board(.markRead(id: notice.id)), token: eva).status == 404)
  }

  @Test func othersAndBadEditsAreRefused() throws {
    let notice = try post(#"{"title": "Lunch", "body": "x", "expiresAt": "2026-03-10T12:00:00Z"}"#)
    #expect(app.send(.board(.update(id: notice.id)), json: #"{"title": "Mine now"}"#, token: eva).status == 403)
    #expect(app.send(.board(.delete(id: notice.id)), token: eva).status == 403)
    #expect(app.send(.board(.update(id: "nope")), json: #"{"title": "x"}"#, token: ana).status == 404)
    for bad in [
      #"{"title": ""}"#, #"{"audience": "planet"}"#, #"{"audience": "department"}"#,
      #"{"expiresAt": "yesterday"}"#, #"{"expiresAt": "2020-01-01T00:00:00Z"}"#, #"{"audienceId": "x"}"#,
    ] {
      #expect(app.send(.board(.update(id: notice.id)), json: bad, token: ana).status == 400, "\(bad)")
    }
    #expect(try titles(eva).contains("Lunch"), "nothing changed")
    // An empty expiry removes it.
    let kept = try JSONText.decode(
      BoardItem.self, from: app.send(.board(.update(id: notice.id)), json: #"{"expiresAt": ""}"#, token: ana))
    #expect(kept.title == "Lunch")
    app.clock.advance(by: 30 * 86_400)
    let eva = try app.login("eva").accessToken
    #expect(try titles(eva).contains("Lunch"))
    // A personal notice is not a company notice (Mario is told of Eva's request).
    #expect(app.send(.leave(.create), json: #"{"start": "2026-06-01", "end": "2026-06-01"}"#, token: eva).status == 201)
    let mario = try app.login("mario").accessToken
    let personal = try #require(
      try JSONText.decode(
        Page<BoardItem>.self, from: app.send(.board(.notices(unreadOnly: false, page: .first)), token: mario)
      )
      .items.first { $0.scope == "personal" })
    #expect(app.send(.board(.delete(id: personal.id)), token: try app.login("ana").accessToken).status == 404)
  }
}

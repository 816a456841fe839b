import AtriumAPI
import AtriumTestSupport
import Foundation
import Testing

@testable import AtriumServer

/// Issue 15 (8, 11, 12): what the menu says on every page.
@Suite(.checksBalanceRows) struct WebLayoutTests {
  let app: TestApp

  init() throws {
    app = try TestApp()
  }

  @Test func theApprovalsEntryCountsWhatWaits() throws {
    let eva = try app.login("eva").accessToken
    for day in ["2026-04-06", "2026-04-13"] {
      #expect(app.send(.leave(.create), json: #"{"start": "\#(day)", "end": "\#(day)"}"#, token: eva).status == 201)
    }
    let mario = WebClient(app)
    mario.signIn("mario")
    let page = mario.get("/time-off").text
    let entry = try #require(
      page.firstMatch(of: /<a href="\/approvals">Approvals<span class="badge" aria-label="([^"]+)">(\d+)<\/span><\/a>/))
    #expect(entry.1 == "2 requests wait for you" && entry.2 == "2")
    // The menu's entries are kept as markup (`MenuEntries`): a new count makes new ones.
    #expect(app.send(.leave(.create), json: #"{"start": "2026-04-20", "end": "2026-04-20"}"#, token: eva).status == 201)
    #expect(mario.get("/time-off").text.contains(#"aria-label="3 requests wait for you">3</span>"#))
    #expect(mario.get("/board").text.contains(#"aria-label="3 requests wait for you">3</span>"#))
    let employee = WebClient(app)
    employee.signIn("eva")
    #expect(!employee.get("/time-off").text.contains("wait for you"), "an employee has no Approvals entry")
  }

  @Test func myOwnPageIsMyProfileAndTheAvatarIsNamed() throws {
    let eva = WebClient(app)
    eva.signIn("eva")
    let mine = eva.get("/profile")
    #expect(mine.status == 303)
    let page = eva.get(try #require(mine.headers["Location"])).text
    #expect(page.contains("<a href=\"/profile\" aria-current=\"page\">My profile</a>"))
    #expect(!page.contains("aria-current=\"page\">Team</a>"))
    #expect(page.contains("class=\"me\" href=\"/profile\" aria-label=\"My profile: Eva Fernández\""))
  }
}

import AtriumAPI
import AtriumHTTPTypes
import AtriumTestSupport
import Foundation
import Testing

@testable import AtriumServer

/// Issue 14 (5): a person sees where they are signed in and signs any one of those sessions
/// out; its tokens stop working before the next request.
@Suite(.checksBalanceRows) struct SessionListTests {
  let app: TestApp
  static let firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"

  init() throws {
    app = try TestApp()
  }

  func signInFromAPhone() throws -> SessionTokens {
    let response = app.send(
      "POST", "/api/v1/auth/login", json: #"{"username": "eva", "password": "atrium-demo"}"#,
      headers: [("User-Agent", "Atrium/1.0 (iPhone; iOS 18.1)")], address: "10.0.0.7")
    return try JSONDecoder().decode(SessionTokens.self, from: Data(response.body))
  }

  func sessions(_ token: String) throws -> [SessionBody] {
    try JSONText.decode(Page<SessionBody>.self, from: app.send(.me(.sessions), token: token)).items
  }

  @Test func theListShowsEachSessionAndEndingOneVoidsItsTokensAtOnce() throws {
    let browser = WebClient(app)
    let form = browser.get("/sign-in")
    browser.send(
      "POST", "/sign-in",
      form: ["_csrf": WebClient.csrf(in: form) ?? "", "username": "eva", "password": "atrium-demo", "next": ""],
      headers: [("User-Agent", Self.firefox)])
    #expect(browser.get("/settings").status == 200)
    let phone = try signInFromAPhone()

    let listed = try sessions(phone.accessToken)
    #expect(listed.count == 2)
    let mine = try #require(listed.first { $0.current })
    #expect(mine.kind == "app" && mine.address == "10.0.0.7" && mine.device.contains("iPhone"))
    let web = try #require(listed.first { !$0.current })
    #expect(web.kind == "web" && web.device == Self.firefox)

    // The web Settings page lists both, by device, with a sign-out on each.
    let page = browser.get("/settings").text
    #expect(page.contains("Firefox on Linux") && page.contains("This browser"))
    #expect(page.contains(#"action="/settings/sessions/\#(mine.id)/end""#))

    // The phone signs the browser out: its next page asks to sign in.
    #expect(app.send(.me(.endSession(id: web.id)), token: phone.accessToken).status == 204)
    #expect(browser.get("/settings").status == 303)
    #expect(try sessions(phone.accessToken).map(\.id) == [mine.id])

    // Someone else cannot end eva's session, nor learn that it exists.
    let mario = try app.login("mario")
    #expect(app.send(.me(.endSession(id: mine.id)), token: mario.accessToken).status == 404)

    // Signing out the session in use: its access token stops at once, and so does its refresh.
    #expect(app.send(.me(.endSession(id: mine.id)), token: phone.accessToken).status == 204)
    #expect(app.send(.me(.show), token: phone.accessToken).status == 401)
    let refreshed = app.send(
      .auth(.refresh), json: JSONText.encode(RefreshRequest(refreshToken: phone.refreshToken)))
    #expect(refreshed.status == 401)
  }

  @Test func theWebSignsOutAnotherSessionFromSettings() throws {
    let phone = try signInFromAPhone()
    let browser = WebClient(app)
    browser.signIn("eva")
    let phoneSession = try #require(try sessions(phone.accessToken).first { $0.current })
    #expect(browser.get("/settings").text.contains("iPhone"))
    let ended = browser.post("/settings/sessions/\(phoneSession.id)/end", from: "/settings")
    #expect(ended.status == 303)
    #expect(app.send(.me(.show), token: phone.accessToken).status == 401)
    #expect(!browser.get("/settings").text.contains("iPhone"))
  }
}

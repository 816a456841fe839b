import AtriumAPI
import AtriumTestSupport
import Foundation
import Testing

@testable import AtriumServer

/// Issue 15 (home): the page people open every morning answers what matters today.
@Suite(.checksBalanceRows) struct WebHomeTests {
  let app: TestApp

  init() throws {
    app = try TestApp()
  }

  func ask(_ username: String, _ start: String, _ end: String) throws {
    let token = try app.login(username).accessToken
    let response = app.send(.leave(.create), json: #"{"start": "\#(start)", "end": "\#(end)"}"#, token: token)
    #expect(response.status == 201, "\(response.text)")
  }

  @Test func anEmployeeSeesTheirDaysTheirNextTimeOffAndTheirTeam() throws {
    // The test clock reads Monday 2 March 2026.
    try ask("eva", "2026-04-06", "2026-04-08")
    try ask("pablo.ruiz", "2026-03-02", "2026-03-03")
    try ask("pablo.ruiz", "2026-03-05", "2026-03-05")
    let eva = WebClient(app)
    eva.signIn("eva")
    let home = eva.get("/").text
    #expect(home.contains("<p class=\"home-figure\" id=\"home-days-left\">"))
    #expect(home.contains("Next: 6–8 April 2026 · Pending"))
    #expect(home.contains("Out today: Pablo Ruiz"), "a teammate off today")
    #expect(!home.contains("id=\"home-approvals\""), "nothing waits for an employee")
    // The today cards come before the timeline, so a phone shows them first.
    let today = try #require(home.range(of: "class=\"today\""))
    let feed = try #require(home.range(of: "class=\"feed\""))
    #expect(today.lowerBound < feed.lowerBound)
  }

  @Test func aManagerSeesWhatWaitsFirst() throws {
    try ask("eva", "2026-04-06", "2026-04-08")
    let mario = WebClient(app)
    mario.signIn("mario")
    let home = mario.get("/").text
    #expect(home.contains("1 request waits for you"))
    #expect(home.contains("Eva Fernández · 6–8 April 2026"))
    let approvals = try #require(home.range(of: "id=\"home-approvals\""))
    let timeOff = try #require(home.range(of: "id=\"home-time-off\""))
    #expect(approvals.lowerBound < timeOff.lowerBound, "the most urgent card first")
  }

  @Test func theHomePageSpeaksSpanish() throws {
    let eva = WebClient(app)
    eva.language = "es"
    eva.signIn("eva")
    let home = eva.get("/").text
    #expect(home.contains("Mis ausencias") && home.contains("Te quedan") && home.contains("Mi equipo"))
    #expect(home.contains("No tienes ausencias previstas."))
  }
}

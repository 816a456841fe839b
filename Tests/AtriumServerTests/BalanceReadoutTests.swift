import AtriumAPI
import AtriumTestSupport
import AtriumWeb
import Foundation
import Testing

@testable import AtriumServer

/// Issue 14 (3): the time-off page says when carried days expire, what expired, and shows the
/// sum that makes Remaining.
@Suite(.checksBalanceRows) struct BalanceReadoutTests {
  @Test func carriedDaysShowTheirDeadlineThenWhatExpiredAndTheSumAddsUp() throws {
    let app = try TestApp()
    let eva = try app.login("eva")
    let year = try JSONText.decode(LeaveYear.self, from: app.send(.leave(.mine(year: 2026)), token: eva.accessToken))
    try #require(year.carriedOver.halves > 0, "the demo company carries days into 2026")
    let carried = TimeOffPage.format(year.carriedOver)

    let browser = WebClient(app)
    browser.signIn("eva")
    let before = browser.get("/time-off?year=2026").text
    #expect(before.contains("\(carried) days carried over, usable until 31 March"))
    #expect(!before.contains(#"id="expired""#))

    // After the deadline, unused carried days are gone, and the page says so.
    app.clock.advance(by: 40 * 86_400)
    browser.signIn("eva")
    let after = browser.get("/time-off?year=2026").text
    #expect(after.contains("\(carried) days carried over expired on 31 March"))
    #expect(after.contains(#"<dd id="expired">\#(carried)</dd>"#))
    let later = try app.login("eva")
    let now = try JSONText.decode(LeaveYear.self, from: app.send(.leave(.mine(year: 2026)), token: later.accessToken))
    let sum = [now.allowance, now.carriedOver, now.expired, now.approved, now.pending, now.remaining].map(
      TimeOffPage.format)
    #expect(
      after.contains(
        "\(sum[0]) + \(sum[1]) carried over − \(sum[2]) expired − \(sum[3]) approved − \(sum[4]) pending = \(sum[5]) left"
      ))

    browser.language = "es"
    let spanish = browser.get("/time-off?year=2026").text
    #expect(spanish.contains("\(carried) días del año pasado caducaron el 31 de marzo"))
  }
}

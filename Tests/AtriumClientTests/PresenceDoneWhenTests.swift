import AtriumAPI
import AtriumClient
import AtriumTestSupport
import Foundation
import Testing

/// Issue 19's "done when", end to end: eva shares with mates and adds mario, mario adds eva,
/// and eva checks in at "Madrid — Castellana" from the web with a mocked position (headless
/// Chromium, `browser-tests/presence.py`, which also checks mario's Where page, lucia's and
/// ana's); mario then sees her in the SDK's view model (after the live event) and in the CLI;
/// lucia, whom eva never added, sees nothing; ana sees "1" on today's counts and nothing else.
@MainActor @Suite(.serialized) struct PresenceDoneWhenTests {
  let live: LiveServer

  init() throws { live = try LiveServer() }

  @Test func evaChecksInFromTheWeb_marioSeesHerEverywhere_luciaAndAnaDoNot() async throws {
    let ids = try ["eva", "mario"].map { try live.app.login($0).user.id }
    let anaToken = try live.app.login("ana").accessToken
    let campuses = try JSONText.decode(
      Page<CampusBody>.self, from: live.app.send(.presence(.campuses), token: anaToken))
    let castellana = try #require(campuses.items.flatMap(\.buildings).first { $0.name == "Madrid — Castellana" })
    // mario's app is open, listening, before anything happens.
    let (session, cache) = try await live.signIn("mario")
    let mates = MatesViewModel(repository: LivePresenceRepository(session: session, cache: cache))
    let events = try await session.events()

    let arguments = [
      live.address.absoluteString, BrowserScript.screenshots, ids[0], ids[1], "\(castellana.latitude)",
      "\(castellana.longitude)",
    ]
    let outcome = try await Task.detached { try BrowserScript.run("presence.py", arguments) }.value
    #expect(outcome.passed, "\(outcome.output)")

    // Before it, an event said eva became visible to him (once both had added each other).
    let event = try #require(
      try await nextEvent(named: "presence", from: events) { $0.contains(#""change":"checkedIn""#) },
      "no check-in reached mario's app")
    await mates.eventReceived(event)
    #expect(mates.state.rows.map(\.name) == ["Eva Fernández"])
    #expect(mates.state.rows.first?.whereabouts.hasPrefix("At Madrid — Castellana since") == true)

    let cli = CommandLineTests()
    let folder = TemporaryDirectory()
    let port = live.server.port
    #expect(
      try cli.atrium(
        ["login", "--username", "mario", "--password-stdin"], config: folder.path, input: "atrium-demo\n", server: port
      ).status == 0)
    let found = try cli.atrium(["where", "Eva"], config: folder.path, server: port)
    #expect(found.status == 0 && found.output.contains("Eva Fernández\tAt Madrid — Castellana since"), "\(found)")

    let (luciaSession, luciaCache) = try await live.signIn("lucia")
    let luciaMates = MatesViewModel(repository: LivePresenceRepository(session: luciaSession, cache: luciaCache))
    await luciaMates.appeared()
    #expect(luciaMates.state.rows.isEmpty, "lucia added eva in the browser, but eva never added her")

    let today = try JSONText.decode(Page<BuildingCount>.self, from: live.app.send(.presence(.today), token: anaToken))
    #expect(today.items.first { $0.building.id == castellana.id }?.people == 1)
    #expect(!live.app.send(.presence(.today), token: anaToken).text.contains("Eva"), "counts, never names")
    #expect(
      try JSONText.decode(Page<MateCheckIn>.self, from: live.app.send(.presence(.mateCheckIns), token: anaToken))
        .items.isEmpty, "an admin sees no one's check-in by their role")
  }

}

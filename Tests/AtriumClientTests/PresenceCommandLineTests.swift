import AtriumAPI
import AtriumTestSupport
import Foundation
import Testing

/// Issue 19 from the command line: `atrium checkin`, `checkout`, `mates` and `where`, as a
/// real process against a real server.
@Suite(.serialized) struct PresenceCommandLineTests {
  let cli = CommandLineTests()

  /// Each person's config folder, kept for the test's length.
  let folders = TemporaryDirectory()

  func signIn(_ name: String, port: Int) throws -> String {
    try cli.signIn(name, port: port, in: folders)
  }

  @Test func evaChecksIn_marioFindsHer_luciaFindsNothing() throws {
    let app = try TestApp()
    let server = try CommandLineTests.serve(app)
    defer { server.stop() }
    let eva = try signIn("eva", port: server.port)
    let mario = try signIn("mario", port: server.port)
    let lucia = try signIn("lucia", port: server.port)
    let evaToken = try app.login("eva").accessToken
    #expect(app.send(.presence(.updateSettings), json: #"{"sharing": "mates"}"#, token: evaToken).status == 200)

    let added = try cli.atrium(["mates", "add", "Mario"], config: eva, server: server.port)
    #expect(added.status == 0, "\(added.errors)")
    #expect(added.output.contains("is one of your mates"))
    #expect(try cli.atrium(["mates", "add", "Eva Fernández"], config: mario, server: server.port).status == 0)
    #expect(try cli.atrium(["mates", "add", "Eva Fernández"], config: lucia, server: server.port).status == 0)
    let nobody = try cli.atrium(["mates", "add", "Zzyzx"], config: mario, server: server.port)
    #expect(nobody.status == 2 && nobody.errors.contains("Nobody is called"))

    let campuses = try JSONText.decode(Page<CampusBody>.self, from: app.send(.presence(.campuses), token: evaToken))
    let castellana = try #require(campuses.items.flatMap(\.buildings).first { $0.name == "Madrid — Castellana" })
    let here = "\(castellana.latitude),\(castellana.longitude),15"
    let several = try cli.atrium(["checkin", "Madrid", "--at", here], config: eva, server: server.port)
    #expect(several.status == 2 && several.errors.contains("Several buildings match"))
    let unknown = try cli.atrium(["checkin", "Atocha", "--at", here], config: eva, server: server.port)
    #expect(unknown.status == 2 && unknown.errors.contains("No building is called"))
    let badFix = try cli.atrium(["checkin", "--at", "north"], config: eva, server: server.port)
    #expect(badFix.status == 2 && badFix.errors.contains("is not a position"))
    // Without a building, the nearest one the fix puts her in.
    let checkedIn = try cli.atrium(["checkin", "--at", here], config: eva, server: server.port)
    #expect(checkedIn.status == 0, "\(checkedIn.errors)")
    #expect(checkedIn.output.contains("You are at Madrid — Castellana since"))

    let found = try cli.atrium(["where", "eva"], config: mario, server: server.port)
    #expect(found.status == 0, "\(found.errors)")
    #expect(found.output.contains("Eva Fernández\tAt Madrid — Castellana since"))
    let json = try cli.atrium(["mates", "--json"], config: mario, server: server.port)
    let items = try JSONDecoder().decode(Page<MateCheckIn>.self, from: Data(json.output.utf8)).items
    #expect(items.map(\.checkIn.building.name) == ["Madrid — Castellana"])
    let hidden = try cli.atrium(["where", "eva"], config: lucia, server: server.port)
    #expect(hidden.status == 4)
    #expect(hidden.errors.contains("Nothing to show for eva"))
    let never = try cli.atrium(["where", "javier"], config: lucia, server: server.port)
    #expect(never.status == 4 && never.errors.contains("Nothing to show for javier"), "the same as hidden")

    let out = try cli.atrium(["checkout"], config: eva, server: server.port)
    #expect(out.status == 0 && out.output.contains("You checked out."))
    #expect(try cli.atrium(["where", "eva"], config: mario, server: server.port).output.contains("Was at"))
    // Without a building or position, where I am.
    let status = try cli.atrium(["checkin"], config: eva, server: server.port)
    #expect(status.status == 0 && status.output.contains("You are not checked in."))
  }
}

import AtriumAPI
import AtriumDomain
import AtriumTestSupport
import Foundation
import Testing

/// Issue 19 on the web (without a browser): the "Where" page, "add to my mates" on a person's
/// page, sharing in Settings, the home card, and the admins' campuses and buildings.
@Suite(.checksBalanceRows) struct WebPresenceTests {
  let app: TestApp
  let castellana: BuildingBody
  let madrid: CampusBody

  init() throws {
    app = try TestApp()
    let token = try app.login("eva").accessToken
    let campuses = try JSONText.decode(Page<CampusBody>.self, from: app.send(.presence(.campuses), token: token))
    madrid = try #require(campuses.items.first { $0.buildings.count == 2 })
    castellana = try #require(madrid.buildings.first { $0.name == "Madrid — Castellana" })
  }

  func id(_ name: String) throws -> String { try app.login(name).user.id }

  @Test func evaSharesAddsMarioAndChecksInFromTheWhere_marioSeesHer() throws {
    let eva = WebClient(app)
    eva.signIn("eva")
    let mario = WebClient(app)
    mario.signIn("mario")
    let marioID = try id("mario")
    let evaID = try id("eva")

    // Sharing is off until chosen, in Settings.
    let settings = eva.get("/settings").text
    #expect(settings.contains(#"<input type="radio" name="sharing" value="off" checked>"#))
    let saved = eva.submit("/where/sharing", from: "/settings", ["sharing": "mates"])
    #expect(saved.text.contains(#"<input type="radio" name="sharing" value="mates" checked>"#))
    // "Add to my mates" on mario's page, then not offered again.
    #expect(eva.get("/team/\(marioID)").text.contains("Add to my mates"))
    let added = eva.submit("/where/mates", from: "/team/\(marioID)", ["person": marioID])
    #expect(added.text.contains("is one of your mates."))
    #expect(!added.text.contains("Add to my mates"))
    #expect(!eva.get("/team/\(evaID)").text.contains("Add to my mates"), "not on one's own page")
    mario.submit("/where/mates", from: "/team/\(evaID)", ["person": evaID])

    // The page with a fix: the buildings near, with a check-in form carrying the fix.
    let fix = "\(castellana.latitude),\(castellana.longitude),15,2"
    let near = eva.get("/where?fix=\(fix)")
    #expect(near.status == 200)
    #expect(near.text.contains(#"<li data-building="\#(castellana.id)"><strong>Madrid — Castellana</strong>"#))
    #expect(near.text.contains("You are inside"))
    app.clock.advance(by: 20)
    let checkedIn = eva.submit(
      "/where/checkin", from: "/where?fix=\(fix)",
      [
        "building": castellana.id, "lat": "\(castellana.latitude)", "lon": "\(castellana.longitude)",
        "accuracy": "15", "age": "2", "seenAt": "\(app.clock.now.milliseconds - 20_000)",
      ])
    #expect(checkedIn.text.contains("You are at Madrid — Castellana since 10:00"), "09:00 UTC is 10:00 in Madrid")

    // mario's page, his home card and his map.
    let marioWhere = mario.get("/where").text
    #expect(marioWhere.contains(#"<li data-mate="\#(evaID)" class="here">"#))
    #expect(marioWhere.contains("At Madrid — Castellana since 10:00"))
    #expect(marioWhere.contains(#"src="/api/v1/presence/map?campus=\#(madrid.id)&amp;v="#))
    #expect(mario.get("/").text.contains("Eva Fernández — Madrid — Castellana"))
    let map = mario.get("/api/v1/presence/map?campus=\(madrid.id)")
    #expect(map.status == 200 && map.text.contains(#"data-person="\#(evaID)""#))
    // lucia, who eva never added, sees nothing of her.
    let lucia = WebClient(app)
    lucia.signIn("lucia")
    lucia.submit("/where/mates", from: "/team/\(evaID)", ["person": evaID])
    #expect(!lucia.get("/where").text.contains("Castellana since"))
    #expect(!lucia.get("/").text.contains("id=\"home-mates\""))

    let out = eva.submit("/where/checkout", from: "/where")
    #expect(out.text.contains("You checked out.") && out.text.contains("You are not checked in."))
  }

  @Test func withoutAPositionTheFallbackIsExplained_andStaleFixesSayWhy() throws {
    let eva = WebClient(app)
    eva.signIn("eva")
    let refused = eva.get("/where?fix=refused").text
    #expect(refused.contains(#"id="position-problem""#) && refused.contains("Your position is not available"))
    let old = eva.get("/where?fix=\(castellana.latitude),\(castellana.longitude),15,600").text
    #expect(old.contains(#"id="position-problem""#) && old.contains("more than 120 seconds old"), "a stale fix says so")
    // A check-in form sent long after the page showed the fix is refused as too old.
    let late = eva.submit(
      "/where/checkin", from: "/where",
      [
        "building": castellana.id, "lat": "\(castellana.latitude)", "lon": "\(castellana.longitude)",
        "accuracy": "15", "age": "2", "seenAt": "\(app.clock.now.milliseconds - 300_000)",
      ])
    #expect(late.text.contains("You are not checked in."))
    #expect(late.text.contains(#"class="flash""#))
    // Without the company's permission, no check-in without a position is offered or taken.
    #expect(!eva.get("/where").text.contains(#"id="without-position""#))
    let refusedCheckIn = eva.submit("/where/checkin", from: "/where", ["building": castellana.id])
    #expect(refusedCheckIn.text.contains("You are not checked in."))
  }

  @Test func adminsManageCampusesAndBuildings_andSeeOnlyCounts() throws {
    let ana = WebClient(app)
    ana.signIn("ana")
    let page = ana.get("/admin/presence")
    #expect(page.status == 200)
    #expect(page.text.contains("Madrid — Cuzco") && page.text.contains(#"id="today-counts""#))
    #expect(ana.get("/admin").text.contains(#"href="/admin/presence""#))
    // Allow check-in without a position; eva then gets buttons for her campus's buildings.
    ana.submit("/admin/presence/policy", from: "/admin/presence", ["withoutPosition": "on"])
    let eva = WebClient(app)
    eva.signIn("eva")
    #expect(eva.get("/where").text.contains(#"id="without-position""#))
    let made = eva.submit("/where/checkin", from: "/where", ["building": castellana.id])
    #expect(made.text.contains("You are at Madrid — Castellana"))
    #expect(ana.get("/admin/presence").text.contains("Madrid — Castellana: 1 person"))

    // A building: added, refused with its field, edited, removed.
    let added = ana.submit(
      "/admin/presence/buildings", from: "/admin/presence",
      ["campus": madrid.id, "name": "Madrid — Atocha", "latitude": "40.4066", "longitude": "-3.6892", "radius": "120"])
    #expect(added.text.contains("Madrid — Atocha · 120 m"))
    let tooBig = ana.submit(
      "/admin/presence/buildings", from: "/admin/presence",
      ["campus": madrid.id, "name": "Huge", "latitude": "40.4", "longitude": "-3.7", "radius": "5000"])
    #expect(tooBig.text.contains("radiusM") && !tooBig.text.contains("Huge ·"))
    let notANumber = ana.submit(
      "/admin/presence/buildings", from: "/admin/presence",
      ["campus": madrid.id, "name": "Typo", "latitude": "forty", "longitude": "-3.7", "radius": "100"])
    #expect(notANumber.text.contains("latitude") && !notANumber.text.contains("Typo ·"))
    let token = try app.login("ana").accessToken
    let campuses = try JSONText.decode(Page<CampusBody>.self, from: app.send(.presence(.campuses), token: token))
    let atocha = try #require(campuses.items.flatMap(\.buildings).first { $0.name == "Madrid — Atocha" })
    let edited = ana.submit(
      "/admin/presence/buildings/\(atocha.id)", from: "/admin/presence",
      ["name": "Madrid — Atocha", "latitude": "40.4066", "longitude": "-3.6892", "radius": "200", "floors": "0, 1"])
    #expect(edited.text.contains("Madrid — Atocha · 200 m"))
    let removed = ana.submit("/admin/presence/buildings/\(atocha.id)/delete", from: "/admin/presence")
    #expect(!removed.text.contains("Madrid — Atocha"))
    // A campus with buildings is not removed, and says why.
    let kept = ana.submit("/admin/presence/campuses/\(madrid.id)/delete", from: "/admin/presence")
    #expect(kept.text.contains("Madrid — Castellana") && kept.text.contains(#"class="flash""#))

    // Not an admin: not allowed.
    #expect(eva.get("/admin/presence").status == 403)
    #expect(eva.post("/admin/presence/policy", from: "/where", ["withoutPosition": "on"]).status == 403)
  }
}

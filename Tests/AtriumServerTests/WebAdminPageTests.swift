import AtriumAPI
import AtriumHTTP
import AtriumHTTPTypes
import AtriumImages
import AtriumServices
import AtriumStore
import AtriumTestSupport
import AtriumWeb
import Foundation
import Testing

@testable import AtriumServer

@Suite(.checksBalanceRows) struct WebAdminTests {
  let app: TestApp

  init() throws {
    app = try TestApp()
  }

  @Test func onlyAdminsSeeTheAdministration() {
    let mario = WebClient(app)
    mario.signIn("mario")
    #expect(mario.get("/admin").status == 403)
    #expect(mario.get("/admin/people").status == 403)
    #expect(mario.post("/admin/departments", from: "/", ["name": "Sneaky"]).status == 403)
    #expect(!mario.get("/").text.contains("href=\"/admin\""))
    let ana = WebClient(app)
    ana.signIn("ana")
    #expect(ana.get("/").text.contains("href=\"/admin\""))
    #expect(ana.get("/admin").status == 200)
  }

  @Test func anAdminCreatesAPersonWhoSeesTheTemporaryPasswordOnce() throws {
    let ana = WebClient(app)
    ana.signIn("ana")
    let form = ana.get("/admin/people/new").text
    let department = try #require(
      form.firstMatch(of: /name="departmentId"><option value="([^"]+)"/).map { String($0.1) })
    let location = try #require(form.firstMatch(of: /name="locationId"><option value="([^"]+)"/).map { String($0.1) })
    let refused = ana.post(
      "/admin/people", from: "/admin/people/new",
      [
        "username": "x y", "email": "nope", "firstName": "", "lastName": "L", "departmentId": department,
        "locationId": location,
      ])
    #expect(refused.status == 400)
    #expect(refused.text.contains("id=\"username-error\"") && refused.text.contains("id=\"email-error\""))
    let created = ana.post(
      "/admin/people", from: "/admin/people/new",
      [
        "username": "nuria", "email": "nuria@atrium-demo.example", "firstName": "Nuria", "lastName": "Gómez",
        "departmentId": department, "locationId": location, "role": "employee",
      ])
    #expect(created.status == 201)
    // The one answer that is not a redirect: it says the password is shown once, and is not kept.
    #expect(created.text.contains("It is shown this once"))
    #expect(created.headers["Cache-Control"] == "no-store")
    let password = try #require(
      created.text.firstMatch(of: /Temporary password for Nuria Gómez: ([^ ]+)\./).map { String($0.1) })
    let nuria = WebClient(app)
    #expect(nuria.signIn("nuria", password).status == 303)
    #expect(nuria.get("/").headers["Location"] == "/password")

    // Deactivating her ends her sessions.
    let id = try #require(created.text.firstMatch(of: /action="\/admin\/people\/([0-9a-f-]+)"/).map { String($0.1) })
    let page = ana.get("/admin/people/\(id)").text
    #expect(page.contains("name=\"active\" value=\"on\" checked"))
    let off = ana.submit(
      "/admin/people/\(id)", from: "/admin/people/\(id)",
      [
        "username": "nuria", "email": "nuria@atrium-demo.example", "firstName": "Nuria", "lastName": "Gómez",
        "departmentId": department, "locationId": location, "role": "employee",
      ])
    #expect(off.status == 200)
    #expect(nuria.get("/password").status == 303, "an inactive person is signed out")
    let audit = ana.get("/admin/audit").text
    #expect(audit.contains("person.create") && audit.contains("person.update"))
  }

  @Test func placesInUseCannotBeRemovedAndFeedsAreManaged() throws {
    let ana = WebClient(app)
    ana.signIn("ana")
    let places = ana.get("/admin/places").text
    let engineering = try #require(
      places.firstMatch(of: /value="Engineering".*?action="\/admin\/departments\/([0-9a-f-]+)\/delete"/).map {
        String($0.1)
      })
    let refused = ana.post("/admin/departments/\(engineering)/delete", from: "/admin/places")
    #expect(refused.status == 409)
    #expect(refused.text.contains("role=\"alert\""))
    #expect(
      ana.submit("/admin/departments", from: "/admin/places", ["name": "Legal"]).text.contains("value=\"Legal\""))
    let bad = ana.post("/admin/feeds", from: "/admin/feeds", ["name": "Bad", "url": "javascript:alert(1)"])
    #expect(bad.status == 400)
    #expect(
      ana.post("/admin/feeds", from: "/admin/feeds", ["name": "Blog", "url": "http://127.0.0.1:1/feed"]).status == 303)
    #expect(ana.get("/admin/feeds").text.contains("Blog"))
    let company = ana.post(
      "/admin/company", from: "/admin/company", ["name": "Atrium Ibérica", "website": "not a url"])
    #expect(company.status == 400)
    #expect(ana.submit("/admin/company", from: "/admin/company", ["name": "Atrium Ibérica"]).text.contains("Saved."))
    #expect(ana.get("/").text.contains("Atrium Ibérica"))
  }
}

@Suite(.checksBalanceRows) struct WebLeaveAdminTests {
  @Test func anAdminSetsThePolicyTypesHolidaysAndAllowances() throws {
    let app = try TestApp()
    let ana = WebClient(app)
    ana.signIn("ana")
    let page = ana.get("/admin/leave")
    #expect(page.status == 200 && page.text.contains("Vacation"))
    #expect(ana.post("/admin/leave/policy", from: "/admin/leave", ["defaultAllowance": "2.3"]).status == 400)
    #expect(ana.post("/admin/leave/policy", from: "/admin/leave", ["defaultAllowance": "25"]).status == 303)
    #expect(ana.get("/admin/leave").text.contains("id=\"defaultAllowance\" name=\"defaultAllowance\" value=\"25\""))

    #expect(ana.post("/admin/leave/types", from: "/admin/leave", ["name": "Training", "approval": "on"]).status == 303)
    let eva = WebClient(app)
    eva.signIn("eva")
    #expect(eva.get("/time-off").text.contains(">Training</option>"), "the new type is offered")

    let holidays = ana.submit(
      "/admin/leave/holidays", from: "/admin/leave",
      [
        "locationId": eva.get("/profile/edit").text.firstMatch(of: /<option value="([^"]+)" selected>Madrid/).map {
          String($0.1)
        } ?? "", "date": "2026-05-15", "name": "San Isidro",
      ])
    #expect(holidays.status == 200)
    #expect(holidays.text.contains("Holiday added: 15 May 2026, San Isidro."), "said where the list is")
    #expect(holidays.text.contains("<strong>15 May 2026</strong>"))
    #expect(ana.post("/admin/leave/holidays", from: "/admin/leave", ["date": "someday", "name": "x"]).status == 400)

    let evaID = try #require(
      ana.get("/team").text.firstMatch(of: /href="\/team\/([0-9a-f-]+)"[^>]*>.{0,200}Eva Fernández/).map {
        String($0.1)
      })
    #expect(
      ana.post("/admin/people/\(evaID)/allowance", from: "/admin/people/\(evaID)", ["year": "2026", "days": "30"])
        .status == 303)
    #expect(eva.get("/time-off").text.contains("<dd id=\"allowance\">30</dd>"))
    #expect(eva.get("/admin/leave").status == 403)
  }
}

@Suite(.checksBalanceRows) struct WebImportTests {
  @Test func aStaffListIsCheckedFirstThenImported() throws {
    let app = try TestApp()
    let ana = WebClient(app)
    ana.signIn("ana")
    #expect(ana.get("/admin/import").status == 200)
    let csv = """
      username,email,firstName,lastName,department,location
      nuria,nuria@atrium-demo.example,Nuria,Gómez,Engineering,Madrid
      bad user,x,,,Nowhere,Madrid
      """
    let checked = ana.post("/admin/import", from: "/admin/import", ["csv": csv, "dryRun": "on"])
    #expect(checked.status == 200)
    #expect(checked.text.contains("Nothing was changed."))
    #expect(checked.text.contains("Line 3"))
    #expect(checked.text.contains("class=\"error\""))
    #expect(!ana.get("/team?query=nuria").text.contains("Nuria Gómez"))
    let good =
      "username,email,firstName,lastName,department,location\nnuria,nuria@atrium-demo.example,Nuria,Gómez,Engineering,Madrid\n"
    let imported = ana.submit("/admin/import", from: "/admin/import", ["csv": good])
    #expect(imported.text.contains("The list was imported."))
    #expect(ana.get("/team?query=nuria").text.contains("Nuria Gómez"))
  }
}

@Suite(.checksBalanceRows) struct WebChangeLeaveTests {
  @Test func aPendingRequestIsChangedFromItsForm() throws {
    let app = try TestApp()
    let eva = WebClient(app)
    eva.signIn("eva")
    _ = eva.post(
      "/time-off/requests", from: "/time-off", ["start": "2026-04-06", "end": "2026-04-07", "intent": "send"])
    let id = try #require(
      eva.get("/time-off").text.firstMatch(of: /href="\/time-off\/requests\/([0-9a-f-]+)"/).map { String($0.1) })
    let form = eva.get("/time-off/requests/\(id)").text
    #expect(form.contains("value=\"2026-04-06\"") && form.contains("action=\"/time-off/requests/\(id)\""))
    let changed = eva.post(
      "/time-off/requests/\(id)", from: "/time-off/requests/\(id)",
      ["start": "2026-04-06", "end": "2026-04-09", "intent": "send"])
    #expect(changed.status == 303)
    #expect(eva.get("/time-off").text.contains("<dd id=\"pending\">4</dd>"))
    let mario = WebClient(app)
    mario.signIn("mario")
    #expect(mario.get("/time-off/requests/\(id)").status == 404, "only the owner changes a request here")
  }
}

@Suite(.checksBalanceRows) struct WebDevicesTests {
  @Test func settingsListDevicesAndResetTheBadge() throws {
    let app = try TestApp()
    let token = try app.login("eva").accessToken
    #expect(
      app.send(
        .settings(.registerDevice),
        json:
          #"{"platform": "apns", "token": "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef", "name": "Eva's iPhone"}"#,
        token: token
      )
      .status == 201)
    let eva = WebClient(app)
    eva.signIn("eva")
    let page = eva.get("/settings").text
    #expect(page.contains("Eva&#39;s iPhone") || page.contains("Eva's iPhone"))
    let id = try #require(
      page.firstMatch(of: /action="\/settings\/devices\/([0-9a-f-]+)\/delete"/).map { String($0.1) })
    #expect(eva.post("/settings/devices/\(id)/delete", from: "/settings").status == 303)
    #expect(eva.get("/settings").text.contains("No devices registered."))
    #expect(eva.post("/settings/badge-reset", from: "/settings").status == 303)
    let badge = try JSONText.decode(Badge.self, from: app.send(.board(.badge), token: token))
    #expect(badge.sinceReset == 0)
  }
}

@Suite(.checksBalanceRows) struct WebRenameTests {
  @Test func placesAndLeaveTypesAreRenamedAndSocialAccountsKept() throws {
    let app = try TestApp()
    let ana = WebClient(app)
    ana.signIn("ana")
    let places = ana.get("/admin/places").text
    let sales = try #require(
      places.firstMatch(
        of:
          /action="\/admin\/departments\/([0-9a-f-]+)"[^>]*><input type="hidden" name="_csrf" value="[^"]*"><input type="text" name="name" value="Sales"/
      )
      .map { String($0.1) })
    let renamed = ana.submit("/admin/departments/\(sales)", from: "/admin/places", ["name": "Sales & Marketing"])
    #expect(renamed.status == 200)
    #expect(renamed.text.contains("value=\"Sales &amp; Marketing\""))
    #expect(ana.post("/admin/departments/\(sales)", from: "/admin/places", ["name": ""]).status == 400)

    let saved = ana.submit(
      "/admin/company", from: "/admin/company",
      ["name": "Atrium Demo S.L.", "social": "mastodon https://social.example/@atrium\nbroken-line"])
    #expect(saved.text.contains("Saved."))
    #expect(ana.get("/company").text.contains("mastodon: https://social.example/@atrium"))

    let leave = ana.get("/admin/leave").text
    let vacation = try #require(
      leave.firstMatch(
        of:
          /action="\/admin\/leave\/types\/([0-9a-f-]+)"[^>]*><input type="hidden" name="_csrf" value="[^"]*"><input type="text" name="name" value="Vacation"/
      )
      .map { String($0.1) })
    let type = ana.submit(
      "/admin/leave/types/\(vacation)", from: "/admin/leave",
      ["name": "Holidays", "counts-\(vacation)": "on", "approval-\(vacation)": "on"])
    #expect(type.status == 200)
    #expect(type.text.contains("value=\"Holidays\""))
    // Each type's switches are named by the type, and read back under that name.
    #expect(type.text.contains("name=\"counts-\(vacation)\" value=\"on\" checked"))
    #expect(type.text.contains("name=\"approval-\(vacation)\" value=\"on\" checked"))
  }
}

import AtriumAPI
import AtriumTestSupport
import Foundation
import Testing

/// Issue 17: deleting an account from the web app: "Delete my account" in Settings, and an
/// admin's "Erase this person's data" on their page.
@Suite(.checksBalanceRows) struct WebAccountDeletionTests {
  let app: TestApp

  init() throws {
    app = try TestApp()
  }

  @Test func evaDeletesHerAccountFromSettings() throws {
    let eva = WebClient(app)
    eva.signIn("eva")
    let settings = eva.get("/settings").text
    #expect(settings.contains(#"<a href="/settings/delete-account" class="button secondary">Delete my account</a>"#))
    let page = eva.get("/settings/delete-account")
    #expect(page.status == 200 && page.text.contains("Former employee"))

    let wrong = eva.post(
      "/settings/delete-account", from: "/settings/delete-account",
      ["email": "eva@atrium-demo.example", "password": "not-it"])
    #expect(wrong.status == 400)
    #expect(wrong.text.contains(#"id="password-error" role="alert""#))
    #expect(eva.get("/settings").status == 200, "nothing changed")

    let done = eva.post(
      "/settings/delete-account", from: "/settings/delete-account",
      ["email": "eva@atrium-demo.example", "password": "atrium-demo"])
    #expect(done.status == 200)
    #expect(done.text.contains("<h1>Your account was deleted.</h1>"))
    #expect(done.headers.values("Set-Cookie").contains { $0.hasPrefix("atrium_session=;") && $0.contains("Max-Age=0") })
    #expect(eva.get("/settings").status == 303, "signed out")
    #expect(WebClient(app).signIn("eva").headers["Location"] == nil, "and she cannot sign in again")
  }

  @Test func aDirectoryAccountIsToldToAskItsCompany() throws {
    try app.database.write {
      _ = try $0.execute(
        "UPDATE employees SET directory_dn = 'uid=eva,ou=people,dc=example,dc=com' WHERE username = 'eva'")
    }
    let eva = WebClient(app)
    eva.signIn("eva")
    let page = eva.get("/settings/delete-account").text
    #expect(page.contains("Your account is the company directory's"))
    #expect(!page.contains(#"name="password""#))
  }

  @Test func anAdminErasesSomeoneAfterSayingTheyUnderstand() throws {
    let ana = WebClient(app)
    ana.signIn("ana")
    let evaID = try app.login("eva").user.id
    let page = "/admin/people/\(evaID)"
    #expect(
      ana.get(page).text.contains("Erase this person&#39;s data")
        || ana.get(page).text.contains("Erase this person's data"))
    let unticked = ana.post("/admin/people/\(evaID)/erase", from: page)
    #expect(unticked.status == 400)
    #expect(try app.login("eva").user.id == evaID, "nothing changed")
    let erased = ana.submit("/admin/people/\(evaID)/erase", from: page, ["understood": "on"])
    #expect(erased.status == 200)
    #expect(throws: (any Error).self) { try app.login("eva") }
  }
}

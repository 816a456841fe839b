import AtriumAPI
import AtriumServices
import AtriumStore
import AtriumTestSupport
import Foundation
import Testing

/// Issue 17: changing one's address sends a confirmation to the new one (the address changes
/// only when it is opened) and a notice to the old one.
@Suite(.serialized) struct EmailChangeTests {
  let sink: SMTPSink
  let app: TestApp
  let mail: MailSettings
  let eva: SessionTokens

  init() throws {
    (sink, mail, app) = try TestApp.mailing()
    eva = try app.login("eva")
  }

  func ask(_ json: String) -> Int {
    app.send(.me(.changeEmail), json: json, token: eva.accessToken).status
  }

  func send() throws { _ = try MailSender(environment: app.environment, mail: mail, holder: "a").sendDue() }

  @Test func theNewAddressConfirmsAndTheOldOneIsTold() throws {
    #expect(ask(#"{"email": "eva.f@atrium-demo.example", "password": "not-it"}"#) == 400)
    #expect(ask(#"{"email": "EVA@atrium-demo.example", "password": "atrium-demo"}"#) == 400, "the same address")
    #expect(ask(#"{"email": "mario@atrium-demo.example", "password": "atrium-demo"}"#) == 409, "another's address")
    #expect(ask(#"{"email": "Eva.F@atrium-demo.example", "password": "atrium-demo"}"#) == 202)
    let me = try JSONText.decode(User.self, from: app.send(.me(.show), token: eva.accessToken))
    #expect(me.email == "eva@atrium-demo.example", "nothing changes before the link is opened")

    try send()
    let confirmation = try #require(try sink.waitForMails(1).first)
    #expect(confirmation.recipients == ["eva.f@atrium-demo.example"])
    #expect(confirmation.subject == "Confirm your new Atrium address")
    let path = try #require(
      confirmation.text?.firstMatch(of: /https:\/\/atrium\.example\.com(\/email-change\/[A-Za-z0-9_-]+)/)
    ).1
    let web = WebClient(app)
    #expect(web.get(String(path)).text.contains("eva.f@atrium-demo.example"))
    let done = web.post(String(path), from: String(path))
    #expect(done.status == 200 && done.text.contains("Your Atrium address was changed"))
    #expect(WebClient(app).get(String(path)).status == 409, "the link works once")

    let changed = try JSONText.decode(User.self, from: app.send(.me(.show), token: try app.login("eva").accessToken))
    #expect(changed.email == "eva.f@atrium-demo.example")
    #expect(try app.login("eva.f@atrium-demo.example").user.username == "eva", "signs in with the new address")
    try send()
    let notice = try #require(try sink.waitForMails(2).last)
    #expect(notice.recipients == ["eva@atrium-demo.example"])
    #expect(notice.text?.contains("From now on Atrium writes to eva.f@atrium-demo.example") == true)
  }

  @Test func aDirectoryAddressIsTheDirectorys() throws {
    try app.database.write {
      _ = try $0.execute(
        "UPDATE employees SET directory_dn = 'uid=eva,ou=people,dc=example,dc=com' WHERE username = 'eva'")
    }
    #expect(ask(#"{"email": "eva.f@atrium-demo.example", "password": "atrium-demo"}"#) == 403)
  }

  @Test func theSettingsPageAsksAndSaysWhereTheLinkWent() throws {
    let web = WebClient(app)
    web.signIn("eva")
    #expect(web.get("/settings").text.contains(#"action="/settings/email""#))
    let wrong = web.submit(
      "/settings/email", from: "/settings", ["email": "eva.f@atrium-demo.example", "password": "not-it"])
    #expect(wrong.text.contains("password: is not right"))
    let sent = web.submit(
      "/settings/email", from: "/settings", ["email": "eva.f@atrium-demo.example", "password": "atrium-demo"])
    #expect(sent.text.contains("A link to confirm it is on its way to eva.f@atrium-demo.example"))
  }
}

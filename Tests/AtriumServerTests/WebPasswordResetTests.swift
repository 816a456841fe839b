import AtriumHTTP
import AtriumMail
import AtriumServices
import AtriumTestSupport
import Foundation
import Synchronization
import Testing

@testable import AtriumServer

/// A forgotten password in the web app: from the sign-in page to a new password, in-process
/// and in headless Chromium (`browser-tests/password_reset.py`).
@Suite(.serialized, .checksBalanceRows) struct WebPasswordResetTests {
  let sink: SMTPSink
  let app: TestApp
  let mail: MailSettings
  static let publicURL = "https://atrium.example.com"

  init() throws {
    let sink = try SMTPSink()
    let mail = sink.mailSettings(publicURL: Self.publicURL)
    self.sink = sink
    self.mail = mail
    app = try TestApp { $0.mail = mail }
  }

  /// The path of the link in the newest mail to eva.
  func linkPath() throws -> String {
    _ = try MailSender(environment: app.environment, mail: mail, holder: "a").sendDue()
    let mail = try #require(try sink.waitForMails(1).last { $0.recipients == ["eva@atrium-demo.example"] })
    return try #require(mail.text?.firstMatch(of: /https:\/\/atrium\.example\.com(\/password-reset\/[A-Za-z0-9_-]+)/))
      .1.description
  }

  @Test func aPersonAsksForALinkAndChoosesANewPasswordInTheirLanguage() throws {
    let web = WebClient(app)
    web.language = "es"
    #expect(web.get("/sign-in").text.contains(#"<a href="/password-reset">¿Has olvidado la contraseña?</a>"#))
    let sent = web.post("/password-reset", from: "/password-reset", ["email": "eva@atrium-demo.example"])
    #expect(sent.status == 200 && sent.text.contains("Si una cuenta de Atrium tiene este correo"))
    let unknown = web.post("/password-reset", from: "/password-reset", ["email": "nobody@atrium-demo.example"])
    #expect(unknown.text == sent.text, "the same page whether or not an account has the address")
    #expect(web.post("/password-reset", from: "/password-reset", ["email": "nonsense"]).status == 400)
    let forged = WebClient(app).send(
      "POST", "/password-reset", form: ["_csrf": "x", "email": "eva@atrium-demo.example"])
    #expect(forged.status == 403, "a form that did not come from its page")

    let path = try linkPath()
    #expect(web.get(path).text.contains("Elige una contraseña nueva"))
    let mismatch = web.post(path, from: path, ["password": "a-new-long-password-7", "repeat": "something else"])
    #expect(mismatch.status == 400 && mismatch.text.contains("no coinciden"))
    let short = web.post(path, from: path, ["password": "abc", "repeat": "abc"])
    #expect(short.status == 400 && short.text.contains("Usa de"))
    let done = web.post(path, from: path, ["password": "a-new-long-password-7", "repeat": "a-new-long-password-7"])
    #expect(done.status == 200 && done.text.contains("Tu contraseña ha cambiado"))
    #expect(web.signIn("eva", "a-new-long-password-7").status == 303)
    let used = WebClient(app).get(path)
    #expect(used.status == 409 && used.text.contains("already used") && used.text.contains(#"href="/password-reset""#))
    #expect(WebClient(app).get("/password-reset/not-a-token").status == 404)
  }

  @Test func withoutMailTheSignInPageOffersNoLink() throws {
    let withoutMail = try TestApp()
    let web = WebClient(withoutMail)
    #expect(!web.get("/sign-in").text.contains("/password-reset"))
    let refused = web.post("/password-reset", from: "/password-reset", ["email": "eva@atrium-demo.example"])
    #expect(refused.status == 503 && refused.text.contains("ask an administrator"))
  }

  @Test func theLinkWorksInARealBrowser() throws {
    try BrowserTests.servingWithMail(app, mail: mail) { port in
      try BrowserTests.runScript("password_reset.py", ["http://127.0.0.1:\(port)", sink.mailFolder, Self.publicURL])
    }
  }
}

import AtriumAPI
import AtriumMail
import AtriumServices
import AtriumStore
import AtriumTestSupport
import Foundation
import Testing

@testable import AtriumServer

/// Issue 17: an admin invites a new person by mail instead of handing them a temporary
/// password; the link lets them choose their password once, within 7 days, and signs them in.
@Suite(.serialized, .checksBalanceRows) struct InvitationTests {
  let sink: SMTPSink
  let app: TestApp
  let mail: MailSettings
  let ana: SessionTokens

  init() throws {
    (sink, mail, app) = try TestApp.mailing()
    ana = try app.login("ana")
  }

  /// Ana adds Nuria; returns her id and temporary password.
  func addNuria() throws -> (id: String, temporaryPassword: String) {
    let eva = try app.login("eva").user
    let created = app.send(
      .people(.create),
      json: #"""
        {"username": "nuria", "email": "nuria@atrium-demo.example", "firstName": "Nuria", "lastName": "Gómez",
         "departmentId": "\#(eva.department.id)", "locationId": "\#(eva.location.id)"}
        """#, token: ana.accessToken)
    let body = try JSONText.decode(CreatedPerson.self, from: created)
    return (body.person.id, body.temporaryPassword)
  }

  /// The path of the invitation link in the newest mail to Nuria.
  func linkPath(mails count: Int = 1) throws -> String {
    _ = try MailSender(environment: app.environment, mail: mail, holder: "a").sendDue()
    let mail = try #require(try sink.waitForMails(count).last { $0.recipients == ["nuria@atrium-demo.example"] })
    return try #require(mail.text?.firstMatch(of: /https:\/\/atrium\.example\.com(\/invitation\/[A-Za-z0-9_-]+)/))
      .1.description
  }

  @Test func anInvitedPersonChoosesTheirPasswordAndIsSignedIn() throws {
    let nuria = try addNuria()
    let invited = app.send(.people(.invite(id: nuria.id)), token: ana.accessToken)
    #expect(invited.status == 202)
    let sent = try JSONText.decode(InvitationSent.self, from: invited)
    #expect(sent.email == "nuria@atrium-demo.example")
    let path = try linkPath()
    let received = try #require(try sink.mails().first)
    #expect(received.subject == "Welcome to Atrium Demo S.L.'s Atrium")
    #expect(received.text?.contains("Ana García invited you. Your username is nuria") == true)

    let web = WebClient(app)
    let page = web.get(path)
    #expect(page.status == 200 && page.text.contains("Welcome, Nuria"))
    let mismatch = web.post(path, from: path, ["password": "nuria-long-password-1", "repeat": "other"])
    #expect(mismatch.status == 400)
    let accepted = web.post(path, from: path, ["password": "nuria-long-password-1", "repeat": "nuria-long-password-1"])
    #expect(accepted.status == 303 && accepted.headers["Location"] == "/")
    #expect(web.get("/").status == 200, "signed in")
    #expect(web.get("/").text.contains("Nuria"))
    #expect(WebClient(app).get(path).status == 409, "the link works once")
    #expect(throws: (any Error).self) { try app.login("nuria", password: nuria.temporaryPassword) }
    let signedIn = try app.login("nuria", password: "nuria-long-password-1")
    #expect(!signedIn.mustChangePassword)
    let audit = try app.database.read { try $0.query("SELECT action FROM audit_log ORDER BY at, seq") }.map {
      $0.string("action")
    }
    #expect(audit.suffix(2) == ["person.invite", "person.invitation-accepted"])
  }

  @Test func aNewInvitationVoidsTheLastAndTheLinkExpiresAfterAWeek() throws {
    let nuria = try addNuria()
    #expect(app.send(.people(.invite(id: nuria.id)), token: ana.accessToken).status == 202)
    let first = try linkPath()
    #expect(app.send(.people(.invite(id: nuria.id)), token: ana.accessToken).status == 202)
    let second = try linkPath(mails: 2)
    #expect(first != second)
    #expect(WebClient(app).get(first).status == 404)
    app.clock.advance(by: 7 * 86_400 + 1)
    let expired = WebClient(app).get(second)
    #expect(expired.status == 409 && expired.text.contains("expired"))
    #expect(!expired.text.contains(#"href="/password-reset""#), "a new invitation comes from an admin")
  }

  @Test func directoryAccountsAndInactivePeopleAreNotInvitedAndWithoutMailNobodyIs() throws {
    let nuria = try addNuria()
    try app.database.write {
      _ = try $0.execute(
        "UPDATE employees SET directory_dn = 'uid=nuria,dc=example,dc=com' WHERE id = ?", .text(nuria.id))
    }
    let directory = app.send(.people(.invite(id: nuria.id)), token: ana.accessToken)
    #expect(directory.status == 409 && directory.text.contains("company directory"))
    let eva = try app.login("eva").user.id
    #expect(app.send(.people(.update(id: eva)), json: #"{"active": false}"#, token: ana.accessToken).status == 200)
    #expect(app.send(.people(.invite(id: eva)), token: ana.accessToken).status == 409)
    #expect(app.send(.people(.invite(id: "no-such-person")), token: ana.accessToken).status == 404)
    #expect(try app.database.read { try OutboxStore($0).rows() }.isEmpty)

    let withoutMail = try TestApp()
    let admin = try withoutMail.login("ana")
    let mario = try withoutMail.login("mario").user.id
    #expect(withoutMail.send(.people(.invite(id: mario)), token: admin.accessToken).status == 503)
  }

  @Test func theDemoAdminInvitesFromThePersonsPageAndTheMailIsInTheDemoFolder() throws {
    let folder = TemporaryDirectory(prefix: "atrium-mail-folder")
    let demoMail = MailSettings(
      transport: MailFolder(path: folder.path), from: MailSettings.demoSender, publicURL: "http://127.0.0.1:8080",
      summary: "the demo's mail folder", attemptSeconds: 10)
    let demo = try TestApp { $0.mail = demoMail }
    let eva = try demo.login("eva").user.id
    let web = WebClient(demo)
    web.signIn("ana")
    let person = web.get("/admin/people/\(eva)")
    #expect(person.text.contains("Send an invitation by mail"))
    let sent = web.post("/admin/people/\(eva)/invite", from: "/admin/people/\(eva)")
    #expect(sent.status == 200 && sent.text.contains("Invitation sent to eva@atrium-demo.example"))
    #expect(try MailSender(environment: demo.environment, mail: demoMail, holder: "a").sendDue().sent == 1)
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".eml") }
    let message = try String(contentsOfFile: folder.path + "/" + #require(files.first), encoding: .utf8)
    #expect(MailReading(message).text.contains("http://127.0.0.1:8080/invitation/"))
    #expect(web.get("/admin/mail").text.contains("account.invitation"))
  }

  @Test func anInvitationWorksInARealBrowser() throws {
    let nuria = try addNuria()
    try BrowserTests.servingWithMail(app, mail: mail) { port in
      try BrowserTests.runScript(
        "invitation.py", ["http://127.0.0.1:\(port)", sink.mailFolder, "https://atrium.example.com", nuria.id])
    }
  }
}

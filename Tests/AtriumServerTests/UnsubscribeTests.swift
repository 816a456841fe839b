import AtriumAPI
import AtriumServices
import AtriumStore
import AtriumTestSupport
import Foundation
import Testing

/// Issue 17: every notification mail carries a signed link, and the `List-Unsubscribe` headers,
/// that stop its kind by mail for its reader without signing in: the link asks first, a mail
/// client's one-click POST (RFC 8058) stops it at once, and a link changed by hand does nothing.
@Suite(.serialized) struct UnsubscribeTests {
  let sink: SMTPSink
  let app: TestApp
  let mail: MailSettings
  let eva: SessionTokens
  let mario: SessionTokens

  init() throws {
    (sink, mail, app) = try TestApp.mailing()
    eva = try app.login("eva")
    mario = try app.login("mario")
  }

  /// Eva asks for days off and Mario approves them; the mails go out.
  func askAndApprove(start: String, end: String) throws {
    let created = app.send(
      .leave(.create), json: #"{"start": "\#(start)", "end": "\#(end)"}"#, token: eva.accessToken)
    let id = try JSONText.decode(SavedLeave.self, from: created).request.id
    #expect(app.send(.approvals(.approve(id: id)), json: "{}", token: mario.accessToken).status == 200)
    _ = try MailSender(environment: app.environment, mail: mail, holder: "a").sendDue()
  }

  func settings(_ tokens: SessionTokens) throws -> SettingsBody {
    try JSONText.decode(SettingsBody.self, from: app.send(.settings(.show), token: tokens.accessToken))
  }

  /// The path of a mail's `List-Unsubscribe` link on this server.
  func unsubscribePath(_ received: SMTPSink.ReceivedMail) throws -> String {
    let header = try #require(received.headers["List-Unsubscribe"])
    let match = try #require(header.firstMatch(of: /^<https:\/\/atrium\.example\.com(\/unsubscribe\/[^>]+)>$/))
    return String(match.1)
  }

  @Test func aMailClientsOneClickStopsThatKindByMailAndNothingElse() throws {
    _ = app.send(.settings(.update), json: #"{"language": "es"}"#, token: eva.accessToken)
    try askAndApprove(start: "2026-04-06", end: "2026-04-10")
    let mails = try sink.waitForMails(2)
    let toEva = try #require(mails.first { $0.recipients == ["eva@atrium-demo.example"] })
    #expect(toEva.headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click")
    let path = try unsubscribePath(toEva)
    #expect(
      toEva.text?.contains(
        "No recibir más correos de «Decisiones sobre mis solicitudes»: https://atrium.example.com\(path)") == true)
    #expect(toEva.html?.contains(#"<a href="https://atrium.example.com\#(path)">"#) == true)

    // RFC 8058: a POST without cookies or a session, its body `List-Unsubscribe=One-Click`.
    let oneClick = app.send(
      "POST", path, body: Array("List-Unsubscribe=One-Click".utf8),
      headers: [("Content-Type", "application/x-www-form-urlencoded")])
    #expect(oneClick.status == 200)
    #expect(oneClick.text.contains("Hecho: no recibirás más correos de «Decisiones sobre mis solicitudes»."))
    let after = try settings(eva)
    #expect(after.notifications["leaveDecisions"] == .init(board: true, mail: false, push: true, digest: false))
    #expect(after.notifications["approvalsWaiting"]?.mail == true, "other kinds stay")
    #expect(
      app.send("POST", path, body: [], headers: [("Content-Type", "application/x-www-form-urlencoded")]).status == 200,
      "again: the same answer")

    try askAndApprove(start: "2026-05-04", end: "2026-05-05")
    let later = try sink.waitForMails(3)
    #expect(later.filter { $0.recipients == ["eva@atrium-demo.example"] }.count == 1, "no new mail for Eva")
    #expect(later.filter { $0.recipients == ["mario@atrium-demo.example"] }.count == 2, "Mario's still come")
  }

  @Test func theLinkAsksFirst_andALinkChangedByHandDoesNothing() throws {
    _ = app.send(.settings(.update), json: #"{"language": "en"}"#, token: mario.accessToken)
    try askAndApprove(start: "2026-04-06", end: "2026-04-10")
    let toMario = try #require(try sink.waitForMails(2).first { $0.recipients == ["mario@atrium-demo.example"] })
    let path = try unsubscribePath(toMario)
    let question = app.send("GET", path, headers: [("Accept-Language", "es")])
    #expect(question.status == 200)
    #expect(
      question.text.contains("Stop mails about “Requests waiting for me”?"), "in Mario's language, not the browser's")
    #expect(question.text.contains(#"action="\#(path)""#))
    #expect(try settings(mario).notifications["approvalsWaiting"]?.mail == true, "opening it changes nothing")

    let token = String(path.dropFirst("/unsubscribe/".count))
    let parts = token.split(separator: ".").map(String.init)
    let evaID = try JSONText.decode(User.self, from: app.send(.me(.show), token: eva.accessToken)).id
    let forged = [
      "\(parts[0]).leaveDecisions.\(parts[2])",  // another kind
      "\(evaID).approvalsWaiting.\(parts[2])",  // another person
      "\(parts[0]).approvalsWaiting.\(String(parts[2].reversed()))",  // another signature
      // The last character changed (to "B" when it is "A": 1 link in 16 ends in "A", which
      // made an earlier version of this list hand the server its own link back).
      "\(parts[0]).approvalsWaiting.\(parts[2].dropLast())\(parts[2].last == "A" ? "B" : "A")",
      "\(parts[0]).lunchMenu.\(parts[2])", "nonsense",
    ]
    for token in forged {
      let refused = app.send(
        "POST", "/unsubscribe/\(token)", body: Array("List-Unsubscribe=One-Click".utf8),
        headers: [("Content-Type", "application/x-www-form-urlencoded")])
      #expect(refused.status == 403, "\(token)")
      #expect(refused.text.contains("This link is not valid"), "\(token)")
    }
    // Every kind's mail is as it started: on, but a mate's check-in (off until chosen).
    func mailsAsAtFirst(_ person: SessionTokens) throws -> Bool {
      try settings(person).notifications.allSatisfy { $0.value.mail == ($0.key != "mateCheckIns") }
    }
    #expect(try mailsAsAtFirst(mario), "no forged link changed anything")
    #expect(try mailsAsAtFirst(eva))
  }

  @Test func accountMailsHaveNoUnsubscribeLink() throws {
    #expect(app.send(.auth(.forgotPassword), json: #"{"email": "eva@atrium-demo.example"}"#).status == 202)
    _ = try MailSender(environment: app.environment, mail: mail, holder: "a").sendDue()
    let reset = try #require(try sink.waitForMails(1).first)
    #expect(reset.headers["List-Unsubscribe"] == nil)
    #expect(reset.text?.contains("/unsubscribe/") == false)
  }
}

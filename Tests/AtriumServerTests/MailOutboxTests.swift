import AtriumAPI
import AtriumMail
import AtriumServices
import AtriumStore
import AtriumTestSupport
import Foundation
import Testing

/// Issue 17: a change and its mail are saved together in the outbox, and the sender delivers
/// each mail once to a real SMTP server (aiosmtpd), in the reader's language, trying again
/// later when the server is away and never for a mailbox that does not exist.
@Suite(.serialized, .checksBalanceRows) struct MailOutboxTests {
  let sink: SMTPSink
  let app: TestApp
  let mail: MailSettings
  let eva: SessionTokens
  let mario: SessionTokens

  init() throws {
    (sink, mail, app) = try TestApp.mailing(publicURL: "https://atrium.example.com/")
    eva = try app.login("eva")
    mario = try app.login("mario")
  }

  func sender(_ holder: String = "instance-a", of instance: TestApp? = nil) -> MailSender {
    MailSender(environment: (instance ?? app).environment, mail: mail, holder: holder)
  }

  func outbox() throws -> [OutboxStore.Row] {
    try app.database.read { try OutboxStore($0).rows() }
  }

  /// Eva asks for a week off and Mario approves it; returns the request's id.
  @discardableResult
  func askAndApprove(
    key: String = UUID().uuidString, start: String = "2026-04-06", end: String = "2026-04-10"
  ) throws -> String {
    let created = app.send(
      .leave(.create), json: #"{"start": "\#(start)", "end": "\#(end)"}"#, token: eva.accessToken)
    let id = try JSONText.decode(SavedLeave.self, from: created).request.id
    for _ in 0..<2 {  // the second is a replay: it must not mail again
      let approved = app.send(
        .approvals(.approve(id: id)), json: #"{"reason": "Disfruta"}"#, token: mario.accessToken,
        headers: [("Idempotency-Key", key)])
      #expect(approved.status == 200)
    }
    return id
  }

  @Test func anApprovalMailsTheEmployeeInHerLanguageAndAReplayMailsNothing() throws {
    let settings = app.send(.settings(.update), json: #"{"language": "es"}"#, token: eva.accessToken)
    #expect(settings.status == 200)
    try askAndApprove()
    #expect(try outbox().count == 2, "Mario's request to decide and Eva's decision")
    let round = try sender().sendDue()
    #expect(round.sent == 2)
    #expect(try sender().sendDue().claimed == 0, "nothing is due twice")

    let mails = try sink.waitForMails(2)
    try #require(mails.count == 2)
    let toEva = try #require(mails.first { $0.recipients == ["eva@atrium-demo.example"] })
    #expect(toEva.subject == "Mario López aprobó tu solicitud — Vacation, 6–10 de abril de 2026")
    #expect(toEva.from == "Atrium <atrium@atrium-demo.example>")
    #expect(toEva.to == "Eva Fernández <eva@atrium-demo.example>")
    #expect(toEva.contentType == "multipart/alternative")
    #expect(toEva.text?.hasPrefix("Hola, Eva:") == true)
    #expect(toEva.text?.contains("Motivo: Disfruta") == true)
    #expect(toEva.text?.contains("Abrir en Atrium: https://atrium.example.com/time-off") == true)
    #expect(toEva.html?.contains(#"<a href="https://atrium.example.com/time-off">Abrir en Atrium</a>"#) == true)
    #expect(toEva.html?.contains("<img") == false, "no remote images")
    #expect(toEva.messageId.hasSuffix("@atrium-demo.example>"))

    let toMario = try #require(mails.first { $0.recipients == ["mario@atrium-demo.example"] })
    #expect(toMario.subject == "Eva Fernández asks for time off — Vacation, 6–10 April 2026")
    #expect(toMario.text?.contains("https://atrium.example.com/approvals/") == true)
    #expect(try outbox().allSatisfy { $0.status == "sent" && $0.attempts == 1 && $0.finishedAt != nil })
    #expect(try outbox().allSatisfy { $0.entry.payload.isEmpty }, "a sent mail's content leaves its row")
  }

  @Test func whoTurnedDecisionsOffGetsNoMailAndWithoutMailNothingIsQueued() throws {
    let off = app.send(
      .settings(.update), json: #"{"notifications": {"leaveDecisions": false}}"#, token: eva.accessToken)
    #expect(off.status == 200)
    try askAndApprove()
    #expect(try outbox().map(\.entry.address) == ["mario@atrium-demo.example"])

    let withoutMail = try TestApp()
    let evaThere = try withoutMail.login("eva")
    let created = withoutMail.send(
      .leave(.create), json: #"{"start": "2026-04-06", "end": "2026-04-10"}"#, token: evaThere.accessToken)
    #expect(created.status == 201)
    #expect(try withoutMail.database.read { try OutboxStore($0).rows() }.isEmpty)
  }

  @Test func eachChannelFollowsItsOwnChoice() throws {
    func evasBoard() throws -> [BoardItem] {
      try JSONText.decode(
        Page<BoardItem>.self,
        from: app.send(.board(.notices(unreadOnly: false, page: PageRequest())), token: eva.accessToken)
      ).items.filter { $0.requestId != nil }
    }
    _ = app.send(
      .settings(.update), json: #"{"notifications": {"leaveDecisions": {"board": false}}}"#, token: eva.accessToken)
    try askAndApprove()
    #expect(try evasBoard().isEmpty, "no notice on her board")
    #expect(try outbox().filter { $0.entry.address == "eva@atrium-demo.example" }.count == 1, "but a mail")

    _ = app.send(
      .settings(.update), json: #"{"notifications": {"leaveDecisions": {"board": true, "mail": false}}}"#,
      token: eva.accessToken)
    try askAndApprove(start: "2026-05-04", end: "2026-05-05")
    #expect(try evasBoard().count == 1, "now on her board")
    #expect(try outbox().filter { $0.entry.address == "eva@atrium-demo.example" }.count == 1, "and no second mail")
  }

  @Test func anUnknownMailboxIsGivenUpAtOnceWithTheServersReason() throws {
    try app.database.write {
      _ = try $0.execute("UPDATE employees SET email = 'unknown.eva@atrium-demo.example' WHERE username = 'eva'")
    }
    try askAndApprove()
    let round = try sender().sendDue()
    #expect(round.sent == 1 && round.dead == 1)
    let dead = try #require(try outbox().first { $0.status == "dead" })
    #expect(dead.entry.address == "unknown.eva@atrium-demo.example")
    #expect(dead.lastError?.contains("550") == true)
    #expect(dead.attempts == 1)
  }

  @Test func aServerThatIsAwayIsTriedAgainLaterAndEachMailArrivesOnce() throws {
    sink.stop()
    try askAndApprove()
    let failed = try sender().sendDue()
    #expect(failed.retried == 2)
    let waiting = try outbox()
    #expect(waiting.allSatisfy { $0.status == "pending" && $0.attempts == 1 && $0.lastError != nil })
    let now = app.clock.function().milliseconds
    #expect(waiting.allSatisfy { (now + 24_000...now + 30_000).contains($0.nextAttemptAt) })
    #expect(try sender().sendDue().claimed == 0, "not due before its time")

    try sink.start()
    app.clock.advance(by: 31)
    #expect(try sender().sendDue().sent == 2)
    app.clock.advance(by: 3600)
    #expect(try sender().sendDue().claimed == 0)
    #expect(try sink.waitForMails(2).count == 2)
    Thread.sleep(forTimeInterval: 0.3)
    #expect(try sink.mails().count == 2)
  }

  @Test func twoInstancesSharingTheOutboxSendEachMailOnce() throws {
    let second = try TestApp(secondInstanceOf: app)
    let now = app.clock.function().milliseconds
    try app.database.write { connection in
      for index in 0..<12 {
        let message = MailMessage(
          from: mail.from, to: MailAddress("person\(index)@atrium-demo.example"), subject: "Mail \(index)",
          text: "Number \(index)", messageID: "mail-\(index)@atrium-demo.example", date: now)
        try OutboxStore(connection).enqueue(
          .init(
            id: UUID().uuidString, channel: .mail, kind: "test", recipientID: nil, address: message.to.address,
            idempotencyKey: "test-\(index)", payload: message.rendered(), createdAt: now))
      }
    }
    let queued = try outbox().count
    #expect(queued == 12)
    let senders = [sender("instance-a"), sender("instance-b", of: second)]
    DispatchQueue.concurrentPerform(iterations: 2) { index in _ = try? senders[index].sendDue() }
    let mails = try sink.waitForMails(queued)
    Thread.sleep(forTimeInterval: 0.3)
    #expect(try sink.mails().count == queued)
    #expect(Set(mails.map(\.messageId)).count == queued)
    #expect(try outbox().allSatisfy { $0.status == "sent" && $0.attempts == 1 })
  }

  /// At least once: a sender that dies after the server took a mail, before the row says so,
  /// leaves its claim; when the claim lapses the mail goes again with the same Message-ID.
  @Test func aMailCutOffBeforeItWasRecordedGoesAgainWithTheSameMessageID() throws {
    try askAndApprove()
    let now = app.clock.function().milliseconds
    let claimed = try app.database.write {
      try OutboxStore($0).claimDue(channel: .mail, holder: "lost", now: now, leaseUntil: now + 60_000, limit: 10)
    }
    let first = try #require(claimed.first)
    let client = SMTPClient(settings: SMTPSettings(url: sink.url, security: .none))
    let messageID = try #require(first.entry.payload.firstMatch(of: /Message-ID: <([^>]+)>/)?.1)
    #expect(
      client.send(
        OutgoingMail(
          sender: "atrium@atrium-demo.example", recipient: first.entry.address, message: first.entry.payload,
          messageID: String(messageID))) == .delivered)

    #expect(try sender().sendDue().claimed == 0, "the lost sender's claim still runs")
    app.clock.advance(by: 61)
    #expect(try sender().sendDue().sent == 2)
    let copies = try sink.waitForMails(3).filter { $0.recipients == [first.entry.address] }
    #expect(copies.count == 2)
    #expect(Set(copies.map(\.messageId)) == ["<\(messageID)>"])
  }
}

/// What admins see of the outbox, through the API and the web app.
@Suite(.serialized, .checksBalanceRows) struct OutboxAdminTests {
  @Test func adminsSeeWhatWasSentAndWhyOneWasGivenUp() throws {
    let sink = try SMTPSink()
    let mail = sink.mailSettings()
    let app = try TestApp { $0.mail = mail }
    let (eva, mario, ana) = (try app.login("eva"), try app.login("mario"), try app.login("ana"))
    try app.database.write {
      _ = try $0.execute("UPDATE employees SET email = 'unknown.eva@atrium-demo.example' WHERE username = 'eva'")
    }
    let created = app.send(
      .leave(.create), json: #"{"start": "2026-04-06", "end": "2026-04-10"}"#, token: eva.accessToken)
    let id = try JSONText.decode(SavedLeave.self, from: created).request.id
    #expect(app.send(.approvals(.approve(id: id)), json: "{}", token: mario.accessToken).status == 200)
    _ = try MailSender(environment: app.environment, mail: mail, holder: "a").sendDue()

    let status = try JSONText.decode(OutboxStatus.self, from: app.send(.outbox(.status), token: ana.accessToken))
    #expect(status.mail == .init(on: true, transport: "SMTP \(sink.url)", from: "Atrium <atrium@atrium-demo.example>"))
    #expect((status.pending, status.sent, status.dead, status.skipped) == (0, 1, 1, 0))
    let deadPage = app.send(.outbox(.list(status: .dead, page: .first)), token: ana.accessToken)
    let dead = try JSONText.decode(Page<OutboxItem>.self, from: deadPage).items
    #expect(dead.map(\.address) == ["unknown.eva@atrium-demo.example"])
    #expect(dead.first?.lastError?.contains("550") == true)
    #expect(dead.first?.kind == "leave.approve" && dead.first?.finishedAt != nil && dead.first?.nextAttemptAt == nil)
    #expect(!String(decoding: deadPage.body, as: UTF8.self).contains("Subject"), "a mail's content is never shown")
    #expect(app.send(.outbox(.status), token: mario.accessToken).status == 403)
    #expect(app.send(.outbox(.list(status: .all, page: .first)), token: eva.accessToken).status == 403)
    let firstOfOne = app.send(.outbox(.list(status: .all, page: PageRequest(limit: 1))), token: ana.accessToken)
    let next = try #require(try JSONText.decode(Page<OutboxItem>.self, from: firstOfOne).nextCursor)
    let second = app.send(
      .outbox(.list(status: .all, page: PageRequest(limit: 1, cursor: next))), token: ana.accessToken)
    #expect(try JSONText.decode(Page<OutboxItem>.self, from: second).items.count == 1)
    #expect(app.send("GET", "/api/v1/outbox?cursor=nonsense", token: ana.accessToken).status == 400)

    let web = WebClient(app)
    web.signIn("ana")
    let page = web.get("/admin/mail")
    #expect(page.status == 200)
    #expect(page.text.contains("Mail is on: SMTP \(sink.url), from Atrium &lt;atrium@atrium-demo.example&gt;."))
    #expect(page.text.contains("unknown.eva@atrium-demo.example"))
    #expect(page.text.contains("550"))
    #expect(web.get("/admin").text.contains(#"href="/admin/mail""#))
  }

  @Test func theDemosAdminPageShowsTheMailsItWroteAndWithoutMailSaysItIsOff() throws {
    let folder = TemporaryDirectory(prefix: "atrium-mail-folder")
    let mail = MailSettings(
      transport: MailFolder(path: folder.path), from: MailSettings.demoSender, publicURL: "http://127.0.0.1:8080",
      summary: "the demo's mail folder", attemptSeconds: 10)
    let app = try TestApp { $0.mail = mail }
    let (eva, mario) = (try app.login("eva"), try app.login("mario"))
    let created = app.send(
      .leave(.create), json: #"{"start": "2026-04-06", "end": "2026-04-10"}"#, token: eva.accessToken)
    let id = try JSONText.decode(SavedLeave.self, from: created).request.id
    #expect(app.send(.approvals(.approve(id: id)), json: "{}", token: mario.accessToken).status == 200)
    #expect(try MailSender(environment: app.environment, mail: mail, holder: "a").sendDue().sent == 2)
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".eml") }
    #expect(files.count == 2)

    let web = WebClient(app)
    web.signIn("ana")
    let page = web.get("/admin/mail").text
    #expect(page.contains("Mario López approved your request — Vacation, 6–10 April 2026"))
    #expect(page.contains("Open in Atrium: http://127.0.0.1:8080/time-off"))

    let withoutMail = try TestApp()
    let off = WebClient(withoutMail)
    off.signIn("ana")
    let offPage = off.get("/admin/mail").text
    #expect(offPage.contains("Mail is off: no SMTP server is set up"))
    #expect(!offPage.contains("demo-mails"))
  }
}

import AtriumAPI
import AtriumMail
import AtriumServices
import AtriumStore
import AtriumTestSupport
import Foundation
import Testing

/// Issue 17: a forgotten password. The same answer and the same work for any address, a link
/// by mail that works once within the hour, and a new password that ends every session.
@Suite(.serialized, .checksBalanceRows) struct PasswordResetTests {
  let sink: SMTPSink
  let app: TestApp
  let mail: MailSettings

  init() throws {
    (sink, mail, app) = try TestApp.mailing()
  }

  func forgot(_ email: String, from address: String = "127.0.0.1", language: String = "en") -> Int {
    app.send(
      .auth(.forgotPassword), json: #"{"email": "\#(email)"}"#,
      headers: [("Accept-Language", language)], address: address
    ).status
  }

  func send() throws {
    _ = try MailSender(environment: app.environment, mail: mail, holder: "a").sendDue()
  }

  func outbox() throws -> [OutboxStore.Row] {
    try app.database.read { try OutboxStore($0).rows() }
  }

  /// The token in the newest mail's link.
  func token(in received: SMTPSink.ReceivedMail) throws -> String {
    try #require(received.text?.firstMatch(of: /https:\/\/atrium\.example\.com\/password-reset\/([A-Za-z0-9_-]+)/)?.1)
      .description
  }

  func complete(_ token: String, _ password: String) -> HTTPResponseSummary {
    let response = app.send(
      .auth(.completePasswordReset), json: #"{"token": "\#(token)", "password": "\#(password)"}"#)
    return HTTPResponseSummary(status: response.status, body: String(decoding: response.body, as: UTF8.self))
  }

  struct HTTPResponseSummary {
    let status: Int
    let body: String
  }

  @Test func aLinkByMailSetsANewPasswordOnceAndEndsEverySession() throws {
    let before = try app.login("eva")
    #expect(forgot("Eva@Atrium-Demo.example") == 202)
    try send()
    let received = try #require(try sink.waitForMails(1).first)
    #expect(received.recipients == ["eva@atrium-demo.example"])
    #expect(received.subject == "Choose a new password for Atrium")
    #expect(received.text?.contains("The link works once, for the next 60 minutes.") == true)
    #expect(received.text?.contains("If it was not you, ignore it") == true)
    #expect(received.text?.contains("/settings") == false, "an account mail cannot be turned off")
    let token = try token(in: received)
    // The link is stored only as its hash, and the mail's secret leaves the outbox once sent.
    let stored = try app.database.read { try $0.query("SELECT token_hash FROM account_links") }.map {
      $0.string("token_hash")
    }
    #expect(!stored.contains(token) && stored.count == 1)
    #expect(try outbox().allSatisfy { $0.status == "sent" && $0.entry.payload.isEmpty })

    #expect(complete(token, "short").status == 400)
    #expect(complete(token, "a-new-long-password-7").status == 204)
    #expect(app.send(.me(.show), token: before.accessToken).status == 401, "every session ended")
    #expect(throws: (any Error).self) { try app.login("eva") }
    #expect(try app.login("eva", password: "a-new-long-password-7").accessToken.isEmpty == false)
    let again = complete(token, "another-long-password-8")
    #expect(again.status == 409 && again.body.contains("already used"))
  }

  @Test func anUnknownAddressGetsTheSameAnswerAndTheSameOneRowButNoMail() throws {
    #expect(forgot("nobody@atrium-demo.example") == 202)
    #expect(forgot("eva@atrium-demo.example") == 202)
    let rows = try outbox()
    #expect(rows.count == 2, "one row for each request, known or not")
    try send()
    #expect(try sink.waitForMails(1).count == 1)
    Thread.sleep(forTimeInterval: 0.3)
    #expect(try sink.mails().map(\.recipients) == [["eva@atrium-demo.example"]])
    let unknown = try #require(try outbox().first { $0.entry.address == "nobody@atrium-demo.example" })
    #expect(unknown.status == "skipped")
    #expect(forgot("not an address") == 400)
  }

  @Test func aDirectoryAccountIsToldToUseTheDirectoryAndASpanishReaderReadsSpanish() throws {
    try app.database.write {
      _ = try $0.execute(
        "UPDATE accounts SET password_hash = NULL WHERE employee_id = (SELECT id FROM employees WHERE username = 'eva')"
      )
    }
    #expect(forgot("eva@atrium-demo.example", language: "es") == 202)
    try send()
    let received = try #require(try sink.waitForMails(1).first)
    #expect(received.subject == "Tu contraseña de Atrium es la del directorio de la empresa")
    #expect(received.text?.contains("/password-reset/") == false)
    #expect(try app.database.read { try $0.query("SELECT * FROM account_links") }.isEmpty)
  }

  @Test func expiredTamperedAndReplacedLinksAreRefusedWithTheirReason() throws {
    #expect(forgot("eva@atrium-demo.example") == 202)
    try send()
    let first = try token(in: try #require(try sink.waitForMails(1).first))
    #expect(forgot("eva@atrium-demo.example") == 202)
    try send()
    let second = try token(in: try #require(try sink.waitForMails(2).last))
    #expect(complete(first, "a-new-long-password-7").status == 404, "a newer link voids the older one")
    #expect(complete(String(second.dropLast()) + "x", "a-new-long-password-7").status == 404)
    app.clock.advance(by: 3601)
    let expired = complete(second, "a-new-long-password-7")
    #expect(expired.status == 409 && expired.body.contains("expired"))
  }

  @Test func requestsAreLimitedPerRecipientAndPerClientAddress() throws {
    for _ in 0..<PasswordResetService.perRecipientPerHour {
      #expect(forgot("eva@atrium-demo.example", from: "10.0.0.\(Int.random(in: 1...200))") == 202)
    }
    let limited = app.send(
      .auth(.forgotPassword), json: #"{"email": "eva@atrium-demo.example"}"#, address: "10.0.1.1")
    #expect(limited.status == 429)
    #expect(limited.headers["Retry-After"].flatMap(Int.init).map { (3500...3600).contains($0) } == true)
    for index in 0..<(PasswordResetService.perOriginPerHour - 5) {
      #expect(forgot("someone\(index)@atrium-demo.example", from: "10.0.9.9") == 202)
    }
    for index in 0..<5 { #expect(forgot("other\(index)@atrium-demo.example", from: "10.0.9.9") == 202) }
    #expect(forgot("one.more@atrium-demo.example", from: "10.0.9.9") == 429)
    app.clock.advance(by: 3601)
    #expect(forgot("eva@atrium-demo.example", from: "10.0.9.9") == 202)
  }

  @Test func withoutMailTheResetIsNotOfferedAndTheSMTPServerDownChangesNothing() throws {
    let withoutMail = try TestApp()
    #expect(
      withoutMail.send(.auth(.forgotPassword), json: #"{"email": "eva@atrium-demo.example"}"#).status == 503)
    sink.stop()
    #expect(forgot("eva@atrium-demo.example") == 202, "the request never speaks SMTP")
    try send()
    #expect(try outbox().first?.status == "pending")
  }
}

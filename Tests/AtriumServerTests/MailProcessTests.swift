import AtriumAPI
import AtriumTestSupport
import Foundation
import Testing

/// Mail as an operator sets it up: `atrium serve` with `ATRIUM_SMTP_*` mails through a real
/// SMTP server; under `--demo` without one it writes `.eml` files; a setting that cannot work
/// stops it with a clear message.
@Suite(.serialized) struct MailProcessTests {
  /// Eva asks for a week off and Mario approves it, over HTTP.
  func askAndApprove(port: Int) throws {
    func call(_ method: String, _ path: String, token: String? = nil, body: String) throws -> RawHTTPClient.Response {
      let client = try RawHTTPClient(port: port)
      return try client.request(
        method, path,
        headers: ["Content-Type: application/json"] + (token.map { ["Authorization: Bearer \($0)"] } ?? []),
        body: Array(body.utf8))
    }
    func token(_ username: String) throws -> String {
      let login = try call(
        "POST", "/api/v1/auth/login", body: #"{"username":"\#(username)","password":"atrium-demo"}"#)
      return try JSONDecoder().decode(SessionTokens.self, from: Data(login.body)).accessToken
    }
    let created = try call(
      "POST", "/api/v1/me/leave", token: try token("eva"), body: #"{"start":"2027-04-05","end":"2027-04-09"}"#)
    #expect(created.status == 201)
    let id = try JSONDecoder().decode(SavedLeave.self, from: Data(created.body)).request.id
    #expect(try call("POST", "/api/v1/leave/\(id)/approve", token: try token("mario"), body: "{}").status == 200)
  }

  @Test func theDemoWritesItsMailIntoTheDataFolder() throws {
    let directory = TemporaryDirectory()
    let server = try ServerProcess(dataPath: directory.path + "/data")
    try askAndApprove(port: server.port)
    let folder = directory.path + "/data/outbox-mail"
    let files = { (try? FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".eml") }) ?? [] }
    #expect(waitUntil({ files().count == 2 }, deadline: 10))
    let texts = try files().map { try String(contentsOfFile: folder + "/" + $0, encoding: .utf8) }
    #expect(texts.contains { $0.contains("To: =?UTF-8?B?") && $0.contains("<eva@atrium-demo.example>") })
    #expect(texts.allSatisfy { $0.contains("From: \"Atrium\" <atrium@atrium-demo.example>") })
  }

  @Test func serveMailsThroughTheSMTPServerItIsGiven() throws {
    let sink = try SMTPSink()
    let directory = TemporaryDirectory()
    let server = try ServerProcess(
      dataPath: directory.path + "/data", arguments: ["--public-url", "https://atrium.example.com"],
      environment: [
        "ATRIUM_SMTP_URL": sink.url, "ATRIUM_SMTP_SECURITY": "none",
        "ATRIUM_MAIL_FROM": "Atrium Demo <atrium@example.com>",
      ])
    try askAndApprove(port: server.port)
    let mails = try sink.waitForMails(2)
    #expect(mails.count == 2)
    #expect(Set(mails.flatMap(\.recipients)) == ["eva@atrium-demo.example", "mario@atrium-demo.example"])
    #expect(mails.allSatisfy { $0.from == "Atrium Demo <atrium@example.com>" && $0.mailFrom == "atrium@example.com" })
    #expect(mails.contains { $0.text?.contains("https://atrium.example.com/time-off") == true })
    #expect(!FileManager.default.fileExists(atPath: directory.path + "/data/outbox-mail"))
  }

  /// At least once, and never twice without a crash: Atrium killed after the server took a
  /// mail and before it heard so sends it again when it starts (on SQLite its claims are
  /// released at start), with the same Message-ID, so mail clients show it once.
  @Test func aMailCutOffByACrashGoesAgainWithTheSameMessageID() throws {
    let sink = try SMTPSink()
    let directory = TemporaryDirectory()
    let settings = [
      "ATRIUM_SMTP_URL": sink.url, "ATRIUM_SMTP_SECURITY": "none", "ATRIUM_MAIL_FROM": "atrium@example.com",
    ]
    let first = try ServerProcess(
      dataPath: directory.path + "/data", arguments: ["--public-url", "https://atrium.example.com"],
      environment: settings)
    try sink.holdReplies(true)
    try askAndApprove(port: first.port)
    #expect(try sink.waitForMails(1).count >= 1, "the server took the first mail")
    first.crash()
    try sink.holdReplies(false)
    let cutOff = try #require(try sink.mails().first)

    let second = try ServerProcess(
      dataPath: directory.path + "/data", demo: false, arguments: ["--public-url", "https://atrium.example.com"],
      environment: settings)
    let copies = { (try? sink.mails().filter { $0.messageId == cutOff.messageId }.count) ?? 0 }
    #expect(waitUntil({ copies() == 2 }, deadline: 10), "sent again after the restart")
    #expect(waitUntil({ ((try? sink.mails().count) ?? 0) >= 3 }, deadline: 10), "and the other mail once")
    Thread.sleep(forTimeInterval: 3)  // a sender round or more: nothing goes a third time
    let mails = try sink.mails()
    #expect(copies() == 2)
    #expect(mails.count == 3, "\(mails.map(\.subject))")
    #expect(Set(mails.map(\.messageId)).count == 2)
    second.crash()
  }

  @Test(arguments: [
    (["ATRIUM_SMTP_URL": "smtp://127.0.0.1:25"], "ATRIUM_SMTP_URL needs ATRIUM_MAIL_FROM"),
    (["ATRIUM_SMTP_URL": "http://mail.example.com", "ATRIUM_MAIL_FROM": "a@example.com"], "must start with smtp://"),
    (
      ["ATRIUM_SMTP_URL": "smtp://127.0.0.1:25", "ATRIUM_MAIL_FROM": "a@example.com"],
      "ATRIUM_SMTP_URL needs --public-url"
    ),
    (
      [
        "ATRIUM_SMTP_URL": "smtp://127.0.0.1:25", "ATRIUM_MAIL_FROM": "a@example.com",
        "ATRIUM_PUBLIC_URL": "https://a.example.com", "ATRIUM_SMTP_SECURITY": "maybe",
      ], "ATRIUM_SMTP_SECURITY must be starttls, starttls-when-offered or none"
    ),
    (["ATRIUM_SMTP_URL": "smtp://127.0.0.1:25", "ATRIUM_MAIL_FROM": "not an address"], "is not a mail address"),
  ])
  func settingsThatCannotWorkStopTheServerWithAClearMessage(environment: [String: String], message: String) throws {
    let directory = TemporaryDirectory()
    let result = try ServerProcess.run(
      ["serve", "--data", directory.path + "/data", "--port", "0"], environment: environment)
    #expect(result.status == 2)
    #expect(result.output.contains(message), "\(result.output)")
  }
}

import AtriumAPI
import AtriumServices
import AtriumStore
import AtriumTestSupport
import Foundation
import Testing

/// Issue 17: the daily digest. Who chose it for requests waiting or company notices gets one
/// mail at 08:00 in their own time zone instead of a mail each time, once a day, with what
/// waits now and what was posted since the last; nothing to tell, no mail. The test clock
/// starts on Monday 2 March 2026 at 09:00 UTC (10:00 in Madrid, 04:00 in New York).
@Suite(.serialized) struct DigestTests {
  let sink: SMTPSink
  let app: TestApp
  let mail: MailSettings

  init() throws {
    (sink, mail, app) = try TestApp.mailing()
  }

  /// Queues the digests due now and sends them; returns how many were queued.
  func runDigests() throws -> Int {
    let queued = try DigestSender(environment: app.environment, mail: mail).queueDue()
    _ = try MailSender(environment: app.environment, mail: mail, holder: "a").sendDue()
    return queued
  }

  /// Moves the test clock to `hour`:`minute` UTC on `day` of March 2026.
  func setClock(day: Int, hour: Int, minute: Int = 0) {
    let target = 1_772_323_200 + TimeInterval((day - 1) * 86_400 + hour * 3_600 + minute * 60)
    app.clock.advance(by: target - app.clock.now.timeIntervalSince1970)
  }

  /// The digests received, once there are at least `count` (the notice's own mails to the
  /// people who take it at once are not digests).
  func digests(atLeast count: Int = 0) throws -> [SMTPSink.ReceivedMail] {
    func received() throws -> [SMTPSink.ReceivedMail] {
      try sink.mails().filter {
        $0.subject.hasPrefix("Your Atrium digest") || $0.subject.hasPrefix("Tu resumen de Atrium")
      }
    }
    _ = waitUntil({ ((try? received().count) ?? 0) >= count }, deadline: 10)
    return try received()
  }

  func mails(to username: String) throws -> [SMTPSink.ReceivedMail] {
    try digests().filter { $0.recipients == ["\(username)@atrium-demo.example"] }
  }

  @Test func eachPersonGetsOneDigestAt0800InTheirTimeZone() throws {
    try app.database.write { connection in
      try connection.execute(
        "INSERT INTO locations (id, name, time_zone, weekend_days) VALUES ('ny', 'New York', 'America/New_York', '6,7')"
      )
      try connection.execute("UPDATE employees SET location_id = 'ny' WHERE username = 'ana'")
    }
    let (ana, mario, eva) = (try app.login("ana"), try app.login("mario"), try app.login("eva"))
    let both = #"{"notifications": {"approvalsWaiting": {"digest": true}, "companyNotices": {"digest": true}}}"#
    #expect(app.send(.settings(.update), json: both, token: mario.accessToken).status == 200)
    let spanish = #"{"language": "es", "notifications": {"approvalsWaiting": {"digest": true}}}"#
    #expect(app.send(.settings(.update), json: spanish, token: ana.accessToken).status == 200)
    let notices = #"{"notifications": {"companyNotices": {"digest": true}}}"#
    #expect(app.send(.settings(.update), json: notices, token: eva.accessToken).status == 200)
    #expect(try runDigests() == 0, "chosen at 10:00: the first comes at the next 08:00")

    setClock(day: 2, hour: 9, minute: 5)
    let created = app.send(
      .leave(.create), json: #"{"start": "2026-04-06", "end": "2026-04-10"}"#, token: eva.accessToken)
    #expect(created.status == 201)
    let posted = app.send(
      .board(.post), json: #"{"title": "New coffee machine", "body": "In the kitchen.", "audience": "everyone"}"#,
      token: ana.accessToken)
    #expect(posted.status == 201)
    #expect(
      try app.database.read { try OutboxStore($0).rows() }.allSatisfy {
        $0.entry.address != "mario@atrium-demo.example"
      },
      "the request waiting for Mario waits for his digest")

    setClock(day: 2, hour: 12, minute: 59)
    #expect(try runDigests() == 0, "07:59 in New York")
    setClock(day: 2, hour: 13)
    #expect(try runDigests() == 1, "08:00 in New York: Ana's")
    let toAna = try #require(try digests(atLeast: 1).first)
    #expect(toAna.recipients == ["ana@atrium-demo.example"])
    #expect(toAna.subject == "Tu resumen de Atrium: 1 solicitud espera tu decisión")
    #expect(
      toAna.text?.contains("1 solicitud espera tu decisión:\n- Eva Fernández — Vacation, 6–10 de abril de 2026") == true
    )
    #expect(toAna.text?.contains("https://atrium.example.com/approvals") == true)
    #expect(toAna.html?.contains("<ul><li>Eva Fernández — Vacation, 6–10 de abril de 2026</li></ul>") == true)
    #expect(toAna.text?.contains("No recibir más correos de «Resumen diario»") == true)
    #expect(try runDigests() == 0, "once a day")

    setClock(day: 3, hour: 6, minute: 59)
    #expect(try runDigests() == 0, "07:59 in Madrid")
    setClock(day: 3, hour: 7)
    #expect(try runDigests() == 2, "08:00 in Madrid: Mario's and Eva's")
    let toMario = try #require(try digests(atLeast: 3).first { $0.recipients == ["mario@atrium-demo.example"] })
    #expect(toMario.subject == "Your Atrium digest: 1 request waits for your decision; 1 new company notice")
    #expect(toMario.text?.contains("1 new company notice:\n- New coffee machine") == true)
    #expect(toMario.headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click")
    #expect(try mails(to: "eva").map(\.subject) == ["Your Atrium digest: 1 new company notice"])

    // Wednesday: the request still waits for Mario; nothing new was posted, so Eva gets nothing.
    // Ana's Tuesday digest, missed while the clock jumped past it, goes now: one, not one per day.
    setClock(day: 4, hour: 7, minute: 30)
    #expect(try runDigests() == 2)
    _ = try digests(atLeast: 5)
    #expect(try mails(to: "mario").last?.subject == "Your Atrium digest: 1 request waits for your decision")
    #expect(try mails(to: "ana").count == 2)
    #expect(try mails(to: "eva").count == 1)

    // The digest's own unsubscribe link stops it, for every kind it gathered.
    let header = try #require(toMario.headers["List-Unsubscribe"])
    let path = try #require(header.firstMatch(of: /^<https:\/\/atrium\.example\.com(\/unsubscribe\/[^>]+)>$/)).1
    #expect(path.contains(".digest."))
    let stopped = app.send(
      "POST", String(path), body: Array("List-Unsubscribe=One-Click".utf8),
      headers: [("Content-Type", "application/x-www-form-urlencoded")])
    #expect(stopped.status == 200)
    let marioNow = try app.login("mario").accessToken
    let settings = try JSONText.decode(SettingsBody.self, from: app.send(.settings(.show), token: marioNow))
    #expect(settings.notifications["approvalsWaiting"]?.mail == false)
    #expect(settings.notifications["companyNotices"]?.mail == false)
    #expect(settings.notifications["leaveDecisions"]?.mail == true)
    setClock(day: 5, hour: 7)
    _ = try runDigests()
    #expect(try mails(to: "mario").count == 2, "no digest after its link stopped it")
  }
}

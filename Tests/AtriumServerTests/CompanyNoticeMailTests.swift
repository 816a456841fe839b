import AtriumAPI
import AtriumServices
import AtriumStore
import AtriumTestSupport
import Foundation
import Testing

/// Issue 17: company notices by mail. Posting writes one outbox row; the sender expands it into
/// a mail per reader who takes company notices by mail at once, in their language, and an
/// expansion run twice mails nobody twice.
@Suite(.serialized) struct CompanyNoticeMailTests {
  let sink: SMTPSink
  let app: TestApp
  let mail: MailSettings

  init() throws {
    (sink, mail, app) = try TestApp.mailing()
  }

  func outbox() throws -> [OutboxStore.Row] { try app.database.read { try OutboxStore($0).rows(limit: 1000) } }

  @Test func aNoticeToADepartmentMailsItsReadersOnce() throws {
    let ana = try app.login("ana").accessToken
    let eva = try app.login("eva")
    let mario = try app.login("mario")
    _ = app.send(.settings(.update), json: #"{"language": "es"}"#, token: eva.accessToken)
    _ = app.send(
      .settings(.update), json: #"{"notifications": {"companyNotices": {"mail": false}}}"#, token: mario.accessToken)
    let department = eva.user.department.id
    let readers = try app.database.read { try PeopleStore($0).audience("department", id: department) }
    #expect(readers.count > 3)

    let posted = app.send(
      .board(.post),
      json:
        #"{"title": "Team lunch on Friday", "body": "At the usual place.", "audience": "department", "audienceId": "\#(department)"}"#,
      token: ana)
    #expect(posted.status == 201)
    #expect(try outbox().map(\.entry.kind) == ["companyNotices.fanout"], "one row in the notice's transaction")

    let sender = MailSender(environment: app.environment, mail: mail, holder: "a")
    _ = try sender.sendDue()
    let expected = readers.filter { $0.username != "mario" && $0.username != "ana" }
    let mails = try sink.waitForMails(expected.count)
    #expect(Set(mails.flatMap(\.recipients)) == Set(expected.map(\.email)), "its readers but Mario (mail off)")
    let toEva = try #require(mails.first { $0.recipients == ["eva@atrium-demo.example"] })
    #expect(toEva.subject == "Team lunch on Friday")
    #expect(toEva.text?.hasPrefix("Hola, Eva:") == true && toEva.text?.contains("At the usual place.") == true)
    #expect(toEva.text?.contains("No recibir más correos de «Avisos de la empresa»") == true)

    // Expanded again (a sender cut off mid-way): nobody is queued twice.
    let again = try RegisteredNotificationKind.companyNotices.fanOut?(
      FanOutRequest(
        subject: try #require(posted.text.firstMatch(of: /"id":"([^"]+)"/)).1.description,
        environment: app.environment, channel: .mail(mail)))
    #expect(again == 0)
    _ = try sender.sendDue()
    #expect(try sink.mails().count == expected.count)
  }
}

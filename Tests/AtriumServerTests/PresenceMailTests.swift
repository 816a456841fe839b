import AtriumAPI
import AtriumDomain
import AtriumServices
import AtriumStore
import AtriumTestSupport
import Foundation
import Testing

/// Issue 19: "a mate checked in" by mail, for who turned it on and may see the mate; once per
/// check-in, in the reader's language.
@Suite(.serialized) struct PresenceMailTests {
  let sink: SMTPSink
  let app: TestApp
  let mail: MailSettings

  init() throws {
    (sink, mail, app) = try TestApp.mailing()
  }

  func kinds() throws -> [String] {
    try app.database.read { try OutboxStore($0).rows(limit: 1000) }.map(\.entry.kind)
  }

  @Test func aMailGoesToWhoTurnedItOnAndMaySee() throws {
    let eva = try app.login("eva")
    let mario = try app.login("mario")
    let lucia = try app.login("lucia")
    #expect(app.send(.presence(.updateSettings), json: #"{"sharing": "mates"}"#, token: eva.accessToken).status == 200)
    for (person, mate) in [(eva, mario), (mario, eva), (lucia, eva)] {
      let added = app.send(.presence(.addMate), json: #"{"personId": "\#(mate.user.id)"}"#, token: person.accessToken)
      #expect(added.status == 201)
    }
    let campuses = try JSONText.decode(
      Page<CampusBody>.self, from: app.send(.presence(.campuses), token: eva.accessToken))
    let castellana = try #require(campuses.items.flatMap(\.buildings).first { $0.name == "Madrid — Castellana" })
    func checkIn() {
      let made = app.send(
        .presence(.checkIn),
        json:
          #"{"buildingId": "\#(castellana.id)", "position": {"latitude": \#(castellana.latitude), "longitude": \#(castellana.longitude), "accuracyM": 10, "fixAgeS": 1}}"#,
        token: eva.accessToken)
      #expect(made.status == 201)
    }
    checkIn()
    #expect(try !kinds().contains("presence.mateCheckedIn"), "off until chosen")

    for person in [mario, lucia] {
      let on = app.send(
        .settings(.update), json: #"{"language": "es", "notifications": {"mateCheckIns": {"mail": true}}}"#,
        token: person.accessToken)
      #expect(on.status == 200)
    }
    checkIn()
    #expect(try kinds().filter { $0 == "presence.mateCheckedIn" }.count == 1, "mario only: lucia may not see eva")
    _ = try MailSender(environment: app.environment, mail: mail, holder: "test").sendDue()
    let mails = try sink.mails()
    #expect(mails.count == 1)
    let sent = try #require(mails.first)
    #expect(sent.recipients == [mario.user.email])
    #expect(sent.subject == "Eva Fernández está en Madrid — Castellana", "in mario's language")
    #expect(sent.text?.contains("/where") == true)
  }
}

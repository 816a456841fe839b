import AtriumAPI
import AtriumSQL
import AtriumStore
import AtriumTestSupport
import Foundation
import Testing

/// Issue 17: deleting one's account. The person's data goes from every table; what the company
/// must keep (time off, decisions, audit) stays under "Former employee #…" with their name,
/// e-mail and phone replaced by "[erased]" wherever the records repeated them.
@Suite(.checksBalanceRows) struct AccountDeletionTests {
  let app: TestApp

  init() throws {
    app = try TestApp()
  }

  /// Every text (and UTF-8 bytes) value of every table that holds any of `needles`, as
  /// `table.column: value`.
  func traces(of needles: [String]) throws -> [String] {
    try app.database.read { connection in
      let tables =
        connection.dialect == .postgres
        ? try connection.query(
          """
          SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
          """)
        : try connection.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      var found: [String] = []
      for table in tables.map({ $0.string("name") }) {
        for row in try connection.query("SELECT * FROM \(table)") {
          for (column, value) in zip(row.columns.names, row.values) {
            let text: String? =
              switch value {
              case .text(let text): text
              case .blob(let bytes): String(decoding: bytes, as: UTF8.self)
              default: nil
              }
            guard let text, needles.contains(where: { text.localizedCaseInsensitiveContains($0) }) else { continue }
            found.append("\(table).\(column): \(text.prefix(200))")
          }
        }
      }
      return found
    }
  }

  @Test func evaDeletesHerAccount_herTimeOffStaysUnderFormerEmployee_andNothingOfHersIsLeft() throws {
    let eva = try app.login("eva")
    let mario = try app.login("mario")
    let ana = try app.login("ana")
    let id = eva.user.id
    // Her traces across the sections: a profile saved with a replayable answer, a photo, a
    // device, a post, settings, a request approved (notices and live events to her manager), and
    // an admin's change to her (audit before and after).
    let profile = app.send(
      .me(.update), json: #"{"phone": "+34 611 222 333", "bio": "iOS and coffee"}"#, token: eva.accessToken,
      headers: [("Idempotency-Key", "eva-profile")])
    #expect(profile.status == 200)
    let photo = app.send(
      "PUT", "/api/v1/me/photo", body: Picture.halves(width: 8, height: 8, format: .png), token: eva.accessToken,
      headers: [("Content-Type", "image/png")])
    #expect(photo.status == 200)
    _ = app.send(
      .settings(.registerDevice),
      json: #"{"platform": "apns", "token": "aaaa456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"}"#,
      token: eva.accessToken)
    _ = app.send(.settings(.update), json: #"{"language": "es"}"#, token: eva.accessToken)
    #expect(app.send(.timeline(.createPost), json: #"{"text": "Hola a todos"}"#, token: eva.accessToken).status == 201)
    let created = app.send(
      .leave(.create),
      json: #"{"start": "2026-04-06", "end": "2026-04-10", "note": "Trip with Eva Fernández's family"}"#,
      token: eva.accessToken)
    let request = try JSONText.decode(SavedLeave.self, from: created).request.id
    #expect(
      app.send(.approvals(.approve(id: request)), json: #"{"reason": "Enjoy"}"#, token: mario.accessToken).status == 200
    )
    #expect(
      app.send(.people(.update(id: id)), json: #"{"position": "Senior iOS Developer"}"#, token: ana.accessToken).status
        == 200)
    let before = try JSONText.decode(
      LeaveYear.self, from: app.send(.leave(.ofPerson(id: id, year: 2026)), token: ana.accessToken))
    let needles = ["Eva Fernández", "eva@atrium-demo.example", "+34 611 222 333"]
    #expect(try !traces(of: needles).isEmpty, "the test looks where her data is")

    // Not confirmed: nothing changes.
    let wrongEmail = app.send(
      .me(.deleteAccount), json: #"{"email": "mario@atrium-demo.example", "password": "atrium-demo"}"#,
      token: eva.accessToken)
    #expect(wrongEmail.status == 400 && wrongEmail.problem?.errors?.first?.field == "email")
    let wrongPassword = app.send(
      .me(.deleteAccount), json: #"{"email": "EVA@atrium-demo.example", "password": "not-it"}"#, token: eva.accessToken)
    #expect(wrongPassword.status == 400 && wrongPassword.problem?.errors?.first?.field == "password")
    #expect(app.send(.me(.show), token: eva.accessToken).status == 200, "still there")

    let deleted = app.send(
      .me(.deleteAccount), json: #"{"email": "eva@atrium-demo.example", "password": "atrium-demo"}"#,
      token: eva.accessToken)
    #expect(deleted.status == 204)
    #expect(app.send(.me(.show), token: eva.accessToken).status == 401, "her sessions ended at once")
    #expect(throws: (any Error).self) { try app.login("eva") }

    // What the company keeps: her year, under the former name, with the same days.
    let after = try JSONText.decode(
      LeaveYear.self, from: app.send(.leave(.ofPerson(id: id, year: 2026)), token: ana.accessToken))
    let former = "Former employee #" + String(id.replacingOccurrences(of: "-", with: "").prefix(8))
    #expect(after.employee?.displayName == former)
    #expect(after.requests.map(\.id) == before.requests.map(\.id))
    #expect(after.approved == before.approved && after.remaining == before.remaining)
    #expect(after.requests.first?.note == "Trip with [erased]'s family")

    // What is hers is gone, from every table.
    #expect(try traces(of: needles) == [])
    let personal = try traces(of: [
      "iOS and coffee", "Hola a todos", "aaaa456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
    ]); #expect(personal == [])
    #expect(
      app.send(.people(.directory(PeopleQuery(text: "Fernández"))), token: ana.accessToken).text.contains(id) == false)

    // Her manager and the admins are told, without her name; the audit says who did it.
    let marioNow = try app.login("mario")
    let board = try JSONText.decode(
      Page<BoardItem>.self,
      from: app.send(.board(.notices(unreadOnly: false, page: .first)), token: marioNow.accessToken))
    #expect(
      board.items.contains {
        $0.title == "Someone deleted their account: they are now \(former); their time off stays in the records."
      })
    let audit = try JSONText.decode(
      Page<AuditEntry>.self, from: app.send(.company(.audit(.first)), token: ana.accessToken))
    let entry = try #require(audit.items.first { $0.action == "account.delete" })
    #expect(entry.actor.displayName == former && entry.targetId == id)
    #expect(app.send(.people(.erase(id: id)), token: ana.accessToken).status == 409, "already erased")
  }

  @Test func directoryAccountsAndTheLastAdministratorCannotGo() throws {
    let eva = try app.login("eva")
    try app.database.write {
      _ = try $0.execute(
        "UPDATE employees SET directory_dn = 'uid=eva,ou=people,dc=example,dc=com' WHERE username = 'eva'")
    }
    let directory = app.send(
      .me(.deleteAccount), json: #"{"email": "eva@atrium-demo.example", "password": "atrium-demo"}"#,
      token: eva.accessToken, headers: [("Accept-Language", "es")])
    #expect(directory.status == 403)
    #expect(directory.problem?.detail?.hasPrefix("Tu cuenta es la del directorio de la empresa") == true)

    let ana = try app.login("ana")
    let last = app.send(
      .me(.deleteAccount), json: #"{"email": "ana@atrium-demo.example", "password": "atrium-demo"}"#,
      token: ana.accessToken)
    #expect(last.status == 409)
    #expect(app.send(.me(.show), token: ana.accessToken).status == 200)
  }

  @Test func anAdminErasesSomeone_audited_andTheirTeamMovesUpToTheirManager() throws {
    let ana = try app.login("ana")
    let mario = try app.login("mario")
    let marioID = mario.user.id
    let evaID = try app.login("eva").user.id
    #expect(app.send(.people(.erase(id: marioID)), token: ana.accessToken).status == 204)
    #expect(app.send(.me(.show), token: mario.accessToken).status == 401)
    let eva = try JSONText.decode(
      PersonProfile.self, from: app.send(.people(.profile(id: evaID)), token: ana.accessToken))
    #expect(eva.manager?.id != marioID, "Eva now answers to Mario's manager")
    let audit = try JSONText.decode(
      Page<AuditEntry>.self, from: app.send(.company(.audit(.first)), token: ana.accessToken))
    let entry = try #require(audit.items.first { $0.action == "person.erase" })
    #expect(entry.actor.displayName == "Ana García" && entry.targetId == marioID)
    #expect(try traces(of: ["Mario López", "mario@atrium-demo.example"]) == [])
  }
}

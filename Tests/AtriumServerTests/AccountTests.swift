import AtriumAPI
import AtriumDomain
import AtriumHTTP
import AtriumHTTPTypes
import AtriumServer
import AtriumServices
import AtriumTestSupport
import AtriumWeb
import Foundation
import Testing

@Suite(.checksBalanceRows) struct AccountTests {
  let app: TestApp
  let ana: SessionTokens
  let eva: SessionTokens

  init() throws {
    app = try TestApp()
    ana = try app.login("ana")
    eva = try app.login("eva")
  }

  func newPerson(_ username: String = "nuria.gomez") -> String {
    #"""
    {"username": "\#(username)", "email": "\#(username)@atrium-demo.example", "firstName": "Nuria",
     "lastName": "Gómez", "departmentId": "\#(eva.user.department.id)", "locationId": "\#(eva.user.location.id)",
     "managerId": "\#(eva.user.managerId ?? "")", "position": "QA Engineer", "phone": "+34 600 111 222"}
    """#
  }

  @Test func anAdminAddsSomeoneWhoMustChangeTheTemporaryPasswordFirst() throws {
    let created = app.send(.people(.create), json: newPerson(), token: ana.accessToken)
    #expect(created.status == 201)
    let body = try JSONText.decode(CreatedPerson.self, from: created)
    #expect(body.person.displayName == "Nuria Gómez")
    #expect(body.person.manager?.displayName == "Mario López")
    #expect(body.temporaryPassword.count >= 12)

    let first = try app.login("nuria.gomez", password: body.temporaryPassword)
    #expect(first.mustChangePassword)
    #expect(app.send(.me(.show), token: first.accessToken).status == 200)
    let blocked = app.send(.leave(.mine(year: nil)), token: first.accessToken)
    #expect(blocked.status == 403)
    #expect(blocked.problem?.type == "/problems/password-change-required")

    let wrong = app.send(
      .me(.changePassword), json: #"{"current": "guess", "new": "a-new-secret"}"#, token: first.accessToken)
    #expect(wrong.status == 422)
    let short = app.send(
      .me(.changePassword), json: #"{"current": "\#(body.temporaryPassword)", "new": "abc"}"#, token: first.accessToken)
    #expect(short.status == 400)
    let changed = app.send(
      .me(.changePassword), json: #"{"current": "\#(body.temporaryPassword)", "new": "a-new-secret"}"#,
      token: first.accessToken)
    #expect(changed.status == 200)
    let fresh = try JSONText.decode(SessionTokens.self, from: changed)
    #expect(!fresh.mustChangePassword)
    #expect(app.send(.leave(.mine(year: nil)), token: fresh.accessToken).status == 200)
    #expect(app.send(.me(.show), token: first.accessToken).status == 401, "the temporary session ended")
    #expect(throws: UnexpectedResponse.self) { try app.login("nuria.gomez", password: body.temporaryPassword) }
    #expect(try !app.login("nuria.gomez", password: "a-new-secret").mustChangePassword)
  }

  @Test func onlyAdminsAddPeopleAndTheInputIsChecked() throws {
    #expect(app.send(.people(.create), json: newPerson(), token: eva.accessToken).status == 403)
    #expect(app.send(.people(.create), json: newPerson("eva"), token: ana.accessToken).status == 409)
    let bad = app.send(
      .people(.create),
      json:
        #"{"username": "a b", "email": "x", "firstName": "", "lastName": "L", "departmentId": "nope", "locationId": "nope"}"#,
      token: ana.accessToken)
    #expect(bad.status == 400)
    #expect(Set(bad.problem?.errors?.map(\.field) ?? []) == ["username", "email", "firstName"])
    let unknownPlaces = app.send(
      .people(.create),
      json:
        #"{"username": "ok", "email": "ok@example.com", "firstName": "O", "lastName": "K", "departmentId": "nope", "locationId": "nope"}"#,
      token: ana.accessToken)
    #expect(Set(unknownPlaces.problem?.errors?.map(\.field) ?? []) == ["departmentId", "locationId"])
  }

  @Test func aResetEndsTheSessionsAndIssuesATemporaryPassword() throws {
    #expect(app.send(.people(.resetPassword(id: eva.user.id)), token: eva.accessToken).status == 403)
    let reset = app.send(.people(.resetPassword(id: eva.user.id)), token: ana.accessToken)
    #expect(reset.status == 200)
    let temporary = try JSONText.decode(TemporaryPassword.self, from: reset).temporaryPassword
    #expect(app.send(.me(.show), token: eva.accessToken).status == 401)
    #expect(throws: UnexpectedResponse.self) { try app.login("eva") }
    #expect(try app.login("eva", password: temporary).mustChangePassword)
    #expect(app.send(.people(.resetPassword(id: "nobody")), token: ana.accessToken).status == 404)
  }

  @Test func changingOnesPasswordEndsTheOtherSessions() throws {
    let laptop = try app.login("eva")
    let changed = app.send(
      .me(.changePassword), json: #"{"current": "atrium-demo", "new": "atrium-demo-2"}"#, token: eva.accessToken)
    #expect(changed.status == 200)
    #expect(
      app.send(.auth(.refresh), json: JSONText.encode(RefreshRequest(refreshToken: laptop.refreshToken))).status == 401)
    let fresh = try JSONText.decode(SessionTokens.self, from: changed)
    #expect(app.send(.me(.show), token: fresh.accessToken).status == 200)
    let same = app.send(
      .me(.changePassword), json: #"{"current": "atrium-demo-2", "new": "atrium-demo-2"}"#, token: fresh.accessToken)
    #expect(same.status == 400)
  }

  @Test func responsesWithPasswordsAreNeverStoredForReplays() throws {
    let key = [("Idempotency-Key", "add-nuria")]
    #expect(app.send(.people(.create), json: newPerson(), token: ana.accessToken, headers: key).status == 201)
    let again = app.send(.people(.create), json: newPerson(), token: ana.accessToken, headers: key)
    #expect(again.status == 409, "runs again instead of handing out the stored password")
    let stored = try app.database.read { try $0.queryFirst("SELECT COUNT(*) AS n FROM idempotency_keys")?.int("n") }
    #expect(stored == 0)
  }
}

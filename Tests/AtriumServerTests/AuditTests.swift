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

@Suite(.checksBalanceRows) struct AuditTests {
  @Test func adminChangesAreLoggedWithBeforeAndAfter() throws {
    let app = try TestApp()
    let ana = try app.login("ana")
    let eva = try app.login("eva")
    #expect(
      app.send(.people(.update(id: eva.user.id)), json: #"{"position": "Lead iOS Developer"}"#, token: ana.accessToken)
        .status == 200)
    #expect(
      app.send(.leaveSettings(.updatePolicy), json: #"{"carryOverDays": 3}"#, token: ana.accessToken).status == 200)
    #expect(app.send(.people(.resetPassword(id: eva.user.id)), token: ana.accessToken).status == 200)
    // A refused change leaves no trace.
    #expect(
      app.send(.leaveSettings(.updatePolicy), json: #"{"carryOverUntil": "13-01"}"#, token: ana.accessToken).status
        == 400)

    let log = try JSONText.decode(
      Page<AuditEntry>.self, from: app.send(.company(.audit(.first)), token: ana.accessToken))
    #expect(log.items.map(\.action) == ["person.password-reset", "policy.update", "person.update"])
    let update = try #require(log.items.last)
    #expect(update.actor.displayName == "Ana García")
    #expect(update.targetId == eva.user.id)
    #expect(update.before?.contains("\"position\":\"iOS Developer\"") == true)
    #expect(update.after?.contains("\"position\":\"Lead iOS Developer\"") == true)
    let reset = try #require(log.items.first)
    #expect(reset.before == nil && reset.after == nil, "no password is ever logged")

    let page = try JSONText.decode(
      Page<AuditEntry>.self, from: app.send(.company(.audit(PageRequest(limit: 2))), token: ana.accessToken))
    let rest = try JSONText.decode(
      Page<AuditEntry>.self,
      from: app.send(.company(.audit(PageRequest(limit: 2, cursor: page.nextCursor))), token: ana.accessToken))
    #expect((page.items + rest.items).map(\.id) == log.items.map(\.id))
    #expect(app.send(.company(.audit(.first)), token: try app.login("mario").accessToken).status == 403)
  }
}

import AtriumAPI
import AtriumDomain
import AtriumHTTPTypes
import AtriumTestSupport
import Foundation
import Testing

/// Issue 15 (flows 1): several decisions at once, each checked on its own, and a company rule
/// that turning a request down must say why.
@Suite(.checksBalanceRows) struct BulkDecisionTests {
  let app: TestApp
  let eva: SessionTokens
  let mario: SessionTokens
  let ana: SessionTokens

  init() throws {
    app = try TestApp()
    eva = try app.login("eva")
    mario = try app.login("mario")
    ana = try app.login("ana")
  }

  func ask(_ start: String, _ end: String) throws -> String {
    let response = app.send(.leave(.create), json: #"{"start": "\#(start)", "end": "\#(end)"}"#, token: eva.accessToken)
    #expect(response.status == 201, "\(response.text)")
    return try JSONText.decode(SavedLeave.self, from: response).request.id
  }

  func decide(
    _ decisions: [DecisionBatch.Decision], as tokens: SessionTokens, headers: [(String, String)] = []
  ) -> HTTPResponse {
    app.send(
      .approvals(.decideAll), json: JSONText.encode(DecisionBatch(decisions: decisions)), token: tokens.accessToken,
      headers: headers)
  }

  func status(of id: String) throws -> LeaveStatus {
    try JSONText.decode(LeaveDetail.self, from: app.send(.leave(.detail(id: id)), token: eva.accessToken)).request
      .status
  }

  @Test func eachDecisionIsTakenOnItsOwnAndAnsweredInOrder() throws {
    let first = try ask("2026-04-06", "2026-04-07")
    let second = try ask("2026-04-13", "2026-04-14")
    let decided = try ask("2026-04-20", "2026-04-20")
    #expect(app.send(.approvals(.approve(id: decided)), token: mario.accessToken).status == 200)

    let response = decide(
      [
        .init(requestId: first, action: .approve), .init(requestId: second, action: .reject, reason: "Release week"),
        .init(requestId: "no-such-request", action: .approve), .init(requestId: decided, action: .approve),
      ], as: mario)
    #expect(response.status == 200, "\(response.text)")
    let results = try JSONText.decode(DecisionResults.self, from: response).results
    #expect(results.map(\.requestId) == [first, second, "no-such-request", decided])
    #expect(results.map(\.status) == [200, 200, 404, 409])
    #expect(results[0].request?.status == .approved && results[1].request?.status == .rejected)
    #expect(results[3].problem?.detail?.isEmpty == false && results[0].problem == nil)
    #expect(try status(of: first) == .approved && status(of: second) == .rejected, "the refusals held back nothing")

    // The employee reads the decision and its reason, in the request and on the board.
    let history = try JSONText.decode(
      LeaveDetail.self, from: app.send(.leave(.detail(id: second)), token: eva.accessToken)
    )
    .history
    #expect(history.last?.reason == "Release week" && history.last?.to == .rejected)
    let board = try JSONText.decode(
      Page<BoardItem>.self, from: app.send(.board(.notices(unreadOnly: false, page: .first)), token: eva.accessToken))
    #expect(board.items.contains { $0.requestId == second && $0.body.contains("Release week") })
  }

  /// A result has the status the single route would give that caller.
  @Test func nobodyDecidesTheirOwnOrAStrangersRequest() throws {
    let id = try ask("2026-05-04", "2026-05-05")
    let own = try JSONText.decode(DecisionResults.self, from: decide([.init(requestId: id, action: .approve)], as: eva))
    #expect(own.results.first?.status == 403)
    let lucia = try app.login("lucia")
    let stranger = try JSONText.decode(
      DecisionResults.self, from: decide([.init(requestId: id, action: .reject)], as: lucia))
    #expect(stranger.results.first?.status == 404)
    #expect(try status(of: id) == .pending)
  }

  @Test func aBatchHoldsOneToAHundredDecisions() throws {
    #expect(decide([], as: mario).problem?.errors?.first?.field == "decisions")
    let many = (0...DecisionBatch.maximumCount).map { DecisionBatch.Decision(requestId: "r\($0)", action: .approve) }
    #expect(decide(many, as: mario).status == 400)
    let reopen = app.send(
      .approvals(.decideAll), json: #"{"decisions": [{"requestId": "x", "action": "reopen"}]}"#,
      token: mario.accessToken)
    #expect(reopen.status == 400, "reopening stays one request at a time")
    // A reason longer than the contract allows refuses the whole batch (found by schemathesis).
    let long = decide([.init(requestId: "x", action: .reject, reason: String(repeating: "0", count: 2001))], as: mario)
    #expect(long.status == 400 && long.problem?.errors?.first?.field == "decisions[0].reason")
  }

  @Test func aRetriedBatchIsAnsweredFromItsFirstRun() throws {
    let id = try ask("2026-06-01", "2026-06-02")
    // A retry sends the very same bytes.
    let body = #"{"decisions": [{"requestId": "\#(id)", "action": "approve"}]}"#
    let key = [("Idempotency-Key", "batch-1")]
    let first = app.send(.approvals(.decideAll), json: body, token: mario.accessToken, headers: key)
    let again = app.send(.approvals(.decideAll), json: body, token: mario.accessToken, headers: key)
    #expect(first.status == 200 && again.status == 200, "\(again.text)")
    #expect(try JSONText.decode(DecisionResults.self, from: again).results.first?.status == 200, "not a 409")
  }

  @Test func aCompanyCanAskAReasonForTurningARequestDown() throws {
    #expect(
      try JSONText.decode(ApprovalRulesBody.self, from: app.send(.approvals(.rules), token: mario.accessToken))
        == ApprovalRulesBody(reasonRequired: false))
    #expect(
      app.send(.approvals(.updateRules), json: #"{"reasonRequired": true}"#, token: mario.accessToken).status == 403)
    let saved = app.send(.approvals(.updateRules), json: #"{"reasonRequired": true}"#, token: ana.accessToken)
    #expect(try JSONText.decode(ApprovalRulesBody.self, from: saved).reasonRequired)

    let id = try ask("2026-07-06", "2026-07-07")
    let bare = app.send(.approvals(.reject(id: id)), json: #"{"reason": "  "}"#, token: mario.accessToken)
    #expect(bare.status == 400)
    #expect(bare.problem?.errors?.first?.field == "reason")
    #expect(try status(of: id) == .pending, "a refused decision changes nothing")
    let spanish = app.send(
      .approvals(.reject(id: id)), token: mario.accessToken, headers: [("Accept-Language", "es")])
    #expect(spanish.problem?.errors?.first?.message.hasPrefix("es obligatorio: la empresa pide un motivo") == true)

    let batch = try JSONText.decode(
      DecisionResults.self,
      from: decide([.init(requestId: id, action: .reject), .init(requestId: id, action: .approve)], as: mario))
    #expect(batch.results.map(\.status) == [400, 200], "approving needs no reason")
    #expect(app.send(.approvals(.reopen(id: id)), token: mario.accessToken).status == 400)
    #expect(
      app.send(.approvals(.reopen(id: id)), json: #"{"reason": "Dates changed"}"#, token: mario.accessToken).status
        == 200)
  }
}

import AtriumAPI
import AtriumDomain
import AtriumHTTP
import AtriumHTTPTypes
import AtriumServer
import AtriumServices
import AtriumStore
import AtriumTestSupport
import AtriumWeb
import Foundation
import Testing

/// Races on a real database, from several threads at once.
@Suite(.checksBalanceRows) struct LeaveConcurrencyTests {
  /// Runs `bodies` at the same moment on separate threads and returns their results in order.
  func race(_ bodies: [@Sendable () -> HTTPResponse]) -> [HTTPResponse] {
    let results = Shared<[Int: HTTPResponse]>([:])
    let start = DispatchSemaphore(value: 0)
    let group = DispatchGroup()
    for (index, body) in bodies.enumerated() {
      group.enter()
      Thread.detachNewThread {
        start.wait()
        let response = body()
        results.update { $0[index] = response }
        group.leave()
      }
    }
    for _ in bodies { start.signal() }
    group.wait()
    return bodies.indices.map { results.value[$0]! }
  }

  @Test(arguments: 1...5)
  func twoOverlappingRequestsAtOnceSaveExactlyOne(_ round: Int) throws {
    let app = try TestApp()
    let eva = try app.login("eva").accessToken
    let responses = race([
      { app.send(.leave(.create), json: #"{"start": "2026-04-06", "end": "2026-04-10"}"#, token: eva) },
      { app.send(.leave(.create), json: #"{"start": "2026-04-08", "end": "2026-04-14"}"#, token: eva) },
    ])
    #expect(responses.map(\.status).sorted() == [201, 409])
    let year = try JSONText.decode(LeaveYear.self, from: app.send(.leave(.mine(year: 2026)), token: eva))
    #expect(year.requests.count == 1)
  }

  @Test(arguments: 1...5)
  func approveAndCancelRacingOneWins(_ round: Int) throws {
    let app = try TestApp()
    let eva = try app.login("eva").accessToken
    let mario = try app.login("mario").accessToken
    // Today (2026-03-02) has started, so an approved request can no longer be cancelled.
    let request = try JSONText.decode(
      SavedLeave.self,
      from: app.send(.leave(.create), json: #"{"start": "2026-03-02", "end": "2026-03-03"}"#, token: eva))
    let id = request.request.id
    let responses = race([
      { app.send(.approvals(.approve(id: id)), token: mario) },
      { app.send(.leave(.cancel(id: id)), token: eva) },
    ])
    #expect(responses.map(\.status).sorted() == [200, 409])
    let detail = try JSONText.decode(LeaveDetail.self, from: app.send(.leave(.detail(id: id)), token: eva))
    #expect(detail.history.count == 2, "one decision recorded, not two")
  }

  @Test func aReplayedRequestReturnsTheFirstAnswerAndSavesOnce() throws {
    let app = try TestApp()
    let eva = try app.login("eva").accessToken
    let key = [("Idempotency-Key", "leave-april")]
    let body = #"{"start": "2026-04-06", "end": "2026-04-10"}"#
    let first = app.send(.leave(.create), json: body, token: eva, headers: key)
    #expect(first.status == 201)
    let replay = app.send(.leave(.create), json: body, token: eva, headers: key)
    #expect(replay.status == 201, "never a false 409 from overlapping itself")
    #expect(replay.body == first.body)
    #expect(replay.headers["Location"] == first.headers["Location"])
    let year = try JSONText.decode(LeaveYear.self, from: app.send(.leave(.mine(year: 2026)), token: eva))
    #expect(year.requests.count == 1)
  }

  @Test func concurrentReplaysGetTheSameAnswer() throws {
    let app = try TestApp()
    let eva = try app.login("eva").accessToken
    let key = [("Idempotency-Key", "leave-may")]
    let body = #"{"start": "2026-05-04", "end": "2026-05-08"}"#
    let responses = race(
      Array(repeating: { app.send(.leave(.create), json: body, token: eva, headers: key) }, count: 4))
    #expect(responses.allSatisfy { $0.status == 201 })
    #expect(Set(responses.map(\.body)).count == 1)
    let year = try JSONText.decode(LeaveYear.self, from: app.send(.leave(.mine(year: 2026)), token: eva))
    #expect(year.requests.count == 1)
  }

  @Test func aReplayedDecisionIsNotAConflict() throws {
    let app = try TestApp()
    let eva = try app.login("eva").accessToken
    let mario = try app.login("mario").accessToken
    let id = try JSONText.decode(
      SavedLeave.self,
      from: app.send(.leave(.create), json: #"{"start": "2026-04-06", "end": "2026-04-06"}"#, token: eva)
    ).request.id
    let key = [("Idempotency-Key", "approve-1")]
    #expect(app.send(.approvals(.approve(id: id)), token: mario, headers: key).status == 200)
    #expect(app.send(.approvals(.approve(id: id)), token: mario, headers: key).status == 200)
    #expect(
      app.send(.approvals(.approve(id: id)), token: mario).status == 409, "without the key it is a second approval")
  }
}

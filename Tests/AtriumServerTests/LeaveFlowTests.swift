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

/// The issue's "done when": eva asks, her days drop at once, mario approves, the days move,
/// and the history and notices show each step.
@Suite(.checksBalanceRows) struct LeaveFlowTests {
  let app: TestApp

  init() throws {
    app = try TestApp()
  }

  func year(_ token: String, _ year: Int? = nil) throws -> LeaveYear {
    try JSONText.decode(LeaveYear.self, from: app.send(.leave(.mine(year: year)), token: token))
  }

  @Test func evaAsksAndMarioApproves() throws {
    let eva = try app.login("eva")
    let mario = try app.login("mario")
    let before = try year(eva.accessToken)
    #expect(before.year == 2026)
    #expect(before.remaining == before.allowance + before.carriedOver - before.expired)

    // Monday 6 April to Friday 10 April 2026 with a half last day: 4.5 working days.
    let created = app.send(
      .leave(.create),
      json: #"{"start": "2026-04-06", "end": "2026-04-10", "endHalf": "morning", "note": "Family", "days": 1}"#,
      token: eva.accessToken)
    #expect(created.status == 201)
    let saved = try JSONText.decode(SavedLeave.self, from: created)
    #expect(saved.request.days == HalfDays(halves: 9), "the server counts; the client's days are ignored")
    #expect(saved.request.perYear == ["2026": HalfDays(halves: 9)])
    #expect(saved.request.status == .pending)
    #expect(saved.request.type.name == "Vacation")
    #expect(created.headers["Location"] == "/api/v1/leave/\(saved.request.id)")

    let asked = try year(eva.accessToken)
    #expect(asked.pending == HalfDays(halves: 9))
    #expect(asked.remaining == before.remaining - HalfDays(halves: 9))
    #expect(asked.requests.map(\.id) == [saved.request.id])

    let inbox = try JSONText.decode(
      Page<ApprovalItem>.self,
      from: app.send(.approvals(.list(status: .pending, page: .first)), token: mario.accessToken))
    #expect(inbox.items.map(\.request.id) == [saved.request.id])
    #expect(inbox.items.first?.employee.displayName == "Eva Fernández")

    app.clock.advance(by: 60)
    let approved = app.send(
      .approvals(.approve(id: saved.request.id)), json: #"{"reason": "Enjoy"}"#, token: mario.accessToken)
    #expect(approved.status == 200)
    #expect(try JSONText.decode(LeaveRequestBody.self, from: approved).status == .approved)

    let after = try year(eva.accessToken)
    #expect(after.pending == .zero)
    #expect(after.approved == HalfDays(halves: 9))
    #expect(after.remaining == asked.remaining)

    let detail = try JSONText.decode(
      LeaveDetail.self, from: app.send(.leave(.detail(id: saved.request.id)), token: mario.accessToken))
    #expect(detail.history.map(\.action) == ["create", "approve"])
    #expect(detail.history.map(\.to) == [.pending, .approved])
    #expect(detail.history.last?.actor.displayName == "Mario López")
    #expect(detail.history.last?.reason == "Enjoy")
    #expect(detail.remaining == after.remaining)

    let evaNotices = try app.database.read { try NoticeStore($0).notices(recipientID: eva.user.id) }
    #expect(evaNotices.map(\.kind) == ["leave.approve"], "Eva hears of Mario's decision, not of her own request")
    let marioNotices = try app.database.read { try NoticeStore($0).notices(recipientID: mario.user.id) }
    #expect(marioNotices.map(\.kind) == ["approval.waiting"])
  }
}

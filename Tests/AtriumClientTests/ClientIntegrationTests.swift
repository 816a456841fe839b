import AtriumAPI
import AtriumClient
import AtriumDomain
import AtriumHTTP
import AtriumHTTPTypes
import AtriumLog
import AtriumTestSupport
import Foundation
import Synchronization
import Testing

/// The SDK against the real server with the demo company, over a loopback socket.
@Suite(.serialized) struct ClientIntegrationTests {
  @Test func anEmployeeAsksAndHerManagerApprovesThroughTheSDK() async throws {
    let app = try TestApp()
    let server = try app.startedServer()
    defer { server.stop() }
    let address = URL(string: "http://127.0.0.1:\(server.port)")!

    let evaToken = Mutex<String?>(nil)
    let eva = APIClient(server: address, token: { evaToken.withLock { $0 } })
    let session = try await eva.login(username: "eva", password: "atrium-demo")
    evaToken.withLock { $0 = session.accessToken }
    #expect(try await eva.me().username == "eva")
    let before = try await eva.myLeave()
    let query = LeaveQuery(
      start: CalendarDate(year: 2026, month: 4, day: 6)!, end: CalendarDate(year: 2026, month: 4, day: 8)!)
    #expect(try await eva.preview(query).days == HalfDays(days: 3))
    let saved = try await eva.requestLeave(
      NewLeaveRequest(start: query.start, end: query.end), idempotencyKey: UUID().uuidString)
    #expect(saved.request.status == .pending)
    #expect(try await eva.myLeave().remaining == before.remaining - HalfDays(days: 3))

    let marioToken = Mutex<String?>(nil)
    let mario = APIClient(server: address, token: { marioToken.withLock { $0 } })
    let marioSession = try await mario.login(username: "mario", password: "atrium-demo")
    marioToken.withLock { $0 = marioSession.accessToken }
    let waiting = try await mario.approvals()
    #expect(waiting.items.contains { $0.request.id == saved.request.id })
    let approved = try await mario.decide(.approve, on: saved.request.id, idempotencyKey: UUID().uuidString)
    #expect(approved.status == .approved)
    // A second decision by someone who already decided is refused with the server's reason.
    do {
      _ = try await mario.decide(.approve, on: saved.request.id, idempotencyKey: UUID().uuidString)
      Issue.record("approving twice succeeded")
    } catch {
      guard case .conflict = error else { Issue.record("expected a conflict, got \(error)"); return }
    }
    #expect(try await eva.board().items.contains { $0.title.contains("Mario López approved your request") })
    #expect(try await eva.teamCalendar(month: "2026-04").people.contains { $0.displayName == "Eva Fernández" })
  }
}

import AtriumAPI
import AtriumClient
import AtriumDomain
import AtriumHTTP
import AtriumHTTPTypes
import AtriumLog
import AtriumSQLite
import AtriumTestSupport
import Foundation
import Synchronization
import Testing

/// A transport that can lose the network, for outbox tests against the real server.
final class SwitchableTransport: Transport {
  let isOffline = Mutex(false)
  /// Answers every call with 503 and `Retry-After`, as a server too busy to take it would.
  let answersBusy = Mutex(false)
  let real = URLSessionTransport()

  func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
    if isOffline.withLock({ $0 }) { throw .offline }
    if answersBusy.withLock({ $0 }) { return TransportResponse(status: 503, headers: ["retry-after": "1"]) }
    return try await real.send(request)
  }

  func open(_ request: TransportRequest) async throws(TransportError) -> TransportStream {
    if isOffline.withLock({ $0 }) { throw .offline }
    return try await real.open(request)
  }
}

@Suite(.serialized) struct LeaveRepositoryTests {
  /// eva's leave through the SDK against a real server, on a network the test switches.
  final class EvasLeave {
    let app: TestApp
    let server: HTTPServer
    let transport = SwitchableTransport()
    let folder = TemporaryDirectory()
    let repository: LiveLeaveRepository

    init() async throws {
      app = try TestApp()
      server = try app.startedServer()
      let session = ClientSession(
        server: URL(string: "http://127.0.0.1:\(server.port)")!, store: MemoryTokenStore(), transport: transport)
      do {
        _ = try await session.signIn(username: "eva", password: "atrium-demo")
        repository = LiveLeaveRepository(session: session, cache: try ClientCache(path: folder.path + "/cache.sqlite"))
      } catch {
        server.stop()
        throw error
      }
    }
  }

  @Test func offlineWritesWaitInOrderAndARefusedOneIsReported() async throws {
    let client = try await EvasLeave()
    defer { client.server.stop() }
    let (transport, repository) = (client.transport, client.repository)

    let online = try await repository.year(nil)
    #expect(repository.cachedYear(nil)?.remaining == online.remaining)

    transport.isOffline.withLock { $0 = true }
    let april = NewLeaveRequest(
      start: CalendarDate(year: 2026, month: 4, day: 6)!, end: CalendarDate(year: 2026, month: 4, day: 8)!)
    #expect(try await repository.request(april) == .queued)
    // The same dates again: the server will refuse this one as an overlap.
    #expect(try await repository.request(april) == .queued)
    #expect(repository.waitingWrites == 2)
    #expect(await repository.replayOutbox().isEmpty, "still offline: nothing sent, nothing lost")
    #expect(repository.waitingWrites == 2)

    transport.isOffline.withLock { $0 = false }
    let results = await repository.replayOutbox()
    #expect(results.count == 2)
    #expect(results[0].refusal == nil)
    #expect(results[1].refusal?.contains("overlap") == true, "\(results)")
    #expect(repository.waitingWrites == 0)
    let year = try await repository.year(nil)
    #expect(year.requests.count == online.requests.count + 1, "created once")
    #expect(repository.cachedYear(2026)?.requests.count == year.requests.count, "no duplicates in the cache")
  }

  @Test func aWriteKeptOfflineWaitsThroughABusyServerAndLandsAfter() async throws {
    let client = try await EvasLeave()
    defer { client.server.stop() }
    let (transport, repository) = (client.transport, client.repository)
    let before = try await repository.year(nil).requests.count

    transport.isOffline.withLock { $0 = true }
    let april = NewLeaveRequest(
      start: CalendarDate(year: 2026, month: 4, day: 6)!, end: CalendarDate(year: 2026, month: 4, day: 8)!)
    #expect(try await repository.request(april) == .queued)
    transport.isOffline.withLock { $0 = false }
    transport.answersBusy.withLock { $0 = true }
    #expect(await repository.replayOutbox().isEmpty, "the server asked for later: nothing sent, nothing refused")
    #expect(repository.waitingWrites == 1)

    transport.answersBusy.withLock { $0 = false }
    #expect(await repository.replayOutbox().map(\.refusal) == [nil])
    #expect(repository.waitingWrites == 0)
    #expect(try await repository.year(nil).requests.count == before + 1)
  }
}

@Suite(.serialized) struct OutboxTests {
  /// The real server and a session whose network the test can cut.
  struct Setup {
    let app: TestApp
    let server: HTTPServer
    let transport = SwitchableTransport()
    let session: ClientSession
    let folder = TemporaryDirectory()

    init(_ username: String) async throws {
      app = try TestApp()
      let ana = try app.login("ana").accessToken
      let posted = app.send(.board(.post), json: #"{"title": "Fire drill", "body": "At noon."}"#, token: ana)
      #expect(posted.status == 201, "\(posted.text)")
      server = try app.startedServer()
      session = ClientSession(
        server: URL(string: "http://127.0.0.1:\(server.port)")!, store: MemoryTokenStore(), transport: transport)
      _ = try await session.signIn(username: username, password: "atrium-demo")
    }
  }

  @Test @MainActor func aWriteThatCannotBeKeptIsAnErrorOnScreen() async throws {
    let setup = try await Setup("eva")
    defer { setup.server.stop() }
    let path = setup.folder.path + "/cache.sqlite"
    let cache = try ClientCache(path: path)
    let board = LiveBoardRepository(session: setup.session, cache: cache)
    let model = BoardViewModel(repository: board)
    await model.appeared()
    let notice = try #require(model.state.rows.first)
    // The device's storage fails: the outbox is gone from under the cache.
    try SQLiteConnection(path: path).executeScript("DROP TABLE outbox;")
    setup.transport.isOffline.withLock { $0 = true }
    await model.markReadTapped(id: notice.id)
    #expect(model.state.error == APIError.notKept("").message(in: .en))
    #expect(model.state.rows.first?.isUnread == notice.isUnread, "not shown as done")
  }

  @Test func eachScreenReplaysItsOwnWritesAndTheRestWait() async throws {
    let setup = try await Setup("mario")
    defer { setup.server.stop() }
    let cache = try ClientCache(path: setup.folder.path + "/cache.sqlite")
    let engine = SyncEngine(session: setup.session, cache: cache)
    let board = LiveBoardRepository(session: setup.session, cache: cache)
    let leave = LiveLeaveRepository(session: setup.session, cache: cache)
    let notices = try await board.notices()
    let id = try #require(notices.first { !$0.read }?.id)
    setup.transport.isOffline.withLock { $0 = true }
    #expect(try await board.markRead(id) == .queued)
    let day = NewLeaveRequest(
      start: CalendarDate(year: 2026, month: 5, day: 4)!, end: CalendarDate(year: 2026, month: 5, day: 4)!)
    #expect(try await leave.request(day) == .queued)
    #expect(engine.waiting(in: [.board]) == 1)
    #expect(engine.waiting(in: [.leave]) == 1)

    setup.transport.isOffline.withLock { $0 = false }
    #expect(await leave.replayOutbox() == [ReplayResult(kind: "request", refusal: nil)])
    #expect(engine.waiting(in: [.board]) == 1, "the board's write waits for the board")
    #expect(await engine.replay() == [ReplayResult(kind: "read", refusal: nil)])
    #expect(try await board.notices().first { $0.id == id }?.read == true)
  }

  @Test func aDecisionTakenOnlineUpdatesEverySavedList() async throws {
    let setup = try await Setup("mario")
    defer { setup.server.stop() }
    let eva = try setup.app.login("eva").accessToken
    let asked = setup.app.send(
      .leave(.create), json: #"{"start": "2026-06-01", "end": "2026-06-02"}"#, token: eva)
    let id = try JSONText.decode(SavedLeave.self, from: asked).request.id
    let repository = LiveApprovalsRepository(
      session: setup.session, cache: try ClientCache(path: setup.folder.path + "/cache.sqlite"))
    #expect(try await repository.list(.pending).contains { $0.request.id == id })
    #expect(try await repository.list(.all).contains { $0.request.id == id })
    _ = try await repository.detail(id)

    #expect(try await repository.decide(.approve, on: id, reason: nil) != .queued)
    // What the screens show next, before any refresh: no longer pending, approved everywhere else.
    #expect(repository.cached(.pending)?.contains { $0.request.id == id } == false)
    #expect(repository.cached(.all)?.first { $0.request.id == id }?.request.status == .approved)
    #expect(repository.cachedDetail(id)?.request.status == .approved)
  }
}

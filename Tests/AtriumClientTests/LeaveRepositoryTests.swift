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

/// A transport that can lose the network, for outbox tests against the real server.
final class SwitchableTransport: Transport {
  let isOffline = Mutex(false)
  let real = URLSessionTransport()

  func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
    if isOffline.withLock({ $0 }) { throw .offline }
    return try await real.send(request)
  }

  func open(_ request: TransportRequest) async throws(TransportError) -> TransportStream {
    if isOffline.withLock({ $0 }) { throw .offline }
    return try await real.open(request)
  }
}

@Suite(.serialized) struct LeaveRepositoryTests {
  @Test func offlineWritesWaitInOrderAndARefusedOneIsReported() async throws {
    let app = try TestApp()
    let server = HTTPServer(
      configuration: .init(host: "127.0.0.1", port: 0, threadCount: 2, workerCount: 2, log: .discard),
      responder: app.app)
    try server.start()
    defer { server.stop() }
    let transport = SwitchableTransport()
    let session = ClientSession(
      server: URL(string: "http://127.0.0.1:\(server.port)")!, store: MemoryTokenStore(), transport: transport)
    _ = try await session.signIn(username: "eva", password: "atrium-demo")
    let folder = TemporaryDirectory()
    let repository = LiveLeaveRepository(session: session, cache: try ClientCache(path: folder.path + "/cache.sqlite"))

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
}

import AtriumAPI
import AtriumHTTP
import AtriumSQL
import AtriumTestSupport
import Foundation
import Testing

@testable import AtriumServer

/// A stream that opens while the live-event dispatcher is reading what is new still gets
/// every event committed after it opened. A loaded machine can hold the dispatcher in that
/// read for as long as it takes to open a stream and commit a change; here a gate holds it.
@Suite(.serialized) struct LiveEventSubscribeRaceTests {
  @Test func aStreamOpenedWhileTheDispatcherReadsGetsTheEventsCommittedAfterIt() throws {
    let gate = Gate()
    let app = try TestApp(eventHeartbeat: .milliseconds(50)) { environment in
      environment.database = DispatcherGatedDatabase(environment.database, gate: gate)
    }
    let server = try app.startedServer()
    defer {
      gate.open()
      server.stop()
    }
    let eva = try app.login("eva").accessToken
    let mario = try app.login("mario").accessToken
    // The first stream starts the dispatcher.
    let evaStream = try EventStreamReader(port: server.port, token: eva)
    #expect(evaStream.head.status == 200)

    gate.close()
    #expect(waitUntil { gate.waiting == 1 }, "the dispatcher reads again within its heartbeat")
    let marioStream = try EventStreamReader(port: server.port, token: mario)
    #expect(waitUntil { app.app.openEventStreams == 2 })
    let created = app.send(.leave(.create), json: #"{"start": "2026-04-06", "end": "2026-04-06"}"#, token: eva)
    #expect(created.status == 201)
    let request = try JSONText.decode(SavedLeave.self, from: created).request
    gate.open()
    #expect(try marioStream.next(named: "approvals").data.contains(request.id))
  }
}

/// Holds the threads that pass it while it is closed.
private final class Gate: @unchecked Sendable {
  private let condition = NSCondition()
  private var isClosed = false
  private var waitingCount = 0

  /// How many threads the gate holds now.
  var waiting: Int {
    condition.lock()
    defer { condition.unlock() }
    return waitingCount
  }

  func close() {
    condition.lock()
    isClosed = true
    condition.unlock()
  }

  func open() {
    condition.lock()
    isClosed = false
    condition.broadcast()
    condition.unlock()
  }

  func pass() {
    condition.lock()
    defer { condition.unlock() }
    waitingCount += 1
    while isClosed { condition.wait() }
    waitingCount -= 1
  }
}

/// Reads made by the live-event dispatcher's thread pass `gate` before they start; every
/// other read and every write goes straight through.
private struct DispatcherGatedDatabase: Database {
  let inner: any Database
  let gate: Gate

  init(_ inner: any Database, gate: Gate) {
    self.inner = inner
    self.gate = gate
  }

  var dialect: SQLDialect { inner.dialect }

  func read<T>(_ body: (any DatabaseConnection) throws -> T) throws -> T {
    if Thread.current.name == LiveEvents.threadName { gate.pass() }
    return try inner.read(body)
  }

  @discardableResult
  func write<T>(_ body: (any DatabaseConnection) throws -> T) throws -> T {
    try inner.write(body)
  }
}

import AtriumHTTP
import AtriumHTTPTypes
import AtriumLog
import AtriumTestSupport
import Foundation
import Testing

/// Changes (`HTTPOutcome.writing`) wait for the database's writer and the disk on the writers'
/// pool: while they wait, the network threads keep answering reads, and past the pool's queue
/// a change is refused with 503 instead of waiting without end.
@Suite(.serialized) struct WritersPoolTests {
  /// Holds every `POST /change` until the test opens the gate; answers anything else at once.
  final class ChangeResponder: HTTPResponder {
    let gate = DispatchSemaphore(value: 0)
    let started = Shared(0)

    func bodyLimit(method: String, path: String) -> Int { 1 << 20 }

    func respond(to request: HTTPRequest) -> HTTPOutcome {
      guard request.method == "POST" else {
        return .response(HTTPResponse(status: 200, contentType: "text/plain", body: Array("read".utf8)))
      }
      return .writing { [self] in
        started.update { $0 += 1 }
        gate.wait()
        return HTTPResponse(status: 200, contentType: "text/plain", body: Array("changed".utf8))
      }
    }

    func engineError(_ refusal: EngineRefusal, requestID: String, acceptLanguage: String?) -> HTTPResponse {
      HTTPResponse(status: refusal.status, contentType: "text/plain", body: Array(refusal.description.utf8))
    }
  }

  /// One network thread, three changes waiting: a read on a fourth connection is answered
  /// while they wait, and each change is answered once it may go on.
  @Test func readsAreAnsweredWhileChangesWait() throws {
    let responder = ChangeResponder()
    let server = HTTPServer(
      configuration: .init(host: "127.0.0.1", port: 0, threadCount: 1, writerCount: 3, log: LogRecorder().sink),
      responder: responder)
    try server.start()
    // Whatever happens, no change is left waiting for the gate when the server stops.
    defer {
      for _ in 0..<4 { responder.gate.signal() }
      server.stop()
    }
    let changes = try (0..<3).map { _ in try RawHTTPClient(port: server.port, timeout: 10) }
    for client in changes { client.send("POST /change HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n") }
    #expect(waitUntil { responder.started.value == 3 })

    let read = try RawHTTPClient(port: server.port, timeout: 10).request("GET", "/")
    #expect(read.status == 200)
    #expect(read.text == "read")

    for _ in changes { responder.gate.signal() }
    for client in changes {
      let answer = try client.readResponse()
      #expect(answer.status == 200)
      #expect(answer.text == "changed")
    }
  }

  /// One writer busy and one change queued (the queue's limit): the next change gets 503 at
  /// once, and the two before it are answered normally.
  @Test func aChangePastTheQueueIsRefusedWith503() throws {
    let responder = ChangeResponder()
    let server = HTTPServer(
      configuration: .init(
        host: "127.0.0.1", port: 0, threadCount: 1, writerCount: 1, writerQueueLimit: 1, log: LogRecorder().sink),
      responder: responder)
    try server.start()
    // Whatever happens, no change is left waiting for the gate when the server stops.
    defer {
      for _ in 0..<4 { responder.gate.signal() }
      server.stop()
    }
    let running = try RawHTTPClient(port: server.port, timeout: 10)
    running.send("POST /change HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")
    #expect(waitUntil { responder.started.value == 1 })
    let queued = try RawHTTPClient(port: server.port, timeout: 10)
    queued.send("POST /change HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")
    #expect(waitUntil { server.requestsInFlight == 2 })

    let refused = try RawHTTPClient(port: server.port, timeout: 10).request("POST", "/change")
    #expect(refused.status == 503)

    responder.gate.signal()
    responder.gate.signal()
    for client in [running, queued] {
      let answer = try client.readResponse()
      #expect(answer.status == 200)
      #expect(answer.text == "changed")
    }
  }
}

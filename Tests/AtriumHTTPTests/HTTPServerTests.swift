import AtriumHTTP
import AtriumHTTPTypes
import AtriumLog
import AtriumTestSupport
import Foundation
import Synchronization
import Testing

/// A responder for engine tests: echoes requests, and holds `/slow` until the test opens the gate.
final class EchoResponder: HTTPResponder {
  let gate = DispatchSemaphore(value: 0)

  func bodyLimit(method: String, path: String) -> Int { path == "/upload" ? 4 << 20 : 1 << 20 }

  func respond(to request: HTTPRequest) -> HTTPOutcome {
    switch request.path {
    case "/slow":
      return .blocking {
        self.gate.wait()
        return HTTPResponse(status: 200, contentType: "text/plain", body: Array("finished".utf8))
      }
    case "/bytes":
      // `q` bytes that depend on their place and on `q`: a body freed or reused too early reads
      // differently.
      let count = Int(request.query["q"] ?? "") ?? 0
      return .response(HTTPResponse(status: 200, contentType: "application/octet-stream", body: Self.bytes(count)))
    default:
      let text = "\(request.method) \(request.path) \(request.body.count) \(request.query["q"] ?? "")"
      return .response(HTTPResponse(status: 200, contentType: "text/plain", body: Array(text.utf8)))
    }
  }

  func engineError(_ refusal: EngineRefusal, requestID: String, acceptLanguage: String?) -> HTTPResponse {
    HTTPResponse(status: refusal.status, contentType: "text/plain", body: Array(refusal.description.utf8))
  }

  static func bytes(_ count: Int) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8 &+ count) }
  }
}

@Suite(.serialized) struct HTTPServerTests {
  let responder = EchoResponder()
  let log = LogRecorder()
  let server: HTTPServer

  init() throws {
    server = HTTPServer(
      configuration: .init(host: "127.0.0.1", port: 0, threadCount: 2, workerCount: 2, log: log.sink),
      responder: responder)
    try server.start()
  }

  @Test func bindsLoopbackOnAFreePort() throws {
    #expect(server.port > 0)
    #expect(server.configuration.host == "127.0.0.1")
    server.stop()
  }

  @Test func keepAliveServesSeveralRequestsOnOneConnection() throws {
    defer { server.stop() }
    let client = try RawHTTPClient(port: server.port)
    for index in 0..<5 {
      let response = try client.request("GET", "/echo?q=\(index)")
      #expect(response.status == 200)
      #expect(response.text == "GET /echo 0 \(index)")
      #expect(response.header("Connection")?.lowercased() != "close")
    }
    let post = try client.request("POST", "/echo", headers: ["Content-Type: text/plain"], body: Array("hello".utf8))
    #expect(post.text == "POST /echo 5 ")
  }

  /// Bodies are handed to the engine without a copy: each arrives whole and as it was made,
  /// empty ones and ones of several megabytes, one after another on one connection and on
  /// connections at once.
  @Test func everyBodyArrivesAsItWasMade_whateverItsSize() throws {
    defer { server.stop() }
    let sizes = [0, 1, 4_095, 4_096, 65_537, 600_000, 3_000_001]
    let client = try RawHTTPClient(port: server.port)
    for size in sizes + sizes.reversed() {
      let response = try client.request("GET", "/bytes?q=\(size)")
      #expect(response.status == 200)
      #expect(response.body == EchoResponder.bytes(size), "\(size) bytes")
    }
    let failures = Mutex<[Int]>([])
    DispatchQueue.concurrentPerform(iterations: 8) { index in
      let size = 500_000 + index * 7_919
      let body = try? RawHTTPClient(port: server.port).request("GET", "/bytes?q=\(size)").body
      if body != EchoResponder.bytes(size) { failures.withLock { $0.append(size) } }
    }
    #expect(failures.withLock { $0 }.isEmpty)
  }

  @Test func oversizedBodyIsRefusedBeforeItIsRead() throws {
    defer { server.stop() }
    let client = try RawHTTPClient(port: server.port)
    let size = 3 << 20
    client.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(size)\r\n\r\n")
    client.send([UInt8](repeating: 0x20, count: 65_536))
    // Read the answer before sending the rest: a client that keeps writing sees a reset.
    let response = try client.readResponse()
    #expect(response.status == 413)
    #expect(response.text.contains("1048576"))
  }

  @Test func oversizedChunkedBodyIsRefused() throws {
    defer { server.stop() }
    let client = try RawHTTPClient(port: server.port)
    client.send("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
    let chunk = [UInt8](repeating: 0x61, count: 256 << 10)
    for _ in 0..<5 {
      client.send(Array("40000\r\n".utf8) + chunk + Array("\r\n".utf8))
    }
    client.send("0\r\n\r\n")
    #expect(try client.readResponse().status == 413)
    // The body was read to its end, so the connection stays usable.
    #expect(try client.request("GET", "/echo?q=after").text == "GET /echo 0 after")
  }

  @Test func largerLimitPerRoute() throws {
    defer { server.stop() }
    let client = try RawHTTPClient(port: server.port)
    let body = [UInt8](repeating: 0x61, count: 3 << 20)
    let response = try client.request("POST", "/upload", body: body)
    #expect(response.status == 200)
    #expect(response.text == "POST /upload \(3 << 20) ")
  }

  @Test func stopLetsARequestInFlightFinish() throws {
    let server = self.server
    let client = try RawHTTPClient(port: server.port)
    client.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(waitUntil { server.requestsInFlight == 1 })
    let stopped = Shared(false)
    Thread.detachNewThread {
      server.stop(gracePeriod: .seconds(30))
      stopped.update { $0 = true }
    }
    // The stop waits for the request...
    usleep(100_000)
    #expect(!stopped.value)
    // ...while a connection made after the stop began is closed unanswered.
    #expect(throws: RawHTTPClient.Failure.self) { try RawHTTPClient(port: server.port).request("GET", "/") }
    // ...which then completes normally.
    responder.gate.signal()
    let response = try client.readResponse()
    #expect(response.status == 200)
    #expect(response.text == "finished")
    #expect(waitUntil { stopped.value })
    #expect(throws: RawHTTPClient.Failure.self) { try RawHTTPClient(port: server.port) }
  }

  @Test func oneJSONAccessLogLinePerRequest() throws {
    let client = try RawHTTPClient(port: server.port)
    let response = try client.request("GET", "/logged?q=secret")
    let requestID = try #require(response.header("X-Request-Id"))
    server.stop()
    let line = try #require(log.lines.first { $0.contains(requestID) })
    let entry = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    #expect(entry["method"] as? String == "GET")
    #expect(entry["path"] as? String == "/logged", "the query stays out of the log")
    #expect(entry["status"] as? Int == 200)
    #expect(entry["requestId"] as? String == requestID)
    #expect((entry["durationMs"] as? Double).map { $0 >= 0 } == true)
  }
}

@Suite struct SlowClientTests {
  @Test func aClientThatStopsMidRequestIsDisconnected() throws {
    let server = HTTPServer(
      configuration: .init(host: "127.0.0.1", port: 0, threadCount: 1, connectionTimeoutSeconds: 1, log: .discard),
      responder: EchoResponder())
    try server.start()
    defer { server.stop() }
    let slow = try RawHTTPClient(port: server.port, timeout: 30)
    slow.send("GET /echo HTTP/1.1\r\nHost: x\r\n")
    // The read returns when the server closes the connection, well within the deadline.
    #expect(slow.isClosedByPeer())
    // Everyone else is still served.
    #expect(try RawHTTPClient(port: server.port).request("GET", "/echo?q=ok").text == "GET /echo 0 ok")
  }

  @Test func slowClientsFromOneAddressCannotTakeEveryConnection() throws {
    let server = HTTPServer(
      configuration: .init(
        host: "127.0.0.1", port: 0, threadCount: 1, connectionTimeoutSeconds: 2, connectionLimit: 50,
        connectionLimitPerAddress: 10, log: .discard),
      responder: EchoResponder())
    try server.start()
    defer { server.stop() }
    // Slowloris: ten connections from one address, each sending half a request and waiting.
    let slow = try (0..<10).map { _ in try RawHTTPClient(port: server.port, timeout: 30) }
    for client in slow { client.send("GET /echo HTTP/1.1\r\nHost: x\r\n") }
    usleep(200_000)
    // An eleventh from the same address is turned away at once...
    let refused = try RawHTTPClient(port: server.port, timeout: 5)
    #expect(refused.isClosedByPeer(), "over the per-address limit")
    // ...while another address is served.
    let other = try RawHTTPClient(port: server.port, timeout: 5, source: "127.0.0.2")
    #expect(try other.request("GET", "/echo?q=ok").text == "GET /echo 0 ok")
    // The slow ones are cut at the timeout, and the address may connect again.
    for client in slow { #expect(client.isClosedByPeer()) }
    // The engine counts a connection until it has finished closing it, which on a busy machine
    // may be a moment after the client saw the close: wait for the address to be let in again.
    #expect(
      waitUntil {
        (try? RawHTTPClient(port: server.port, timeout: 5).request("GET", "/echo?q=back").text) == "GET /echo 0 back"
      })
  }

  @Test func aConnectionPastTheLimitIsAnswered503AndClosed_notLeftHanging() throws {
    let server = HTTPServer(
      configuration: .init(host: "127.0.0.1", port: 0, threadCount: 1, connectionLimit: 3, log: .discard),
      responder: EchoResponder())
    try server.start()
    defer { server.stop() }
    // Three open pages, each served once and kept alive (as an event stream would be).
    var open = try (0..<3).map { _ in try RawHTTPClient(port: server.port, timeout: 10) }
    for client in open { #expect(try client.request("GET", "/echo?q=in").status == 200) }
    // The fourth is told to come back, and the connection closed, at once.
    let fourth = try RawHTTPClient(port: server.port, timeout: 10)
    let refused = try fourth.request("GET", "/echo?q=over")
    #expect(refused.status == 503)
    #expect(refused.header("Retry-After") == "5")
    #expect(refused.header("Connection")?.lowercased() == "close")
    #expect(fourth.isClosedByPeer())
    // Those within the limit are still served.
    #expect(try open[0].request("GET", "/echo?q=still").text == "GET /echo 0 still")
    // Once one of them leaves, a new connection is served (the engine counts a connection until
    // it has finished closing it: wait for that).
    open.removeLast()
    #expect(
      waitUntil {
        (try? RawHTTPClient(port: server.port, timeout: 5).request("GET", "/echo?q=back").status) == 200
      })
  }

  @Test func aBodyFramedTwoWaysIsRefusedAndTheConnectionClosed() throws {
    let server = HTTPServer(
      configuration: .init(host: "127.0.0.1", port: 0, threadCount: 1, log: .discard), responder: EchoResponder())
    try server.start()
    defer { server.stop() }
    // RFC 9112 §6.1: Content-Length and Transfer-Encoding together could smuggle the bytes after
    // the last chunk in as a second request.
    let client = try RawHTTPClient(port: server.port, timeout: 10)
    client.send(
      "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"
        + "GET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(try client.readResponse().status == 400)
    #expect(client.isClosedByPeer(), "nothing after it is read as a request")
    // A coding the engine does not know is answered at once, not left to the idle timeout.
    let unknown = try RawHTTPClient(port: server.port, timeout: 10)
    unknown.send("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: xchunked\r\n\r\nhello")
    #expect(try unknown.readResponse().status == 501)
    // Chunked alone is still a body.
    let chunked = try RawHTTPClient(port: server.port, timeout: 10)
    chunked.send("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n")
    #expect(try chunked.readResponse().text == "POST /echo 5 ")
  }

  @Test func listensOnIPv6Loopback() throws {
    let server = HTTPServer(
      configuration: .init(host: "::1", port: 0, threadCount: 1, log: .discard), responder: EchoResponder())
    try server.start()
    defer { server.stop() }
    let response = try RawHTTPClient(host: "::1", port: server.port).request("GET", "/echo?q=v6")
    #expect(response.text == "GET /echo 0 v6")
  }

  @Test func refusesAHostName() {
    let server = HTTPServer(
      configuration: .init(host: "localhost", port: 0, threadCount: 1, log: .discard), responder: EchoResponder())
    #expect(throws: HTTPServer.StartError.self) { try server.start() }
  }
}

/// A responder whose `/stream` answers with a stream the test writes to.
final class StreamResponder: HTTPResponder {
  let opened = Shared<[HTTPStream]>([])
  let ended = Shared(0)

  func bodyLimit(method: String, path: String) -> Int { 1 << 10 }

  func respond(to request: HTTPRequest) -> HTTPOutcome {
    guard request.path == "/stream" else {
      return .response(HTTPResponse(status: 200, contentType: "text/plain", body: Array("plain".utf8)))
    }
    let stream = HTTPStream(
      headers: HTTPHeaders([("Content-Type", "text/event-stream")]), bufferLimit: 64)
    stream.write(Array("first\n".utf8))
    stream.onEnd { self.ended.update { $0 += 1 } }
    opened.update { $0.append(stream) }
    return .stream(stream)
  }

  func engineError(_ refusal: EngineRefusal, requestID: String, acceptLanguage: String?) -> HTTPResponse {
    HTTPResponse(status: refusal.status, contentType: "text/plain", body: Array(refusal.description.utf8))
  }
}

@Suite(.serialized) struct HTTPStreamTests {
  let responder = StreamResponder()
  let server: HTTPServer

  init() throws {
    server = HTTPServer(
      configuration: .init(
        host: "127.0.0.1", port: 0, threadCount: 2, workerCount: 1, connectionTimeoutSeconds: 1, log: .discard),
      responder: responder)
    try server.start()
  }

  @Test func writesFromAnotherThreadReachAParkedStream() throws {
    defer { server.stop() }
    let client = try RawHTTPClient(port: server.port, timeout: 10)
    client.send("GET /stream HTTP/1.1\r\nHost: x\r\n\r\n")
    let head = try client.readHead()
    #expect(head.status == 200)
    #expect(head.header("Content-Type") == "text/event-stream")
    #expect(head.header("Transfer-Encoding")?.lowercased() == "chunked")
    var text = ""
    try client.readStream(until: "first\n", into: &text)
    // Past the 1 s slow-client timeout: a stream is exempt from it.
    Thread.sleep(forTimeInterval: 1.5)
    let stream = try #require(responder.opened.value.first)
    Thread.detachNewThread { stream.write(Array("second\n".utf8)) }
    try client.readStream(until: "second\n", into: &text)
    stream.close()
    #expect(try client.readChunk() == nil)
    // The connection stays usable after the stream ends.
    client.send("GET /plain HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(try client.readResponse().text == "plain")
    #expect(waitUntil { responder.ended.value == 1 })
  }

  @Test func aClientThatLeavesEndsItsStreamAtTheNextWrite() throws {
    defer { server.stop() }
    do {
      let client = try RawHTTPClient(port: server.port, timeout: 10)
      client.send("GET /stream HTTP/1.1\r\nHost: x\r\n\r\n")
      var text = ""
      _ = try client.readHead()
      try client.readStream(until: "first", into: &text)
    }
    let stream = try #require(responder.opened.value.first)
    #expect(
      waitUntil {
        stream.write(Array("ping\n".utf8))
        return responder.ended.value == 1
      })
    #expect(!stream.write(Array("late".utf8)))
    #expect(waitUntil { server.openStreamCount == 0 })
  }

  @Test func aClientTooFarBehindIsCutOff() throws {
    defer { server.stop() }
    let client = try RawHTTPClient(port: server.port, timeout: 10)
    client.send("GET /stream HTTP/1.1\r\nHost: x\r\n\r\n")
    _ = try client.readHead()
    let stream = try #require(waitUntil { !responder.opened.value.isEmpty } ? responder.opened.value.first : nil)
    #expect(!stream.write([UInt8](repeating: 65, count: 100)))
    #expect(!stream.isOpen)
  }

  @Test func stopEndsOpenStreamsWithTheirLastChunk() throws {
    let client = try RawHTTPClient(port: server.port, timeout: 10)
    client.send("GET /stream HTTP/1.1\r\nHost: x\r\n\r\n")
    var text = ""
    _ = try client.readHead()
    try client.readStream(until: "first", into: &text)
    #expect(server.openStreamCount == 1)
    let server = self.server
    Thread.detachNewThread { server.stop(gracePeriod: .seconds(30)) }
    // The stream is ended properly (its last chunk arrives) rather than cut when the grace
    // period runs out.
    #expect(try client.readChunk() == nil)
    #expect(waitUntil { responder.ended.value == 1 })
  }
}

import AtriumHTTP
import AtriumHTTPTypes
import AtriumTestSupport
import Foundation
import Testing

/// Holds `/hold` on the network thread that reads it until the test opens the gate: that thread
/// then accepts nothing, and every new connection goes to the others.
final class HoldingResponder: HTTPResponder {
  let gate = DispatchSemaphore(value: 0)

  func bodyLimit(method: String, path: String) -> Int { 1 << 20 }

  func respond(to request: HTTPRequest) -> HTTPOutcome {
    if request.path == "/hold" { gate.wait() }
    return .response(HTTPResponse(status: 200, contentType: "text/plain", body: Array(request.path.utf8)))
  }

  func engineError(_ refusal: EngineRefusal, requestID: String, acceptLanguage: String?) -> HTTPResponse {
    HTTPResponse(status: refusal.status, contentType: "text/plain", body: Array(refusal.description.utf8))
  }
}

@Suite struct ConnectionSpreadTests {
  /// Each network thread may hold every connection the limit allows: libmicrohttpd's own limit
  /// is divided among its threads, and a thread at its share stops accepting, so with 19,400
  /// event streams unevenly held one thread took every new connection (one core for every
  /// request). Here one of two threads is held, and the other must still take the limit's
  /// worth, more than half of it plus the overflow.
  @Test func oneThreadTakesEveryConnectionTheLimitAllows() throws {
    let responder = HoldingResponder()
    let server = HTTPServer(
      configuration: .init(host: "127.0.0.1", port: 0, threadCount: 2, connectionLimit: 20, log: .discard),
      responder: responder)
    try server.start()
    var gateOpen = false
    defer {
      if !gateOpen { responder.gate.signal() }
      server.stop()
    }
    let held = try RawHTTPClient(port: server.port, timeout: 10)
    held.send("GET /hold HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(waitUntil { server.requestsInFlight == 1 }, "the held request reached its thread")

    // 19 more: with the limit (20) and its overflow (16) divided between the threads, the free
    // one stopped at 18 and the 19th waited in the listen backlog until the timeout.
    var open: [RawHTTPClient] = []
    for index in 0..<19 {
      let client = try RawHTTPClient(port: server.port, timeout: 5)
      let answer = try client.request("GET", "/n\(index)")
      #expect(answer.status == 200, "connection \(index + 2) of 20")
      open.append(client)
    }
    responder.gate.signal()
    gateOpen = true
    #expect(try held.readResponse().status == 200)
  }

  /// Past the limit and its overflow, a connection is closed as soon as it is accepted, whatever
  /// thread accepts it: the count is of all of them.
  @Test func pastTheOverflowAConnectionIsClosed() throws {
    let server = HTTPServer(
      configuration: .init(
        host: "127.0.0.1", port: 0, threadCount: 2, connectionTimeoutSeconds: 120, connectionLimit: 4, log: .discard),
      responder: HoldingResponder())
    try server.start()
    defer { server.stop() }
    let allowed = server.configuration.connectionLimit + server.configuration.overflowAllowance
    var open: [RawHTTPClient] = []
    for index in 0..<allowed {
      let client = try RawHTTPClient(port: server.port, timeout: 5)
      let answer = try client.request("GET", "/n\(index)")
      #expect(answer.status == (index < 4 ? 200 : 503), "connection \(index + 1)")
      if index < 4 { open.append(client) }
    }
    // The 503s close their connections; hold the allowed number open again with new ones.
    #expect(waitUntil { server.openConnectionCount == 4 })
    for _ in 4..<allowed { open.append(try RawHTTPClient(port: server.port, timeout: 5)) }
    #expect(waitUntil { server.openConnectionCount == allowed })
    let past = try RawHTTPClient(port: server.port, timeout: 5)
    #expect(waitUntil({ past.isClosedByPeer() }, deadline: 10), "closed at once, not left in the backlog")
    #expect(try open[0].request("GET", "/still").status == 200)
  }
}

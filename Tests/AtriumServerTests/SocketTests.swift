import AtriumAPI
import AtriumHTTP
import AtriumHTTPTypes
import AtriumLog
import AtriumServer
import AtriumServices
import AtriumTestSupport
import AtriumWeb
import Foundation
import Testing

/// The real app behind the real engine on a loopback port.
@Suite(.serialized, .checksBalanceRows) struct SocketTests {
  @Test func signInAndReadMeOverOneKeptAliveConnection() throws {
    let app = try TestApp()
    let server = try app.startedServer()
    defer { server.stop() }
    let client = try RawHTTPClient(port: server.port)
    #expect(try client.request("GET", "/healthz").status == 200)
    let login = try client.request(
      "POST", "/api/v1/auth/login", headers: ["Content-Type: application/json"],
      body: Array(#"{"username":"eva","password":"atrium-demo"}"#.utf8))
    #expect(login.status == 200)
    let tokens = try JSONDecoder().decode(SessionTokens.self, from: Data(login.body))
    let me = try client.request("GET", "/api/v1/me", headers: ["Authorization: Bearer \(tokens.accessToken)"])
    #expect(me.status == 200)
    #expect(try JSONDecoder().decode(User.self, from: Data(me.body)).username == "eva")
    let tooLarge = try RawHTTPClient(port: server.port)
    tooLarge.send(
      "POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(3 << 20)\r\n\r\n{"
    )
    let refused = try tooLarge.readResponse()
    #expect(refused.status == 413)
    #expect(refused.header("Content-Type") == "application/problem+json")
  }

  @Test func healthAnswersWhileSignInsAreHashing() throws {
    // A deliberately heavy hash, so the sign-ins are still running when /healthz is asked.
    let app = try TestApp(cost: .init(iterations: 4, memoryKiB: 65_536, parallelism: 1))
    let server = try app.startedServer()
    defer { server.stop() }
    let signIns = 6
    let finished = Shared(0)
    let statuses = Shared<[Int]>([])
    let group = DispatchGroup()
    for _ in 0..<signIns {
      group.enter()
      Thread.detachNewThread {
        defer { group.leave() }
        let status =
          (try? RawHTTPClient(port: server.port).request(
            "POST", "/api/v1/auth/login", headers: ["Content-Type: application/json"],
            body: Array(#"{"username":"eva","password":"atrium-demo"}"#.utf8)))?.status ?? 0
        statuses.update { $0.append(status) }
        finished.update { $0 += 1 }
      }
    }
    let allArrived = waitUntil { server.requestsInFlight >= signIns }
    #expect(allArrived)
    let health = try RawHTTPClient(port: server.port).request("GET", "/healthz")
    let finishedBeforeHealth = finished.value
    #expect(health.status == 200)
    #expect(finishedBeforeHealth < signIns, "/healthz waited for every sign-in")
    group.wait()
    #expect(statuses.value == Array(repeating: 200, count: signIns))
  }
}

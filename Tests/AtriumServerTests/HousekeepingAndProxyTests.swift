import AtriumAPI
import AtriumHTTP
import AtriumHTTPTypes
import AtriumServer
import AtriumServices
import AtriumStore
import AtriumTestSupport
import AtriumWeb
import Foundation
import Testing

@Suite(.checksBalanceRows) struct HousekeepingTests {
  @Test func forgetsOldSessionsAndKeysButKeepsLiveOnes() throws {
    let app = try TestApp()
    let old = try app.login("eva")
    let ana = try app.login("ana").accessToken
    #expect(
      app.send(
        .places(.createDepartment), json: #"{"name": "Legal"}"#, token: ana, headers: [("Idempotency-Key", "k1")]
      ).status
        == 201)
    app.clock.advance(by: 31 * 24 * 3600)
    let live = try app.login("eva")
    app.app.runHousekeeping()
    let counts = try app.database.read { connection in
      (
        try connection.queryFirst("SELECT COUNT(*) AS n FROM sessions")?.int("n"),
        try connection.queryFirst("SELECT COUNT(*) AS n FROM idempotency_keys")?.int("n")
      )
    }
    #expect(counts.0 == 1, "only the session made after the month passed is left")
    #expect(counts.1 == 0)
    #expect(
      app.send(.auth(.refresh), json: JSONText.encode(RefreshRequest(refreshToken: old.refreshToken))).status == 401)
    #expect(
      app.send(.auth(.refresh), json: JSONText.encode(RefreshRequest(refreshToken: live.refreshToken))).status == 200)
    #expect(app.log.lines.isEmpty)
  }

  @Test func aKeyStillRunningIsReportedAsInProgress() throws {
    let app = try TestApp()
    let claim = { () throws -> IdempotencyStore.Claim in
      try app.database.write {
        try IdempotencyStore($0).claim(scope: "s", key: "k", fingerprint: "f", now: 1_000, expiry: 0)
      }
    }
    #expect(try claim() == .claimed)
    #expect(try claim() == .inProgress)
  }
}

@Suite(.checksBalanceRows) struct ProxyAddressTests {
  private func attempt(_ app: TestApp, password: String, forwardedFor: String) -> Int {
    app.send(
      "POST", "/api/v1/auth/login", json: JSONText.encode(LoginRequest(username: "ana", password: password)),
      headers: [("X-Forwarded-For", forwardedFor)], address: "127.0.0.1"
    ).status
  }

  @Test func behindATrustedProxyEachClientIsLimitedApart() throws {
    let app = try TestApp(trustsProxy: true)
    for _ in 0..<10 { #expect(attempt(app, password: "wrong-password", forwardedFor: "10.1.1.1, 198.51.100.1") == 401) }
    #expect(attempt(app, password: "atrium-demo", forwardedFor: "198.51.100.1") == 429)
    #expect(attempt(app, password: "atrium-demo", forwardedFor: "198.51.100.2") == 200)
  }

  @Test func withoutATrustedProxyAForgedHeaderChangesNothing() throws {
    let app = try TestApp()
    for index in 0..<10 {
      #expect(attempt(app, password: "wrong-password", forwardedFor: "198.51.100.\(index)") == 401)
    }
    #expect(attempt(app, password: "atrium-demo", forwardedFor: "203.0.113.77") == 429)
  }
}

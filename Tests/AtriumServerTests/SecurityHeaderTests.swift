import AtriumAPI
import AtriumHTTP
import AtriumHTTPTypes
import AtriumLog
import AtriumServices
import AtriumTestSupport
import AtriumWeb
import Foundation
import Synchronization
import Testing

@testable import AtriumServer

/// Issue 9's security checks over every page and API answer: the headers, CSRF on every
/// cookie-authenticated change, and no secret in any log line.
@Suite(.checksBalanceRows) struct SecurityHeaderTests {
  let app: TestApp

  init() throws { app = try TestApp() }

  /// No sniffing, no framing, no referrer beyond the site, and a policy without inline script.
  static func checkHeaders(_ response: HTTPResponse, _ label: String) {
    #expect(response.headers["X-Content-Type-Options"] == "nosniff", "\(label)")
    #expect(response.headers["Referrer-Policy"] == "same-origin", "\(label)")
    let policy = response.headers["Content-Security-Policy"] ?? ""
    #expect(policy.contains("frame-ancestors 'none'"), "\(label): \(policy)")
    #expect(!policy.contains("unsafe-inline") && !policy.contains("unsafe-eval"), "\(label)")
    #expect(response.headers["X-Frame-Options"] == "DENY", "\(label)")
    // Once each: a page's own policy is kept, not joined by the one for everything else.
    for name in ["X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options", "Content-Security-Policy"] {
      #expect(response.headers.values(name).count == 1, "\(label): \(name)")
    }
  }

  @Test func everyPageCarriesTheHeaders_signedInAndNot() {
    let visitor = WebClient(app)
    let admin = WebClient(app)
    admin.signIn("ana")
    for page in WebPage.examples where page.method == .get {
      Self.checkHeaders(visitor.get(page.href), "signed out \(page.href)")
      Self.checkHeaders(admin.get(page.href), "ana \(page.href)")
    }
    Self.checkHeaders(visitor.get("/nowhere"), "an unknown page")
  }

  @Test func everyAPIAnswerCarriesTheHeaders_errorsIncluded() throws {
    let ana = try app.login("ana").accessToken
    for route in Route.examples where route.name != "events" {
      let body = route.method.isUnsafe ? "{}" : nil
      Self.checkHeaders(app.send(route, json: body, token: ana), "\(route.method) \(route.pathAndQuery)")
      Self.checkHeaders(app.send(route, json: body), "anonymous \(route.method) \(route.pathAndQuery)")
    }
    Self.checkHeaders(app.send("GET", "/api/v1/nothing-here"), "404")
    Self.checkHeaders(app.send("DELETE", "/api/v1/locations"), "405")
  }

  @Test func theSessionCookieIsSecureBehindTLS() throws {
    let secure = try TestApp(configure: { $0.publicURL = "https://atrium.example" })
    let browser = WebClient(secure)
    let cookie = browser.signIn("eva").headers.values("Set-Cookie").first { $0.hasPrefix(WebSessions.cookieName) } ?? ""
    #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Secure"), "\(cookie)")
    let proxied = try TestApp(trustsProxy: true)
    let viaProxy = WebClient(proxied)
    let form = viaProxy.send("GET", "/sign-in", headers: [("X-Forwarded-Proto", "https")])
    let signedIn = viaProxy.send(
      "POST", "/sign-in",
      form: ["_csrf": WebClient.csrf(in: form) ?? "", "username": "eva", "password": "atrium-demo", "next": ""],
      headers: [("X-Forwarded-Proto", "https")])
    let proxiedCookie = signedIn.headers.values("Set-Cookie").first { $0.hasPrefix(WebSessions.cookieName) } ?? ""
    #expect(proxiedCookie.contains("Secure"), "\(proxiedCookie)")
  }

  @Test func behindTLSTheBrowserIsToldToStayOnHTTPSAndTheSignInCookieIsSecure() throws {
    let secure = try TestApp(configure: { $0.publicURL = "https://atrium.example" })
    for response in [secure.send("GET", "/sign-in"), secure.send("GET", "/healthz"), secure.send(.me(.show))] {
      #expect(response.headers["Strict-Transport-Security"] == "max-age=31536000", "\(response.status)")
    }
    let form = secure.send("GET", "/sign-in")
    let token = form.headers.values("Set-Cookie").first { $0.hasPrefix(SignInPage.tokenCookie) } ?? ""
    #expect(token.contains("HttpOnly") && token.contains("Secure"), "\(token)")
    let proxied = try TestApp(trustsProxy: true)
    #expect(
      proxied.send("GET", "/sign-in", headers: [("X-Forwarded-Proto", "https")]).headers["Strict-Transport-Security"]
        == "max-age=31536000")
    // Over plain HTTP neither: a browser would remember to refuse a server that has no TLS.
    let plain = app.send("GET", "/sign-in")
    #expect(plain.headers["Strict-Transport-Security"] == nil)
    #expect(plain.headers.values("Set-Cookie").allSatisfy { !$0.contains("Secure") })
  }

  @Test func everyFormNeedsItsCSRFToken() throws {
    let browser = WebClient(app)
    browser.signIn("ana")
    var checked = 0
    for page in WebPage.examples where page.method == .post {
      let response = browser.send("POST", page.href, form: ["_csrf": "forged", "text": "x"])
      #expect(response.status == 403, "\(page.href) without its token: \(response.status)")
      checked += 1
    }
    #expect(checked > 20)
    #expect(browser.get("/").status == 200, "still signed in: no forged form signed ana out")
  }

  @Test func everyCookieAuthenticatedAPIChangeNeedsTheCSRFHeader() throws {
    let browser = WebClient(app)
    browser.signIn("eva")
    for route in Route.examples where route.method.isUnsafe && route.requiresAuthentication {
      let response = browser.send(
        route.method.rawValue, route.pathAndQuery, headers: [("Content-Type", "application/json")])
      #expect(response.status == 403, "\(route.method) \(route.pathAndQuery) with the cookie alone: \(response.status)")
    }
  }

  @Test func noTokenOrPasswordReachesTheLogs() throws {
    let lines = Mutex<[String]>([])
    let server = HTTPServer(
      configuration: .init(
        host: "127.0.0.1", port: 0, threadCount: 1, workerCount: 2,
        log: LogSink { line in lines.withLock { $0.append(line) } }),
      responder: app.app)
    try server.start()
    defer { server.stop() }
    let client = try RawHTTPClient(port: server.port)
    let json = "Content-Type: application/json"
    let login = try client.request(
      "POST", "/api/v1/auth/login?username=eva", headers: [json],
      body: Array(#"{"username": "eva", "password": "atrium-demo"}"#.utf8))
    let tokens = try JSONDecoder().decode(SessionTokens.self, from: Data(login.body))
    _ = try client.request(
      "POST", "/api/v1/auth/refresh", headers: [json],
      body: Array(#"{"refreshToken": "\#(tokens.refreshToken)"}"#.utf8))
    _ = try client.request(
      "GET", "/api/v1/me?token=\(tokens.accessToken)", headers: ["Authorization: Bearer \(tokens.accessToken)"])
    let feeds = try JSONDecoder().decode(
      CalendarFeedBody.self,
      from: Data(
        try client.request("GET", "/api/v1/me/calendar", headers: ["Authorization: Bearer \(tokens.accessToken)"]).body)
    )
    let feedPath = try #require(URL(string: feeds.url)).path
    #expect(try client.request("GET", feedPath).status == 200)
    _ = try client.request(
      "POST", "/api/v1/me/password", headers: [json, "Authorization: Bearer \(tokens.accessToken)"],
      body: Array(#"{"current": "atrium-demo", "new": "another-secret-9"}"#.utf8))
    _ = try client.request(
      "POST", "/api/v1/auth/login", headers: [json],
      body: Array(#"{"username": "eva", "password": "wrong-guess-7"}"#.utf8))
    server.stop()

    let log = (lines.withLock { $0 } + app.log.lines).joined(separator: "\n")
    #expect(log.contains("/api/v1/auth/login"), "the requests were logged")
    let secrets = [
      "atrium-demo", "another-secret-9", "wrong-guess-7", tokens.accessToken, tokens.refreshToken,
      String(feedPath.dropFirst("/calendar/".count).prefix { $0 != "." }),
    ]
    for secret in secrets { #expect(!log.contains(secret), "a secret reached the log") }
    #expect(log.contains("/calendar/[token].ics"))
  }
}

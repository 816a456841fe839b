import AtriumAPI
import AtriumDomain
import AtriumHTTP
import AtriumHTTPTypes
import AtriumLog
import AtriumServices
import AtriumStore
import AtriumTestSupport
import AtriumWeb
import Foundation
import Testing

@testable import AtriumServer

/// Input meant to break things: each kind gets a clear error (or is stored as plain text) and
/// nothing else happens. Wrong types, invalid UTF-8 and deep nesting are in ErrorResponseTests;
/// sign-in brute force in AuthTests.
@Suite(.checksBalanceRows) struct HostileInputTests {
  let app: TestApp

  init() throws { app = try TestApp() }

  @Test(arguments: [
    #"[]"#, #""just a string""#, #"42"#, #"null"#, #"{"name": ["Legal"]}"#, #"{"name": {"$gt": ""}}"#,
  ])
  func bodiesOfTheWrongShapeAre400(_ body: String) throws {
    let ana = try app.login("ana").accessToken
    let response = app.send(.places(.createDepartment), json: body, token: ana)
    #expect(response.status == 400, "\(body): \(response.status)")
    #expect(
      try JSONText.decode(Page<DepartmentBody>.self, from: app.send(.places(.departments(.first)), token: ana)).items
        .count == 4)
  }

  @Test(arguments: [
    #"{"days": 1e400}"#, #"{"days": 123456789012345678901234567890}"#, #"{"days": -1}"#, #"{"days": 0.3}"#,
    #"{"days": "30"}"#,
  ])
  func hugeAndOddNumbersAreRefused(_ body: String) throws {
    let ana = try app.login("ana").accessToken
    let eva = try JSONText.decode(User.self, from: app.send(.me(.show), token: try app.login("eva").accessToken))
    let response = app.send(.leaveSettings(.setAllowance(id: eva.id, year: 2026)), json: body, token: ana)
    #expect(response.status == 400, "\(body): \(response.status) \(response.problem?.detail ?? "")")
    // The caller is told which field and why, never a decoder's internals.
    #expect(response.problem?.errors?.first?.field == "days", "\(body): \(response.text)")
    #expect(!response.text.contains("nil"), "\(body): \(response.text)")
  }

  @Test func controlCharactersInTextAreRefusedWithTheField() throws {
    let eva = try app.login("eva").accessToken
    let post = app.send(.timeline(.createPost), json: #"{"text": "hello\u0000world"}"#, token: eva)
    #expect(post.status == 400)
    #expect(post.problem?.errors?.first?.field == "text", "\(post.text)")
    let bio = app.send(.me(.update), json: #"{"bio": "bell\u0007"}"#, token: eva)
    #expect(bio.problem?.errors?.first?.field == "bio", "\(bio.text)")
    // Tabs and line breaks are text.
    #expect(app.send(.me(.update), json: #"{"bio": "one\ttwo\r\nthree"}"#, token: eva).status == 200)
    let timeline = try JSONText.decode(TimelinePage.self, from: app.send(.timeline(.page(.first)), token: eva))
    #expect(timeline.items.isEmpty, "nothing was posted")
    // The web forms refuse them as the API does.
    let browser = WebClient(app)
    browser.signIn("eva")
    let home = browser.get("/")
    let form = browser.send("POST", "/posts", form: ["_csrf": WebClient.csrf(in: home) ?? "", "text": "a\u{0}b"])
    #expect(form.status == 400)
    #expect(form.text.contains("control characters"))
  }

  @Test func textFarOverItsLimitIsRefusedWithTheField() throws {
    let eva = try app.login("eva").accessToken
    let longBio = String(repeating: "a", count: 900_000)
    let response = app.send(.me(.update), json: #"{"bio": "\#(longBio)"}"#, token: eva)
    #expect(response.status == 400)
    #expect(response.problem?.errors?.first?.field == "bio")
  }

  @Test func aTenMegabyteBodyIs413BeforeItIsRead() throws {
    let server = HTTPServer(
      configuration: .init(host: "127.0.0.1", port: 0, threadCount: 1, log: .discard), responder: app.app)
    try server.start()
    defer { server.stop() }
    let eva = try app.login("eva").accessToken
    let client = try RawHTTPClient(port: server.port)
    client.send(
      "POST /api/v1/posts HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(eva)\r\n"
        + "Content-Type: application/json\r\nContent-Length: \(10 << 20)\r\n\r\n{\"text\": \"")
    let response = try client.readResponse()
    #expect(response.status == 413)
    #expect(response.header("X-Content-Type-Options") == "nosniff")
  }

  @Test(arguments: [
    "/assets/../../../etc/passwd", "/assets/%2e%2e/%2e%2e/etc/passwd", "/assets/..%2f..%2fPackage.swift",
    "/api/v1/people/..%2f..%2fetc%2fpasswd/photo", "/api/v1/people/%2e%2e/photo?size=96",
    "/calendar/..%2f..%2fsigning.key",
    "/../signing.key", "//etc/passwd",
  ])
  func pathTraversalFindsNothing(_ target: String) throws {
    let eva = try app.login("eva").accessToken
    let response = app.send("GET", target, token: eva)
    #expect([400, 404].contains(response.status), "\(target): \(response.status)")
    #expect(!response.text.contains("root:") && !response.text.contains("PackageDescription"))
  }

  @Test func sqlMetacharactersAreJustText() throws {
    let ana = try app.login("ana").accessToken
    let eva = try app.login("eva").accessToken
    let sly = #"Robert'); DROP TABLE employees; -- "%_\"#
    let department = app.send(
      .places(.createDepartment),
      json:
        #"{"name": "\#(sly.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))"}"#,
      token: ana)
    #expect(department.status == 201)
    #expect(try JSONText.decode(DepartmentBody.self, from: department).name == sly.trimmingCharacters(in: .whitespaces))
    #expect(app.send(.me(.update), json: #"{"bio": "' OR '1'='1"}"#, token: eva).status == 200)
    for query in ["' OR 1=1 --", "%", "_", "\" OR \"\"=\"", "*", "eva' --", "NEAR(a b)", "a AND b"] {
      let page = app.send(.people(.directory(PeopleQuery(text: query))), token: eva)
      #expect(page.status == 200, "\(query)")
    }
    let wildcard = try JSONText.decode(
      Page<PersonSummary>.self, from: app.send(.people(.directory(PeopleQuery(text: "mar%"))), token: eva))
    let plain = try JSONText.decode(
      Page<PersonSummary>.self, from: app.send(.people(.directory(PeopleQuery(text: "mar"))), token: eva))
    #expect(wildcard.items.map(\.id) == plain.items.map(\.id) && !plain.items.isEmpty, "% is no wildcard")
    let people = try JSONText.decode(
      Page<PersonSummary>.self, from: app.send(.people(.directory(PeopleQuery())), token: eva))
    #expect(people.items.count == 40, "the employees table is still there")
    let profile = try JSONText.decode(
      PersonProfile.self,
      from: app.send(
        .people(.profile(id: try JSONText.decode(User.self, from: app.send(.me(.show), token: eva)).id)), token: eva))
    #expect(profile.bio == "' OR '1'='1")
  }

  @Test func lineBreaksNeverReachAHeader() throws {
    let browser = WebClient(app)
    let signIn = browser.get("/sign-in?next=/time-off%0d%0aSet-Cookie:%20stolen=1")
    #expect(signIn.status == 200)
    let token = WebClient.csrf(in: signIn) ?? ""
    let response = browser.send(
      "POST", "/sign-in",
      form: ["_csrf": token, "username": "eva", "password": "atrium-demo", "next": "/time-off\r\nSet-Cookie: stolen=1"])
    #expect(response.status == 303)
    let location = response.headers["Location"] ?? ""
    #expect(!location.contains("\r") && !location.contains("\n") && !location.contains("Set-Cookie"), "\(location)")
    #expect(response.headers.values("Set-Cookie").allSatisfy { !$0.contains("stolen") })

    let eva = try app.login("eva").accessToken
    let created = app.send(
      .leave(.create), json: #"{"start": "2026-04-06", "end": "2026-04-06"}"#, token: eva,
      headers: [("Idempotency-Key", "abc\r\nX-Injected: 1")])
    #expect(created.status == 400, "a key with a line break is refused")
    #expect(created.headers["X-Injected"] == nil)
  }
}

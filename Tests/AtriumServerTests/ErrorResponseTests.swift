import AtriumAPI
import AtriumDomain
import AtriumHTTP
import AtriumHTTPTypes
import AtriumServer
import AtriumServices
import AtriumStore
import AtriumTestSupport
import AtriumWeb
import Testing

@Suite(.checksBalanceRows) struct ErrorResponseTests {
  let app: TestApp

  init() throws {
    app = try TestApp()
  }

  @Test func aQueryValueThatIsNotUTF8IsRefusedNotIgnored() throws {
    let token = try app.login("eva").accessToken
    let refused = app.send("GET", "/api/v1/board?cursor=%ff", token: token)
    #expect(refused.status == 400)
    #expect(refused.problem?.errors?.first?.field == "cursor", "\(refused.text)")
    // As for any query: who asks comes first, and an unknown address stays unknown.
    #expect(app.send("GET", "/api/v1/board?cursor=%ff").status == 401)
    #expect(app.send("GET", "/api/v1/nowhere?cursor=%ff", token: token).status == 404)
    #expect(app.send("GET", "/api/v1/board?cursor=%C3%B1", token: token).status == 400, "valid UTF-8, foreign cursor")
  }

  @Test func unknownPathIsANotFoundProblem() throws {
    let response = app.send("GET", "/api/v1/nothing-here")
    #expect(response.status == 404)
    #expect(response.headers["Content-Type"] == "application/problem+json")
    let problem = try #require(response.problem)
    #expect(problem.status == 404)
    #expect(problem.title == "Not Found")
    #expect(problem.detail?.contains("/api/v1/nothing-here") == true)
    #expect(problem.requestId?.isEmpty == false)
  }

  @Test func wrongMethodIs405WithAllow() throws {
    let response = app.send("DELETE", "/api/v1/locations")
    #expect(response.status == 405)
    #expect(response.headers["Allow"] == "GET, POST")
    #expect(response.problem?.detail?.contains("DELETE") == true)
  }

  @Test func wrongContentTypeIs415() throws {
    let response = app.send(
      "POST", "/api/v1/auth/login", headers: [("Content-Type", "text/plain")])
    #expect(response.status == 415)
    #expect(response.problem?.detail?.contains("application/json") == true)
  }

  @Test func malformedJSONNamesThePosition() throws {
    let response = app.send("POST", "/api/v1/auth/login", json: "{\"username\": tru}")
    #expect(response.status == 400)
    let detail = try #require(response.problem?.detail)
    #expect(detail.contains("line 1, column 17"), "\(detail)")
  }

  @Test func missingFieldIsNamed() throws {
    let response = app.send("POST", "/api/v1/auth/login", json: #"{"username": "eva"}"#)
    #expect(response.status == 400)
    #expect(response.problem?.errors == [FieldError(field: "password", message: "is required")])
  }

  @Test func wrongTypeIsNamed() throws {
    let response = app.send("POST", "/api/v1/auth/login", json: #"{"username": 12, "password": "x"}"#)
    #expect(response.status == 400)
    #expect(response.problem?.errors == [FieldError(field: "username", message: "must be a string")])
  }

  @Test func badQueryParameterIs400WithTheField() throws {
    let token = try app.login("eva").accessToken
    let response = app.send("GET", "/api/v1/locations?limit=5000", token: token)
    #expect(response.status == 400)
    #expect(response.problem?.errors?.first?.field == "limit")
  }

  @Test func unexpectedFailureIs500WithRequestIdLogged() throws {
    let token = try app.login("eva").accessToken
    // Break the database under the running app, as a disk or schema fault would.
    try app.database.write { try $0.execute("ALTER TABLE departments RENAME TO departments_gone") }
    let response = app.send("GET", "/api/v1/departments", token: token)
    #expect(response.status == 500)
    let problem = try #require(response.problem)
    let requestID = try #require(problem.requestId)
    #expect(problem.detail?.contains(requestID) == true)
    #expect(problem.detail?.contains("departments") == false, "internals stay out of the answer")
    #expect(app.log.lines.contains { $0.contains(requestID) && $0.contains("departments") })
  }
}

@Suite(.checksBalanceRows) struct JSONSyntaxTests {
  let app: TestApp

  init() throws {
    app = try TestApp()
  }

  @Test(arguments: [
    ("{\"a\":1,}", "line 1, column 8"),
    ("{\n  \"a\": [1, 2\n}", "line 3, column 1"),
    ("[1] 2", "line 1, column 5"),
    ("\"\u{1}\"", "line 1, column 2"),
    ("{\"a\": 01}", "line 1, column 8"),
  ])
  func reportsWhereTheBodyStopsBeingJSON(_ body: String, _ position: String) throws {
    let response = app.send("POST", "/api/v1/auth/refresh", json: body)
    #expect(response.status == 400)
    let detail = try #require(response.problem?.detail)
    #expect(detail.contains(position), "\(detail)")
  }

  @Test func deepNestingIsRefusedBeforeDecoding() throws {
    let body = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    let response = app.send("POST", "/api/v1/auth/refresh", json: body)
    #expect(response.status == 400)
    #expect(response.problem?.detail?.contains("nested deeper") == true)
  }

  @Test func invalidUTF8IsRefused() throws {
    var request = HTTPRequest(method: "POST", target: "/api/v1/auth/refresh")
    request.headers.add("Content-Type", "application/json")
    request.body = Array(#"{"refreshToken": ""#.utf8) + [0xff, 0xfe] + Array(#""}"#.utf8)
    let response = app.app.respondNow(to: request)
    #expect(response.status == 400)
    #expect(response.problem?.detail?.contains("invalid UTF-8") == true)
  }
}

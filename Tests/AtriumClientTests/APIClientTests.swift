import AtriumAPI
import AtriumClient
import AtriumDomain
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The network level: every status and transport failure maps to its `APIError` and message,
/// and bodies decode or fail clearly. Answers come from a URLProtocol stub.
@Suite(.serialized) struct APIClientTests {
  let client = APIClient(
    server: URL(string: "https://atrium.example")!,
    transport: URLSessionTransport(configuration: StubProtocol.configuration),
    token: { "token-123" })

  static let problem = #"{"type":"about:blank","title":"Conflict","status":409,"detail":"Already decided."}"#

  @Test(arguments: [
    (400, APIError.badRequest(Problem(status: 400, detail: "start is required"))),
    (401, .unauthorized), (403, .forbidden), (404, .notFound),
    (409, .conflict(Problem(status: 409, detail: "Already decided."))), (413, .payloadTooLarge),
    (415, .unsupportedMediaType), (422, .unprocessable(Problem(status: 422, detail: "Not enough days."))),
    (429, .rateLimited(retryAfter: 30)), (500, .server(status: 500)), (503, .server(status: 503)),
    (9_999_999, .unknownStatus(9_999_999)),
  ])
  func eachStatusMapsToItsError(_ status: Int, _ expected: APIError) async throws {
    let detail: String? =
      switch expected {
      case .badRequest(let problem), .conflict(let problem), .unprocessable(let problem): problem.detail
      default: nil
      }
    let body = detail.map { #"{"type":"about:blank","title":"x","status":\#(status),"detail":"\#($0)"}"# } ?? ""
    StubProtocol.answer(status, body, headers: status == 429 ? ["Retry-After": "30"] : [:])
    do {
      _ = try await client.me()
      Issue.record("status \(status) did not fail")
    } catch {
      #expect(Self.sameCase(error, expected), "\(status): \(error)")
      #expect(!error.message(in: .en).isEmpty && !error.message(in: .es).isEmpty)
      #expect(error.message(in: .en) != error.message(in: .es) || detail != nil)
      if let detail { #expect(error.message(in: .en) == detail, "the server's explanation is shown") }
    }
  }

  @Test func transportFailuresAreOfflineOrTimeout() async {
    for (code, expected) in [
      (URLError.Code.notConnectedToInternet, APIError.offline), (.cannotConnectToHost, .offline), (.timedOut, .timeout),
    ] {
      StubProtocol.fail(code)
      await #expect(throws: expected) { _ = try await client.me() }
    }
    #expect(APIError.offline.message(in: .en) == "You are offline.")
    #expect(APIError.offline.message(in: .es) == "Sin conexión.")
  }

  @Test func requestsAreBuiltFromTheRouteWithTheToken() async throws {
    StubProtocol.answer(200, #"{"items":[],"nextCursor":null}"#)
    _ = try await client.approvals(.approved)
    let request = try #require(
      StubProtocol.seen.withLock { $0.last { $0.url?.path == "/api/v1/approvals" } })
    #expect(request.url?.absoluteString == "https://atrium.example/api/v1/approvals?status=approved")
    #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer token-123")
    #expect(request.httpMethod == "GET")
  }

  @Test func bodiesDecodeOrFailClearly() async throws {
    let company = #"{"name":"Acme","phone":"","email":"","website":"","address":"","timeZone":"UTC","social":[]}"#
    StubProtocol.answer(200, company)
    #expect(try await client.company().name == "Acme")
    StubProtocol.answer(
      200, #"{"name":"Acme","phone":"","email":"","website":"","address":"","timeZone":"UTC","social":[],"extra":1}"#)
    #expect(try await client.company().name == "Acme", "extra fields are ignored")
    StubProtocol.answer(200, #"{"name":"Acme"}"#)
    await #expect(throws: APIError.decoding("phone is missing")) { _ = try await client.company() }
    StubProtocol.answer(
      200, #"{"name":42,"phone":"","email":"","website":"","address":"","timeZone":"UTC","social":[]}"#)
    await #expect(throws: APIError.decoding("name is not a String")) { _ = try await client.company() }
    StubProtocol.answer(200, "")
    await #expect(throws: APIError.decoding("the body is not JSON")) { _ = try await client.company() }
  }

  /// Problems carry different details; the test compares the case and, where there is one,
  /// the detail.
  static func sameCase(_ lhs: APIError, _ rhs: APIError) -> Bool {
    switch (lhs, rhs) {
    case (.badRequest(let a), .badRequest(let b)), (.conflict(let a), .conflict(let b)),
      (.unprocessable(let a), .unprocessable(let b)):
      a.detail == b.detail
    default: lhs == rhs
    }
  }
}

import AtriumAPI
import AtriumCrypto
import AtriumDomain
import AtriumHTTP
import AtriumHTTPTypes
import AtriumSQL
import AtriumServer
import AtriumServices
import AtriumStore
import AtriumWeb
import Foundation

/// A real `AtriumApp` on a real temporary database (SQLite, or PostgreSQL: see `TestDatabase`)
/// with the demo company, driven in-process: requests go through the same router,
/// authentication and stores as over a socket.
public final class TestApp: Sendable {
  public let directory: TemporaryDirectory
  public let database: any Database
  public let clock: TestClock
  public let app: AtriumApp
  public let environment: ServerEnvironment
  /// Error lines the app logged (500s), for tests that check what reaches the log.
  public let log = LogRecorder()

  /// - Parameters:
  ///   - cost: argon2id cost; tests use the minimal one unless hashing time is the point.
  ///   - loginLimits: sign-in rate limits.
  public init(
    cost: PasswordHasher.Cost = .minimal, loginLimits: LoginRateLimiter.Limits = .init(), seedDemo: Bool = true,
    trustsProxy: Bool = false, eventHeartbeat: Duration = .seconds(15),
    configure: (inout ServerEnvironment) -> Void = { _ in }
  ) throws {
    directory = TemporaryDirectory()
    let dataDirectory = try DataDirectory(path: directory.path + "/data")
    database = try TestDatabase.make(in: dataDirectory.path)
    clock = TestClock()
    var environment = ServerEnvironment(
      database: database, now: clock.function, signingKey: try dataDirectory.signingKey(),
      passwordHasher: PasswordHasher(cost: cost), loginLimits: loginLimits,
      log: log.sink, trustsForwardedFor: trustsProxy)
    environment.eventHeartbeatInterval = eventHeartbeat
    environment.filesDirectory = dataDirectory.filesPath
    // As the app registers them, for the services tests build beside it (a digest sender).
    environment.notificationKinds = AtriumApp.notificationKinds
    configure(&environment)
    self.environment = environment
    if seedDemo {
      try DemoCompany.seed(into: database, hasher: environment.passwordHasher, makeID: environment.makeID)
    }
    app = try AtriumApp(environment: environment)
    TestAppRegistry.current?.add(self)
  }

  /// Another instance on `first`'s database (and clock, key and files), as a second server
  /// behind the same address would be: it shares nothing with `first` but the database.
  public init(secondInstanceOf first: TestApp) throws {
    directory = first.directory
    database = first.database
    clock = first.clock
    var environment = first.environment
    environment.log = log.sink
    self.environment = environment
    app = try AtriumApp(environment: environment)
  }

  /// Sends a request and returns the response.
  public func send(
    _ method: String, _ target: String, json: String? = nil, token: String? = nil,
    headers: [(String, String)] = [], address: String = "127.0.0.1"
  ) -> HTTPResponse {
    send(
      method, target, body: Array((json ?? "").utf8), token: token,
      headers: (json != nil ? [("Content-Type", "application/json")] : []) + headers, address: address)
  }

  /// Sends a request with any body (an image, a CSV file) and returns the response.
  public func send(
    _ method: String, _ target: String, body: [UInt8], token: String? = nil, headers: [(String, String)] = [],
    address: String = "127.0.0.1"
  ) -> HTTPResponse {
    var fields = HTTPHeaders()
    if let token { fields.add("Authorization", "Bearer \(token)") }
    for (name, value) in headers { fields.add(name, value) }
    let request = HTTPRequest(method: method, target: target, headers: fields, body: body, remoteAddress: address)
    return app.respondNow(to: request)
  }

  /// Sends a route, as a client built from `Route` would.
  public func send(
    _ route: Route, json: String? = nil, token: String? = nil, headers: [(String, String)] = [],
    address: String = "127.0.0.1"
  )
    -> HTTPResponse
  {
    send(route.method.rawValue, route.pathAndQuery, json: json, token: token, headers: headers, address: address)
  }

  /// Signs in a demo account and returns its tokens.
  public func login(
    _ username: String, password: String = DemoCompany.password, address: String = "127.0.0.1"
  )
    throws -> SessionTokens
  {
    let response = send(
      "POST", "/api/v1/auth/login", json: JSONText.encode(LoginRequest(username: username, password: password)),
      address: address)
    guard response.status == 200 else {
      throw UnexpectedResponse(status: response.status, body: response.text)
    }
    return try JSONDecoder().decode(SessionTokens.self, from: Data(response.body))
  }
}

/// A response a helper did not expect, with its body for the failure message.
public struct UnexpectedResponse: Error, CustomStringConvertible {
  public let status: Int
  public let body: String
  public var description: String { "unexpected \(status): \(body)" }
}

/// JSON helpers for tests.
public enum JSONText {
  public static func encode(_ value: some Encodable) -> String {
    String(decoding: (try? JSONEncoder().encode(value)) ?? Data(), as: UTF8.self)
  }

  public static func decode<T: Decodable>(_ type: T.Type, from response: HTTPResponse) throws -> T {
    try JSONDecoder().decode(T.self, from: Data(response.body))
  }
}

extension HTTPResponse {
  /// The body as problem details, when it is one.
  public var problem: Problem? {
    try? JSONDecoder().decode(Problem.self, from: Data(body))
  }
}

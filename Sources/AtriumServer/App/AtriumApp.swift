import AtriumAPI
import AtriumDomain
import AtriumHTTP
import AtriumStore
import Foundation

/// The composition root of the server: builds the services from the environment and answers
/// every HTTP request (routing, authentication, idempotency, errors as problem details).
public final class AtriumApp: HTTPResponder {
  /// The largest JSON body any endpoint accepts unless it says otherwise.
  public static let defaultBodyLimit = 1 << 20

  let environment: ServerEnvironment
  let auth: AuthService
  let places: PlacesService
  let users = UserPresenter()
  let idempotency: Idempotency
  let contract: OpenAPIDocument

  public init(environment: ServerEnvironment) throws {
    self.environment = environment
    self.auth = try AuthService(environment: environment, users: users)
    self.places = PlacesService(environment: environment)
    self.idempotency = Idempotency(environment: environment)
    self.contract = try OpenAPIDocument.load()
  }

  // MARK: - HTTPResponder

  public func bodyLimit(method: String, path: String) -> Int {
    Self.defaultBodyLimit
  }

  public func respond(to request: HTTPRequest) -> HTTPOutcome {
    let route: Route
    // HEAD is GET without the body, which the engine leaves out.
    let method = request.method == "HEAD" ? "GET" : request.method
    do {
      route = try Route(method: method, path: request.path, query: request.query)
    } catch {
      var headers = HTTPHeaders()
      if case .methodNotAllowed(let allowed) = error {
        headers.add("Allow", allowed.map(\.rawValue).joined(separator: ", "))
      }
      return .response(
        render(Self.problem(for: error, request: request), requestID: request.requestID, headers: headers))
    }
    if route.mayBlock {
      return .blocking { [self] in handle(route, request) }
    }
    return .response(handle(route, request))
  }

  public func engineError(status: Int, detail: String, requestID: String) -> HTTPResponse {
    render(Problem(status: status, detail: detail), requestID: requestID)
  }

  /// Answers a request start to finish on the calling thread, blocking work included: what
  /// tests use to drive the real router without a socket.
  public func respondNow(to request: HTTPRequest) -> HTTPResponse {
    switch respond(to: request) {
    case .response(let response): response
    case .blocking(let work): work()
    }
  }

  // MARK: - Handling

  private func handle(_ route: Route, _ request: HTTPRequest) -> HTTPResponse {
    var response = answer(route, request)
    response.headers.set("X-Content-Type-Options", "nosniff")
    return response
  }

  private func answer(_ route: Route, _ request: HTTPRequest) -> HTTPResponse {
    do {
      let principal =
        route.requiresAuthentication
        ? try auth.authenticate(authorization: request.headers["Authorization"]) : nil
      if route.method.isUnsafe, let principal, let key = request.headers["Idempotency-Key"] {
        return try idempotency.run(request, key: key, scope: principal.employee.id) {
          respondCatchingErrors(request) { try dispatch(route, request, principal) }
        }
      }
      return try dispatch(route, request, principal)
    } catch {
      return render(error, requestID: request.requestID)
    }
  }

  private func respondCatchingErrors(_ request: HTTPRequest, _ body: () throws -> HTTPResponse) -> HTTPResponse {
    do {
      return try body()
    } catch {
      return render(error, requestID: request.requestID)
    }
  }

  /// One case per route: adding a route without a handler does not compile.
  private func dispatch(_ route: Route, _ request: HTTPRequest, _ principal: Principal?) throws -> HTTPResponse {
    switch route {
    case .health:
      return try JSONCoding.response(Health())
    case .openAPI:
      return HTTPResponse(
        status: 200,
        headers: HTTPHeaders([("Content-Type", "application/yaml"), ("Cache-Control", "public, max-age=300")]),
        body: contract.bytes)
    case .login:
      let body = try JSONCoding.decode(LoginRequest.self, from: request)
      return try JSONCoding.response(try auth.login(body, address: clientAddress(of: request)))
    case .refresh:
      let body = try JSONCoding.decode(RefreshRequest.self, from: request)
      return try JSONCoding.response(try auth.refresh(body))
    case .logout(let everywhere):
      let principal = try signedIn(principal)
      let body = request.body.isEmpty && everywhere ? nil : try JSONCoding.decode(LogoutRequest.self, from: request)
      try auth.logout(principal, refreshToken: body?.refreshToken, everywhere: everywhere)
      return HTTPResponse(status: 204)
    case .me:
      let principal = try signedIn(principal)
      let user = try environment.database.read { try users.user(for: principal.employee, connection: $0) }
      return try JSONCoding.response(user)
    case .locations(let page):
      return try JSONCoding.response(try places.locations(page))
    case .createLocation:
      // Permission before input (DESIGN.md): a non-admin learns nothing from their body's errors.
      let principal = try signedIn(principal)
      try requireAdmin(principal, to: "add locations")
      let body = try JSONCoding.decode(NewLocation.self, from: request)
      let location = try places.createLocation(body, by: principal)
      return try JSONCoding.response(location, status: 201)
    case .departments(let page):
      return try JSONCoding.response(try places.departments(page))
    case .createDepartment:
      let principal = try signedIn(principal)
      try requireAdmin(principal, to: "add departments")
      let body = try JSONCoding.decode(NewDepartment.self, from: request)
      let department = try places.createDepartment(body, by: principal)
      return try JSONCoding.response(department, status: 201)
    case .personPhoto(let id, let size):
      guard let employee = try environment.database.read({ try PeopleStore($0).employee(id: id) }) else {
        throw Problem.notFound("No person has the id \(id).")
      }
      return HTTPResponse(
        status: 200,
        headers: HTTPHeaders([("Content-Type", "image/svg+xml"), ("Cache-Control", "private, max-age=300")]),
        body: Array(InitialsAvatar.svg(for: employee, size: size.rawValue).utf8))
    }
  }

  /// The address rate limits count against: the peer, or behind a trusted proxy the address
  /// the proxy appended last to `X-Forwarded-For` (earlier entries are the client's to forge).
  func clientAddress(of request: HTTPRequest) -> String {
    guard environment.trustsForwardedFor, let forwarded = request.headers.values("X-Forwarded-For").last,
      let last = forwarded.split(separator: ",").last.map({ String($0).trimmingWhitespace }), !last.isEmpty
    else { return request.remoteAddress }
    return last
  }

  // MARK: - Housekeeping

  /// Forgets sessions unused past the refresh-token lifetime and expired idempotency keys;
  /// a failure is logged. `atrium serve` runs it every hour.
  public func runHousekeeping() {
    let now = environment.now()
    do {
      try environment.database.write { connection in
        try SessionStore(connection).purge(
          before: now.addingTimeInterval(-environment.refreshTokenLifetime).milliseconds)
        try IdempotencyStore(connection).purge(
          before: now.addingTimeInterval(-environment.idempotencyLifetime).milliseconds)
      }
    } catch {
      environment.log.write(ErrorLogEntry(requestId: "housekeeping", error: String(describing: error)).line)
    }
  }

  private func signedIn(_ principal: Principal?) throws -> Principal {
    guard let principal else { throw Problem.unauthorized("Sign in first.") }
    return principal
  }

  // MARK: - Errors

  /// Renders any error as problem details; anything unexpected is logged with the request id
  /// and answered as 500 without internals.
  func render(_ error: any Error, requestID: String, headers extra: HTTPHeaders = HTTPHeaders()) -> HTTPResponse {
    var problem: Problem
    switch error {
    case let known as Problem:
      problem = known
    case let failure as ValidationFailure:
      problem = Problem.invalid(failure)
    case let failure as DatabaseError where failure.isBusy:
      problem = Problem(status: 503, detail: "The database is busy; try again in a moment.")
    default:
      environment.log.write(ErrorLogEntry(requestId: requestID, error: String(describing: error)).line)
      problem = Problem(
        status: 500,
        detail: "Something went wrong on the server. Quote request id \(requestID) when reporting it.")
    }
    problem.requestId = requestID
    var headers = HTTPHeaders([("Content-Type", Problem.mediaType), ("Cache-Control", "no-store")])
    if let retryAfter = problem.retryAfter { headers.add("Retry-After", String(retryAfter)) }
    for field in extra { headers.add(field.name, field.value) }
    let body = (try? JSONCoding.encoder.encode(problem)).map(Array.init) ?? Array(#"{"status":500}"#.utf8)
    return HTTPResponse(status: problem.status, headers: headers, body: body)
  }

  private static func problem(for error: RouteError, request: HTTPRequest) -> Problem {
    switch error {
    case .notFound:
      return Problem.notFound("There is no endpoint at \(request.path).")
    case .methodNotAllowed(let allowed):
      let names = allowed.map(\.rawValue).joined(separator: ", ")
      return Problem(status: 405, detail: "\(request.path) does not accept \(request.method); use \(names).")
    case .invalidQuery(let field, let message):
      return Problem.invalid(ValidationFailure([FieldError(field: field, message: message)]))
    }
  }
}

extension Route {
  /// Routes whose work may block a thread (password hashing): they run on the worker pool.
  var mayBlock: Bool {
    switch self {
    case .login: true
    default: false
    }
  }
}

/// One JSON line for an unexpected error, with the request id that the caller was given.
struct ErrorLogEntry: Encodable {
  let level = "error"
  let requestId: String
  let error: String

  var line: String {
    (try? JSONCoding.encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? error
  }
}

import AtriumAPI
import AtriumDomain
import AtriumHTTP
import AtriumStore
import Foundation

/// The JSON handlers: each decodes its input, calls a section's service and encodes the
/// answer. They stay thin; the rules live in the services and AtriumDomain.
extension AtriumApp {
  /// One case per route: adding a route without a handler does not compile.
  func dispatch(_ route: Route, _ request: HTTPRequest, _ principal: Principal?) throws -> HTTPResponse {
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

  func signedIn(_ principal: Principal?) throws -> Principal {
    guard let principal else { throw Problem.unauthorized("Sign in first.") }
    return principal
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

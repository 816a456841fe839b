import AtriumAPI
import AtriumDomain
import AtriumHTTP
import AtriumHTTPTypes
import AtriumServices
import AtriumStore
import AtriumWeb
import Foundation

/// Routes each API request to its section's handlers (in `Handlers/`): each decodes its input,
/// calls the section's service and encodes the answer. They stay thin: the rules live in the
/// services and AtriumDomain.
extension AtriumApp {
  /// One case per section, each handled in its own file under `Handlers/`. Authentication and
  /// the password-change rule were applied before, in `answer`.
  func dispatch(
    _ route: Route, _ rules: EndpointRules, _ request: HTTPRequest, _ principal: Principal?
  ) throws -> HTTPResponse {
    // Permission before input (DESIGN.md): a non-admin learns nothing from their body's errors.
    // Checked here, inside an `Idempotency-Key` claim, so a refusal is replayed like any answer.
    if case .admin(let action) = rules.access {
      try requireAdmin(try signedIn(principal), to: action)
    }
    return switch route {
    case .service(let route): try handle(route)
    case .auth(let route): try handle(route, request, principal)
    case .calendar(let route): try handle(route, request, principal)
    case .me(let route): try handle(route, request, try signedIn(principal))
    case .leave(let route): try handle(route, request, try signedIn(principal))
    case .approvals(let route): try handle(route, request, try signedIn(principal))
    case .leaveSettings(let route): try handle(route, request, try signedIn(principal))
    case .people(let route): try handle(route, request, try signedIn(principal))
    case .places(let route): try handle(route, request, try signedIn(principal))
    case .company(let route): try handle(route, request, try signedIn(principal))
    case .board(let route): try handle(route, request, try signedIn(principal))
    case .timeline(let route): try handle(route, request, try signedIn(principal))
    case .settings(let route): try handle(route, request, try signedIn(principal))
    case .directory(let route): try handle(route, request, try signedIn(principal))
    case .outbox(let route): try handle(route, request, try signedIn(principal))
    case .presence(let route): try handle(route, request, try signedIn(principal))
    case .tasks(let route): try handle(route, request, try signedIn(principal))
    case .sensors(let route): try handle(route, request, try signedIn(principal))
    case .sensorAlerts(let route): try handle(route, request, try signedIn(principal))
    case .events:
      // Answered as a stream before dispatch (`openEventStream`).
      throw InternalFault("The event stream reached the dispatch of routes; it is answered before it.")
    }
  }

  /// The address rate limits count against (see `HTTPRequest.clientAddress`).
  func clientAddress(of request: HTTPRequest) -> String {
    web.clientAddress(of: request)
  }

  func sessionOrigin(of request: HTTPRequest) -> SessionOrigin {
    web.sessionOrigin(of: request)
  }

  func signedIn(_ principal: Principal?) throws -> Principal {
    guard let principal else { throw Problem.unauthorized(.signInFirst) }
    return principal
  }
}

import AtriumAPI
import AtriumDomain
import AtriumHTTP
import AtriumHTTPTypes
import AtriumServices
import AtriumStore
import Foundation

/// Every error leaves the server as RFC 9457 problem details.
extension AtriumApp {
  /// Renders any error as problem details; anything unexpected is logged with the request id
  /// and answered as 500 without internals.
  func render(_ error: any Error, requestID: String, headers extra: HTTPHeaders = HTTPHeaders()) -> HTTPResponse {
    var problem: Problem
    switch error {
    case let known as Problem:
      problem = known
    case let failure as ValidationFailure:
      problem = Problem.invalid(failure)
    case is InvalidCursor:
      problem = Problem.badRequest(
        "The cursor is not one this list handed out; start again without it.",
        errors: [FieldError(field: "cursor", message: "is not valid")])
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
    let body = (try? StreamingJSONEncoder().encode(problem)) ?? Array(#"{"status":500}"#.utf8)
    return HTTPResponse(status: problem.status, headers: headers, body: body)
  }

  static func problem(for error: RouteError, request: HTTPRequest) -> Problem {
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

import AtriumAPI
import AtriumDomain
import AtriumHTTP
import AtriumHTTPTypes
import AtriumMessages
import AtriumServices
import AtriumStore
import AtriumWeb
import Foundation

/// Every error leaves the server as RFC 9457 problem details.
extension AtriumApp {
  /// Renders any error as problem details; anything unexpected is logged with the request id
  /// and answered as 500 without internals.
  /// - Parameter language: the reader's (`readerLanguage`); English for answers with no request.
  func render(
    _ error: any Error, requestID: String, language: Language = .en, headers extra: HTTPHeaders = HTTPHeaders()
  ) -> HTTPResponse {
    let problem = Problem.describing(error, requestID: requestID, log: environment.log).localized(in: language)
    var headers = HTTPHeaders([("Content-Type", Problem.mediaType), ("Cache-Control", "no-store")])
    if let retryAfter = problem.retryAfter { headers.add("Retry-After", String(retryAfter)) }
    for field in extra { headers.add(field.name, field.value) }
    let body = (try? StreamingJSONEncoder().encode(problem)) ?? Array(#"{"status":500}"#.utf8)
    return HTTPResponse(status: problem.status, headers: headers, body: body)
  }

  static func problem(for error: RouteError, request: HTTPRequest) -> Problem {
    switch error {
    case .notFound:
      return Problem.notFound(.noEndpoint(path: request.path))
    case .methodNotAllowed(let allowed):
      let names = allowed.map(\.rawValue).joined(separator: ", ")
      return Problem(status: 405, .methodNotAllowed(path: request.path, method: request.method, allowed: names))
    case .invalidQuery(let field, let rule):
      return Problem.invalid(ValidationFailure([FieldError(field: field, rule: rule)]))
    }
  }
}

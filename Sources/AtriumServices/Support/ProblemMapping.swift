import AtriumAPI
import AtriumDomain
import AtriumLog
import AtriumStore

extension Problem {
  /// Any error as the problem its caller is shown, for the API and the web app alike: a
  /// `Problem` as it is, a validation failure as 400, a foreign cursor as 400, a busy database
  /// as 503 (worth a retry). Anything unexpected is logged with the request id and becomes a
  /// 500 that names the request id and nothing of the internals.
  package static func describing(_ error: any Error, requestID: String, log: LogSink) -> Problem {
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
      log.write(ErrorLogEntry(requestId: requestID, error: String(describing: error)).line)
      problem = Problem(
        status: 500,
        detail: "Something went wrong on the server. Quote request id \(requestID) when reporting it.")
    }
    problem.requestId = requestID
    return problem
  }
}

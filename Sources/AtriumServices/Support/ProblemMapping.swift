import AtriumAPI
import AtriumDomain
import AtriumLog
import AtriumSQL
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
      problem = Problem.invalid(ValidationFailure([FieldError(field: "cursor", rule: .unknownCursor)]))
    // A conflict seen inside a write is answered here only to be thrown away: the write runs
    // the whole request again. Should it reach a caller, it is contention, worth a retry.
    case let failure as DatabaseError where failure.isBusy || failure.isConflict:
      problem = Problem(status: 503, .databaseBusy)
    case let failure as DatabaseError where failure.isUnstorableText:
      problem = Problem.badRequest(.textWithNulCharacter)
    case let failure as DatabaseError where failure.isUnavailable:
      // Logged: an operator must learn that the database went away, not only the callers.
      log.write(ErrorLogEntry(requestId: requestID, error: String(describing: error)).line)
      problem = Problem(status: 503, .databaseUnavailable)
      problem.retryAfter = 5
    default:
      log.write(ErrorLogEntry(requestId: requestID, error: String(describing: error)).line)
      problem = Problem(status: 500, .serverError(requestID: requestID))
    }
    problem.requestId = requestID
    return problem
  }
}

import AtriumAPI
import AtriumMessages

/// Every way a call can fail, as DESIGN.md lists them, each with a message for people in
/// English and Spanish.
public enum APIError: Error, Hashable, Sendable {
  case badRequest(Problem)
  case unauthorized
  case forbidden
  case notFound
  case conflict(Problem)
  /// 410: what was asked for is no longer kept (a task feed's cursor older than 90 days).
  case gone
  /// 412: the version named in `If-Match` is no longer current.
  case preconditionFailed
  /// 428: the request needs `If-Match`.
  case preconditionRequired
  case payloadTooLarge
  case unsupportedMediaType
  case unprocessable(Problem)
  case rateLimited(retryAfter: Int?)
  case server(status: Int)
  case unknownStatus(Int)
  case offline
  case timeout
  case decoding(String)
  /// Offline, and the write could not be kept on this device to send later.
  case notKept(String)
  /// Kept offline, and it no longer holds when it could be sent: a check-in whose position
  /// grew too old (`PresenceRules.maximumFixAge`). It is not sent.
  case expired

  /// Whether it says "not now" rather than "no": offline, no answer in time, or the server
  /// asking to be called later (429, 502, 503, 504). A write kept on the device waits for the
  /// next sync then; only a refusal removes it.
  public var isTemporary: Bool {
    switch self {
    case .offline, .timeout, .rateLimited: true
    case .server(let status): status == 502 || status == 503 || status == 504
    default: false
    }
  }

  /// The error for a response that is not a success.
  public static func from(status: Int, problem: Problem?, retryAfter: Int?) -> APIError {
    let problem = problem ?? Problem(status: status, detail: "")
    switch status {
    case 400: return .badRequest(problem)
    case 401: return .unauthorized
    case 403: return .forbidden
    case 404: return .notFound
    case 409: return .conflict(problem)
    case 410: return .gone
    case 412: return .preconditionFailed
    case 428: return .preconditionRequired
    case 413: return .payloadTooLarge
    case 415: return .unsupportedMediaType
    case 422: return .unprocessable(problem)
    case 429: return .rateLimited(retryAfter: retryAfter ?? problem.retryAfter)
    case 500...599: return .server(status: status)
    default: return .unknownStatus(status)
    }
  }

  /// What to tell the person. The server's own explanation is used where it has one (a
  /// validation error, a conflict, a rule), since it names what went wrong.
  public func message(in language: ClientLanguage) -> String {
    switch self {
    case .badRequest(let problem), .conflict(let problem), .unprocessable(let problem):
      if let detail = problem.detail, !detail.isEmpty { return detail }
      return ConnectionMessage.invalidRequest.text(in: language)
    default:
      return connectionMessage.text(in: language)
    }
  }

  /// The catalogue's words for a failure the server did not explain.
  private var connectionMessage: ConnectionMessage {
    switch self {
    case .badRequest, .conflict, .unprocessable: .invalidRequest
    case .gone: .notFound
    case .preconditionFailed, .preconditionRequired: .changedMeanwhile
    case .unauthorized: .sessionEnded
    case .forbidden: .notAllowed
    case .notFound: .notFound
    case .payloadTooLarge: .tooLarge
    case .unsupportedMediaType: .unsupportedFile
    case .rateLimited(let seconds): .tooManyAttempts(waitSeconds: seconds)
    case .server: .serverFailed
    case .unknownStatus(let status): .unexpectedAnswer(status: status)
    case .offline: .offline
    case .timeout: .noAnswer
    case .decoding: .unreadableAnswer
    case .notKept: .notKept
    case .expired: .expiredOffline
    }
  }
}

/// The languages the SDK speaks: the catalogue's.
public typealias ClientLanguage = Language

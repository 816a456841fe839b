import AtriumDomain

/// The body of every error response: RFC 9457 problem details (`application/problem+json`).
public struct Problem: Error, Codable, Hashable, Sendable {
  /// A URI reference naming the kind of problem; `about:blank` when the status says it all.
  public var type: String
  /// A short summary of the kind of problem, the same for every occurrence.
  public var title: String
  public var status: Int
  /// What went wrong this time, in words a person can act on.
  public var detail: String?
  /// The request id, so a report can be matched to the server's log line.
  public var requestId: String?
  /// For validation failures: each refused field and why.
  public var errors: [FieldError]?
  /// For 429: seconds to wait before trying again (also sent as `Retry-After`).
  public var retryAfter: Int?

  public init(
    status: Int, title: String? = nil, detail: String? = nil, type: String = "about:blank",
    errors: [FieldError]? = nil, requestId: String? = nil
  ) {
    self.type = type
    self.title = title ?? Problem.reasonPhrase(for: status)
    self.status = status
    self.detail = detail
    self.requestId = requestId
    self.errors = errors
  }

  /// The media type of a problem body.
  public static let mediaType = "application/problem+json"

  /// The standard reason phrase of a status code, used as the default title.
  public static func reasonPhrase(for status: Int) -> String {
    switch status {
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 409: "Conflict"
    case 413: "Content Too Large"
    case 415: "Unsupported Media Type"
    case 422: "Unprocessable Content"
    case 429: "Too Many Requests"
    case 500: "Internal Server Error"
    case 503: "Service Unavailable"
    default: "HTTP \(status)"
    }
  }
}

extension Problem {
  public static func badRequest(_ detail: String, errors: [FieldError]? = nil) -> Problem {
    Problem(status: 400, detail: detail, errors: errors)
  }

  public static func unauthorized(_ detail: String) -> Problem {
    Problem(status: 401, detail: detail)
  }

  public static func forbidden(_ detail: String) -> Problem {
    Problem(status: 403, detail: detail)
  }

  public static func notFound(_ detail: String) -> Problem {
    Problem(status: 404, detail: detail)
  }

  public static func conflict(_ detail: String) -> Problem {
    Problem(status: 409, detail: detail)
  }

  public static func unprocessable(_ detail: String, errors: [FieldError]? = nil) -> Problem {
    Problem(status: 422, detail: detail, errors: errors)
  }

  /// A validation failure: 400 with one entry per refused field.
  public static func invalid(_ failure: ValidationFailure) -> Problem {
    let fields = failure.errors.map { "\($0.field) \($0.message)" }.joined(separator: "; ")
    return Problem(
      status: 400, title: "Invalid input", detail: fields, type: "/problems/validation",
      errors: failure.errors)
  }
}

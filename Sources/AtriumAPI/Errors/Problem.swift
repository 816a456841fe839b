import AtriumDomain
import AtriumMessages

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
  /// For 429 and 503: seconds to wait before trying again (also sent as `Retry-After`).
  public var retryAfter: Int?
  /// The catalogue's message for `detail`, so the answer can be worded in the reader's
  /// language; nil for a detail not yet in the catalogue (it stays as written).
  public var message: ProblemMessage?

  private enum CodingKeys: String, CodingKey {
    case type, title, status, detail, requestId, errors, retryAfter
  }

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
    case 410: "Gone"
    case 412: "Precondition Failed"
    case 413: "Content Too Large"
    case 415: "Unsupported Media Type"
    case 422: "Unprocessable Content"
    case 428: "Precondition Required"
    case 429: "Too Many Requests"
    case 500: "Internal Server Error"
    case 503: "Service Unavailable"
    default: "HTTP \(status)"
    }
  }
}

extension Problem {
  /// A problem whose title and detail come from the catalogue (in English until it is
  /// localized): the title names the `type`, or the status when there is none.
  public init(status: Int, _ message: ProblemMessage, type: String = "about:blank") {
    self.init(
      status: status, title: ProblemTitle(status: status, type: type).text(in: .en), detail: message.text(in: .en),
      type: type)
    self.message = message
  }

  public init(status: Int, _ message: AdminProblemMessage) {
    self.init(status: status, .admin(message))
  }

  public static func badRequest(_ message: AdminProblemMessage) -> Problem { Problem(status: 400, .admin(message)) }
  public static func forbidden(_ message: AdminProblemMessage) -> Problem { Problem(status: 403, .admin(message)) }
  public static func notFound(_ message: AdminProblemMessage) -> Problem { Problem(status: 404, .admin(message)) }
  public static func conflict(_ message: AdminProblemMessage) -> Problem { Problem(status: 409, .admin(message)) }
  public static func unprocessable(_ message: AdminProblemMessage) -> Problem { Problem(status: 422, .admin(message)) }

  public static func badRequest(_ message: ProblemMessage) -> Problem { Problem(status: 400, message) }
  public static func unauthorized(_ message: ProblemMessage) -> Problem { Problem(status: 401, message) }
  public static func forbidden(_ message: ProblemMessage) -> Problem { Problem(status: 403, message) }
  public static func notFound(_ message: ProblemMessage) -> Problem { Problem(status: 404, message) }
  public static func conflict(_ message: ProblemMessage) -> Problem { Problem(status: 409, message) }
  public static func unprocessable(_ message: ProblemMessage) -> Problem { Problem(status: 422, message) }

  /// The problem worded for a reader: the title, the detail and each field's reason from the
  /// catalogue where they are in it; texts not yet in the catalogue stay as written.
  public func localized(in language: Language) -> Problem {
    var localized = self
    let englishTitle = ProblemTitle(status: status, type: type).text(in: .en)
    if title == englishTitle { localized.title = ProblemTitle(status: status, type: type).text(in: language) }
    localized.errors = errors?.map { $0.worded(in: language) }
    if type == Self.validationType, let errors = localized.errors {
      localized.detail = Self.summary(of: errors)
    } else if let message {
      localized.detail = message.text(in: language)
    }
    return localized
  }

  static let validationType = "/problems/validation"

  /// The same problem with field errors (worded in English until it is localized).
  public func with(errors: [FieldError]) -> Problem {
    var problem = self
    problem.errors = errors.map { $0.worded(in: .en) }
    return problem
  }

  /// `end must not be before start; note must be at most 500 characters`.
  static func summary(of errors: [FieldError]) -> String {
    errors.map { "\($0.field) \($0.message)" }.joined(separator: "; ")
  }

  /// A validation failure: 400 with one entry per refused field (worded in English until it
  /// is localized).
  public static func invalid(_ failure: ValidationFailure) -> Problem {
    let errors = failure.errors.map { $0.worded(in: .en) }
    return Problem(
      status: 400, title: ProblemTitle(status: 400, type: validationType).text(in: .en), detail: summary(of: errors),
      type: validationType, errors: errors)
  }
}

extension FieldError {
  /// The reason in `language` when the error names a rule of the catalogue; as written
  /// otherwise.
  public func worded(in language: Language) -> FieldError {
    guard let rule else { return self }
    var worded = self
    worded.message = FieldMessage(rule).text(in: language)
    return worded
  }
}

/// Why the engine answered a request itself, before the application saw it. The application
/// words it (`HTTPResponder.engineError`), in the reader's language and its own error format.
public enum EngineRefusal: Hashable, Sendable, CustomStringConvertible {
  /// Every worker is taken and the queue is full.
  case busy
  /// The connection was opened while `limit` others were open (`Configuration.connectionLimit`).
  case tooManyConnections(limit: Int)
  /// The body is (or declares to be) larger than the endpoint accepts.
  case bodyTooLarge(limit: Int)
  /// Both `Content-Length` and `Transfer-Encoding` (RFC 9112 §6.1: a way to smuggle requests).
  case conflictingFraming
  /// A `Transfer-Encoding` other than chunked, which libmicrohttpd cannot read.
  case unsupportedTransferCoding(String)

  public var status: Int {
    switch self {
    case .busy, .tooManyConnections: 503
    case .bodyTooLarge: 413
    case .conflictingFraming: 400
    case .unsupportedTransferCoding: 501
    }
  }

  /// Seconds a client should wait before trying again (sent as `Retry-After`), for refusals
  /// that pass by themselves.
  public var retryAfterSeconds: Int? {
    switch self {
    case .busy: 1
    case .tooManyConnections: 5
    case .bodyTooLarge, .conflictingFraming, .unsupportedTransferCoding: nil
    }
  }

  /// In English, for logs and for responders with no catalogue (tests).
  public var description: String {
    switch self {
    case .busy: "The server is busy; try again in a moment."
    case .tooManyConnections(let limit):
      "The server has \(limit) connections open, as many as it serves; try again in a few seconds."
    case .bodyTooLarge(let limit): "The request body is larger than the \(limit) bytes this endpoint accepts."
    case .conflictingFraming: "A request may not carry both Content-Length and Transfer-Encoding."
    case .unsupportedTransferCoding(let coding):
      "Transfer-Encoding \(coding) is not supported; send the body chunked or with Content-Length."
    }
  }
}

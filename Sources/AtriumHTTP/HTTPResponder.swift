import AtriumHTTPTypes

/// What the application does with a request.
public enum HTTPOutcome: Sendable {
  /// Answer now, on the network thread: for fast work only.
  case response(HTTPResponse)
  /// Work that may block (password hashing, a directory bind, an outbound call): it runs on
  /// the bounded worker pool while the connection waits, so network threads stay free.
  case blocking(@Sendable () -> HTTPResponse)
  /// A change to stored data: it waits for the database's single writer and for the disk
  /// (the commit's `fsync`), so it runs on the writers' pool, whose threads can all wait while
  /// one of them commits everyone's changes at once, and the network threads keep answering
  /// reads meanwhile.
  case writing(@Sendable () -> HTTPResponse)
  /// A body written over time (server-sent events); the connection stays open until the
  /// stream ends.
  case stream(HTTPStream)
}

/// The application behind an `HTTPServer`.
public protocol HTTPResponder: Sendable {
  /// The largest body accepted for this method and (raw) path; larger ones get 413 before the
  /// body is read.
  func bodyLimit(method: String, path: String) -> Int

  /// Answers a fully received request. It must not throw or trap: errors become responses.
  func respond(to request: HTTPRequest) -> HTTPOutcome

  /// The response for a request refused by the engine itself (413 too large, 503 busy), so the
  /// application can give it its own error format and word it for the reader
  /// (`acceptLanguage` is the request's `Accept-Language` header, when it has one).
  func engineError(_ refusal: EngineRefusal, requestID: String, acceptLanguage: String?) -> HTTPResponse

  /// The path as the access log shows it: a path that carries a secret (a calendar feed's
  /// token) is written with the secret left out. The query is never logged.
  func loggedPath(_ path: String) -> String
}

extension HTTPResponder {
  public func loggedPath(_ path: String) -> String { path }
}

extension HTTPOutcome {
  /// The same outcome with `transform` applied to its response, now or when the blocking work
  /// ends. A stream is left as it is: its head was set when it was made.
  public func mapResponse(_ transform: @escaping @Sendable (HTTPResponse) -> HTTPResponse) -> HTTPOutcome {
    switch self {
    case .response(let response): .response(transform(response))
    case .blocking(let work): .blocking { transform(work()) }
    case .writing(let work): .writing { transform(work()) }
    case .stream: self
    }
  }
}

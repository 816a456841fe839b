import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One HTTP exchange as the SDK sees it, whatever carries it.
public struct TransportRequest: Sendable, Hashable {
  public var method: String
  public var url: URL
  public var headers: [String: String]
  public var body: Data?
  /// Seconds before the exchange counts as timed out.
  public var timeout: TimeInterval

  public init(method: String, url: URL, headers: [String: String] = [:], body: Data? = nil, timeout: TimeInterval = 30)
  {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
    self.timeout = timeout
  }
}

public struct TransportResponse: Sendable, Hashable {
  public var status: Int
  /// Header names in lowercase.
  public var headers: [String: String]
  public var body: Data

  public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
    self.status = status
    self.headers = headers
    self.body = body
  }
}

/// Why no response arrived.
public enum TransportError: Error, Hashable, Sendable {
  /// No network, or the server cannot be reached (the original app's -1009).
  case offline
  case timeout
  case failed(String)
}

/// A response that keeps coming (server-sent events): the status and headers at once, then
/// the body in pieces as they arrive. Ending the iteration (or `cancel`) closes it.
public struct TransportStream: Sendable {
  public var status: Int
  /// Header names in lowercase.
  public var headers: [String: String]
  public var chunks: AsyncThrowingStream<Data, any Error>
  public var cancel: @Sendable () -> Void

  public init(
    status: Int, headers: [String: String], chunks: AsyncThrowingStream<Data, any Error>,
    cancel: @escaping @Sendable () -> Void
  ) {
    self.status = status
    self.headers = headers
    self.chunks = chunks
    self.cancel = cancel
  }
}

/// Sends requests: `URLSessionTransport` for real, stubs in tests.
public protocol Transport: Sendable {
  func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse
  /// Opens a long response, such as `/api/v1/events`. `request.timeout` is then the longest
  /// silence allowed between two pieces.
  func open(_ request: TransportRequest) async throws(TransportError) -> TransportStream
}

/// The transport on URLSession (FoundationNetworking on Linux).
public struct URLSessionTransport: Transport {
  private let session: URLSession
  private let configuration: URLSessionConfiguration

  public init(configuration: URLSessionConfiguration = .ephemeral) {
    self.configuration = configuration
    session = URLSession(configuration: configuration)
  }

  public func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
    let urlRequest = Self.urlRequest(request)
    let outcome: Result<TransportResponse, TransportError> = await withCheckedContinuation { continuation in
      let task = session.dataTask(with: urlRequest) { data, response, error in
        if let error {
          continuation.resume(returning: .failure(Self.map(error)))
          return
        }
        guard let http = response as? HTTPURLResponse else {
          continuation.resume(returning: .failure(.failed("the answer was not HTTP")))
          return
        }
        continuation.resume(
          returning: .success(
            TransportResponse(status: http.statusCode, headers: Self.headers(of: http), body: data ?? Data())))
      }
      task.resume()
    }
    return try outcome.get()
  }

  public func open(_ request: TransportRequest) async throws(TransportError) -> TransportStream {
    try await StreamingDelegate.open(Self.urlRequest(request), configuration: configuration)
  }

  static func urlRequest(_ request: TransportRequest) -> URLRequest {
    var urlRequest = URLRequest(
      url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: request.timeout)
    urlRequest.httpMethod = request.method
    for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
    urlRequest.httpBody = request.body
    return urlRequest
  }

  static func headers(of response: HTTPURLResponse) -> [String: String] {
    var headers: [String: String] = [:]
    for (name, value) in response.allHeaderFields {
      if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
    }
    return headers
  }

  /// Transport failures as the app shows them: no network and unreachable servers are
  /// "offline" (the outbox waits for them), a slow answer is a timeout.
  static func map(_ error: any Error) -> TransportError {
    switch (error as? URLError)?.code {
    case .notConnectedToInternet?, .networkConnectionLost?, .cannotConnectToHost?, .cannotFindHost?,
      .dnsLookupFailed?, .dataNotAllowed?, .internationalRoamingOff?:
      return .offline
    case .timedOut?: return .timeout
    default: return .failed(error.localizedDescription)
    }
  }
}

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

/// Sends requests: `URLSessionTransport` for real, stubs in tests.
public protocol Transport: Sendable {
  func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse
}

/// The transport on URLSession (FoundationNetworking on Linux).
public struct URLSessionTransport: Transport {
  private let session: URLSession

  public init(configuration: URLSessionConfiguration = .ephemeral) {
    session = URLSession(configuration: configuration)
  }

  public func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
    var urlRequest = URLRequest(
      url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: request.timeout)
    urlRequest.httpMethod = request.method
    for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
    urlRequest.httpBody = request.body
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
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
          if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        continuation.resume(
          returning: .success(TransportResponse(status: http.statusCode, headers: headers, body: data ?? Data())))
      }
      task.resume()
    }
    return try outcome.get()
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

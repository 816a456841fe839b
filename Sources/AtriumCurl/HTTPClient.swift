import CCurl

/// An HTTP request Atrium makes to another service (a push service, APNs, FCM).
public struct HTTPClientRequest: Sendable {
  public var method: String
  public var url: String
  public var headers: [(name: String, value: String)]
  public var body: [UInt8]
  /// Refuse anything but HTTP/2 (APNs speaks nothing else); otherwise HTTP/2 over TLS when the
  /// server offers it, HTTP/1.1 when not.
  public var requiresHTTP2: Bool
  /// A PEM file of the certificate authorities to trust instead of the system's.
  public var caFile: String?
  public var connectTimeoutSeconds: Int
  /// For the whole exchange.
  public var timeoutSeconds: Int

  public init(
    method: String = "POST", url: String, headers: [(name: String, value: String)] = [], body: [UInt8] = [],
    requiresHTTP2: Bool = false, caFile: String? = nil, connectTimeoutSeconds: Int = 10, timeoutSeconds: Int = 30
  ) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
    self.requiresHTTP2 = requiresHTTP2
    self.caFile = caFile
    self.connectTimeoutSeconds = connectTimeoutSeconds
    self.timeoutSeconds = timeoutSeconds
  }
}

/// What came back.
public struct HTTPClientResponse: Sendable {
  public var status: Int
  public var headers: [(name: String, value: String)]
  public var body: [UInt8]
  /// 2 for HTTP/2, 1 for HTTP/1.x.
  public var majorVersion: Int

  public init(status: Int, headers: [(name: String, value: String)], body: [UInt8], majorVersion: Int) {
    self.status = status
    self.headers = headers
    self.body = body
    self.majorVersion = majorVersion
  }

  /// The first header field named `name` (any case).
  public func header(_ name: String) -> String? {
    headers.first { $0.name.lowercased() == name.lowercased() }?.value
  }
}

/// No answer came: the server was unreachable, TLS failed, the time ran out.
public struct HTTPClientFailure: Error, Sendable, CustomStringConvertible {
  public let description: String
}

/// HTTP requests through libcurl: http and https only, no redirects followed, a deadline per
/// exchange, and a body of at most 1 MiB read back. A new connection per request.
public enum HTTPClient {
  public static func send(_ request: HTTPClientRequest) throws(HTTPClientFailure) -> HTTPClientResponse {
    guard let transfer = CurlTransfer() else { throw HTTPClientFailure(description: "libcurl could not make a handle") }
    transfer.set(CURLOPT_URL, request.url)
    transfer.set(CURLOPT_PROTOCOLS_STR, "http,https")
    transfer.set(CURLOPT_CONNECTTIMEOUT, request.connectTimeoutSeconds)
    transfer.set(CURLOPT_TIMEOUT, request.timeoutSeconds)
    transfer.set(
      CURLOPT_HTTP_VERSION,
      Int(
        request.requiresHTTP2 && request.url.hasPrefix("http:")
          ? CURL_HTTP_VERSION_2_PRIOR_KNOWLEDGE
          : CURL_HTTP_VERSION_2TLS))
    if let caFile = request.caFile { transfer.set(CURLOPT_CAINFO, caFile) }
    // libcurl adds "Expect: 100-continue" to larger bodies and waits for it; an empty value drops it.
    transfer.set(CURLOPT_HTTPHEADER, list: request.headers.map { "\($0.name): \($0.value)" } + ["Expect:"])
    if request.method != "GET" {
      transfer.set(CURLOPT_POST, 1)
      transfer.set(CURLOPT_POSTFIELDSIZE_LARGE, request.body.count)
      transfer.upload(request.body)
      if request.method != "POST" { transfer.set(CURLOPT_CUSTOMREQUEST, request.method) }
    }
    let outcome = transfer.perform()
    guard outcome.succeeded else { throw HTTPClientFailure(description: outcome.detail) }
    let version = transfer.httpVersion
    let major = version == CURL_HTTP_VERSION_2_0 ? 2 : version == CURL_HTTP_VERSION_3 ? 3 : 1
    if request.requiresHTTP2, major < 2 {
      throw HTTPClientFailure(description: "the server at \(request.url) does not speak HTTP/2")
    }
    return HTTPClientResponse(
      status: transfer.responseCode, headers: transfer.responseHeaders, body: transfer.responseBody,
      majorVersion: major)
  }
}

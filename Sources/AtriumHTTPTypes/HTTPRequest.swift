/// A request as the application sees it: fully received, body included.
public struct HTTPRequest: Sendable {
  public var method: String
  /// The path as sent, still percent-encoded, without the query.
  public var path: String
  /// Query parameters, percent-decoded (`+` as space); the first of repeated names wins.
  public var query: [String: String]
  /// The name of a query parameter that was left out of `query` because it is not valid
  /// percent-encoded UTF-8, or nil.
  public var malformedQueryParameter: String?
  public var headers: HTTPHeaders
  public var body: [UInt8]
  /// The peer's numeric address (`127.0.0.1`, `::1`).
  public var remoteAddress: String
  /// A random id that the access log, the `X-Request-Id` header and 500 problems share.
  public var requestID: String

  public init(
    method: String, path: String, query: [String: String] = [:], headers: HTTPHeaders = HTTPHeaders(),
    body: [UInt8] = [], remoteAddress: String = "127.0.0.1", requestID: String = RequestID.make(),
    malformedQueryParameter: String? = nil
  ) {
    self.method = method
    self.path = path
    self.query = query
    self.malformedQueryParameter = malformedQueryParameter
    self.headers = headers
    self.body = body
    self.remoteAddress = remoteAddress
    self.requestID = requestID
  }

  /// Builds a request from a request target such as `/a/b?x=1&y=2`.
  public init(
    method: String, target: String, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [],
    remoteAddress: String = "127.0.0.1"
  ) {
    let query = QueryString.parsed(QueryString.rawQuery(of: target))
    self.init(
      method: method, path: QueryString.path(of: target), query: query.parameters, headers: headers, body: body,
      remoteAddress: remoteAddress, malformedQueryParameter: query.malformedParameter)
  }

  /// The method a route or page is matched with: HEAD is GET without the body, which the
  /// engine leaves out.
  public var matchingMethod: String { method == "HEAD" ? "GET" : method }

  /// Whether the request may change something (anything but GET and HEAD): it needs CSRF
  /// protection with cookies and honours `Idempotency-Key`.
  public var isUnsafe: Bool { matchingMethod != "GET" }

  /// The cookie called `name` from the `Cookie` headers (the first of a repeated name), read
  /// without making the others.
  public func cookie(_ name: String) -> String? { Cookies.value(named: name, in: headers.values("Cookie")) }

  /// The media type of the body without parameters, lowercased (`application/json`).
  public var mediaType: String? {
    headers["Content-Type"].map {
      String($0.split(separator: ";", maxSplits: 1).first ?? "").trimmingCharacters(in: " \t").lowercased()
    }
  }
}

extension StringProtocol {
  func trimmingCharacters(in set: String) -> String {
    var slice = Substring(self)
    while let first = slice.first, set.contains(first) { slice.removeFirst() }
    while let last = slice.last, set.contains(last) { slice.removeLast() }
    return String(slice)
  }
}

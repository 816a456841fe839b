/// A complete response: status, headers, body.
public struct HTTPResponse: Sendable, Hashable {
  public var status: Int
  public var headers: HTTPHeaders
  public var body: [UInt8]

  public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// A response with a body of the given media type.
  public init(status: Int, contentType: String, body: [UInt8]) {
    self.init(status: status, headers: HTTPHeaders([("Content-Type", contentType)]), body: body)
  }

  /// The body as UTF-8 text (for tests and logs).
  public var text: String { String(decoding: body, as: UTF8.self) }
}

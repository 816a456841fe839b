/// The HTTP methods the API uses.
public enum HTTPMethod: String, Sendable, CaseIterable {
  case get = "GET"
  case post = "POST"
  case put = "PUT"
  case patch = "PATCH"
  case delete = "DELETE"

  /// Methods that change state: they need CSRF protection with cookies and honour
  /// `Idempotency-Key`.
  public var isUnsafe: Bool { self != .get }
}

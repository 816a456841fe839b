import AtriumHTTP
import AtriumHTTPTypes
import AtriumServices
import AtriumWeb

/// The headers every answer carries, pages and API alike (a response that set its own keeps
/// it): no MIME sniffing, no framing, no referrer beyond the site, and for anything that is not
/// a page a policy that lets it load and run nothing (a JSON body or an SVG opened on its own).
enum SecurityHeaders {
  static let nonPagePolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

  static let everyAnswer = HTTPHeaders.Constant([
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "same-origin"),
    ("X-Frame-Options", "DENY"),
    ("Content-Security-Policy", nonPagePolicy),
  ])

  /// Behind TLS, browsers are told to come back only over HTTPS for a year (RFC 6797). Never
  /// over plain HTTP: a browser would then refuse a server that has no TLS at all.
  static let strictTransportSecurity = (name: "Strict-Transport-Security", value: "max-age=31536000")

  /// - Parameter overTLS: Whether the visitor reached Atrium over HTTPS (`WebSessions.isSecure`).
  static func apply(to headers: inout HTTPHeaders, overTLS: Bool = false) {
    headers.addMissing(everyAnswer)
    if overTLS { headers.set(strictTransportSecurity.name, strictTransportSecurity.value) }
  }

  static func apply(to response: HTTPResponse, overTLS: Bool = false) -> HTTPResponse {
    var response = response
    apply(to: &response.headers, overTLS: overTLS)
    return response
  }
}

import AtriumHTTP
import AtriumHTTPTypes
import AtriumServices
import AtriumWeb

/// The headers every answer carries, pages and API alike (a response that set its own keeps
/// it): no MIME sniffing, no framing, no referrer beyond the site, and for anything that is not
/// a page a policy that lets it load and run nothing (a JSON body or an SVG opened on its own).
enum SecurityHeaders {
  static let nonPagePolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

  static let baseline: [(name: String, value: String)] = [
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "same-origin"),
    ("X-Frame-Options", "DENY"),
  ]

  static func apply(to headers: inout HTTPHeaders) {
    for (name, value) in baseline where headers[name] == nil { headers.set(name, value) }
    if headers["Content-Security-Policy"] == nil { headers.set("Content-Security-Policy", nonPagePolicy) }
  }

  static func apply(to response: HTTPResponse) -> HTTPResponse {
    var response = response
    apply(to: &response.headers)
    return response
  }

  static func apply(to outcome: HTTPOutcome) -> HTTPOutcome {
    switch outcome {
    case .response(let response): .response(apply(to: response))
    case .blocking(let work): .blocking { apply(to: work()) }
    case .stream: outcome
    }
  }
}

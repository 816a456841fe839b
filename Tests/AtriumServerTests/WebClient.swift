import AtriumHTTPTypes
import AtriumTestSupport
import Foundation

@testable import AtriumServer

/// A browser in-process: keeps cookies, signs in through the form, posts forms with the
/// page's CSRF token.
final class WebClient {
  let app: TestApp
  var cookies: [String: String] = [:]
  var language = "en"

  init(_ app: TestApp) {
    self.app = app
  }

  @discardableResult
  func send(
    _ method: String, _ target: String, form: [String: String] = [:], headers: [(String, String)] = [],
    body rawBody: [UInt8]? = nil
  )
    -> HTTPResponse
  {
    var fields = HTTPHeaders([("Accept-Language", language)])
    if !cookies.isEmpty { fields.add("Cookie", cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")) }
    if !form.isEmpty { fields.add("Content-Type", "application/x-www-form-urlencoded") }
    for (name, value) in headers { fields.add(name, value) }
    let body = form.map { "\(PercentEncoding.encode($0.key))=\(PercentEncoding.encode($0.value))" }.joined(
      separator: "&")
    let response = app.app.respondNow(
      to: HTTPRequest(
        method: method, target: target, headers: fields, body: rawBody ?? Array(body.utf8),
        remoteAddress: "127.0.0.1"))
    for value in response.headers.values("Set-Cookie") {
      let pair = value.split(separator: ";")[0].split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = String(pair[0])
      let cookie = pair.count > 1 ? String(pair[1]) : ""
      if cookie.isEmpty || value.contains("Max-Age=0") { cookies[name] = nil } else { cookies[name] = cookie }
    }
    return response
  }

  func get(_ target: String) -> HTTPResponse { send("GET", target) }

  /// The CSRF token the last page's forms carry.
  static func csrf(in page: HTTPResponse) -> String? {
    page.text.firstMatch(of: /name="_csrf" value="([^"]*)"/).map { String($0.1) }
  }

  @discardableResult
  func signIn(_ username: String, _ password: String = "atrium-demo") -> HTTPResponse {
    let form = get("/sign-in")
    return send(
      "POST", "/sign-in",
      form: ["_csrf": Self.csrf(in: form) ?? "", "username": username, "password": password, "next": ""])
  }

  /// Posts a form as `post` does and, as a browser does, follows its redirect: the answer is
  /// the page the form led to (with its one-time message).
  @discardableResult
  func submit(_ target: String, from page: String, _ form: [String: String] = [:]) -> HTTPResponse {
    let answer = post(target, from: page, form)
    guard answer.status == 303, let location = answer.headers["Location"] else { return answer }
    return get(location)
  }

  /// Posts a form from `page`, with its token.
  @discardableResult
  func post(_ target: String, from page: String, _ form: [String: String] = [:]) -> HTTPResponse {
    let token = Self.csrf(in: get(page)) ?? ""
    return send("POST", target, form: form.merging(["_csrf": token]) { $1 })
  }
}

import AtriumCrypto
import AtriumHTTPTypes

/// A one-time message for the page a form redirects to (POST, then 303, then GET): "3 requests
/// approved". It travels in a cookie signed for the visitor's session, so it needs no database
/// write, any instance can show it, and it cannot be planted for someone else; the page that
/// shows it clears it, so Back, Forward and Reload never repeat the action nor the message.
package struct WebFlash: Sendable {
  static let cookieName = "atrium_flash"
  /// Longer messages are cut (a cookie holds about 4 KB).
  static let maximumBytes = 1_500

  let key: [UInt8]

  /// A 303 to `page` that carries `message` to it.
  package func redirect(
    to page: WebPage, saying message: String, visitor: WebSessions.Visitor, secure: Bool
  ) -> HTTPResponse {
    var response = HTTPResponse.seeOther(page.href)
    var text = message
    while text.utf8.count > Self.maximumBytes { text = String(text.dropLast(10)) + "…" }
    let encoded = Base64URL.encode(Array(text.utf8))
    let value = encoded + "." + signature(encoded, sessionID: visitor.sessionID)
    response.headers.add("Set-Cookie", Self.cookie(value, maxAge: 120, secure: secure))
    return response
  }

  /// The message a request carries for this visitor's session, if its signature holds.
  package func message(in request: HTTPRequest, for visitor: WebSessions.Visitor?) -> String? {
    guard let visitor, let value = request.cookie(Self.cookieName), value.count <= 2 * Self.maximumBytes + 100 else {
      return nil
    }
    let parts = value.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2,
      Crypto.constantTimeEquals(
        Array(parts[1].utf8), Array(signature(String(parts[0]), sessionID: visitor.sessionID).utf8)),
      let bytes = Base64URL.decode(parts[0])
    else { return nil }
    return String(validating: bytes, as: UTF8.self)
  }

  /// Whether a request carries a message cookie at all (shown or not, the answer clears it).
  static func isCarried(by request: HTTPRequest) -> Bool { request.cookie(cookieName) != nil }

  static func clearingCookie(secure: Bool) -> String { cookie("", maxAge: 0, secure: secure) }

  private func signature(_ encoded: String, sessionID: String) -> String {
    Base64URL.encode(Crypto.hmacSHA256(key: key, message: Array("flash\n\(sessionID)\n\(encoded)".utf8)))
  }

  private static func cookie(_ value: String, maxAge: Int, secure: Bool) -> String {
    "\(cookieName)=\(value); Path=/; Max-Age=\(maxAge); HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
  }
}

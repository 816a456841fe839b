import Foundation

extension HTTPRequest {
  /// The address rate limits count against: the peer, or behind a trusted proxy the address
  /// the proxy appended last to `X-Forwarded-For` (earlier entries are the client's to forge).
  public func clientAddress(trustingForwardedFor trusted: Bool) -> String {
    guard trusted, let forwarded = headers.values("X-Forwarded-For").last,
      let last = forwarded.split(separator: ",").last.map({ $0.trimmingCharacters(in: .whitespacesAndNewlines) }),
      !last.isEmpty
    else { return remoteAddress }
    return last
  }

  /// `http://` and the `Host` header, kept to characters a host and port can have: where the
  /// caller reached this server, for addresses that leave the app when no public URL is set.
  public var origin: String {
    let host = (headers["Host"] ?? "127.0.0.1").filter { $0.isLetter || $0.isNumber || ".-:[]".contains($0) }
    return "http://" + (host.isEmpty ? "127.0.0.1" : host)
  }
}

extension HTTPResponse {
  /// 303 See Other: after a form, the browser loads `location` with GET.
  public static func seeOther(_ location: String) -> HTTPResponse {
    HTTPResponse(status: 303, headers: HTTPHeaders([("Location", location), ("Cache-Control", "no-store")]))
  }
}

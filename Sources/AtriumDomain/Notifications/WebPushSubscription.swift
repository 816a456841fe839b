import Foundation

/// Where a browser takes its push messages, as its `PushSubscription.toJSON()` gives it and a
/// `webpush` device's token holds it (`{"endpoint", "keys": {"p256dh", "auth"}}`).
public struct WebPushSubscription: Sendable, Hashable {
  /// The push service's URL for this browser.
  public let endpoint: String
  /// The browser's P-256 public key: 65 bytes, uncompressed.
  public let p256dh: [UInt8]
  /// The browser's authentication secret: 16 bytes.
  public let auth: [UInt8]

  /// The subscription a token holds, or nil when it holds none.
  /// - Parameter allowsLoopbackHTTP: Also accept `http://127.0.0.1` and `http://[::1]`
  ///   endpoints (`ATRIUM_PUSH_INSECURE_ENDPOINTS=1`, for tests only): a push service is always
  ///   reached over https, and a plain-text endpoint would hand the message's metadata to anyone
  ///   on the way.
  public init?(token: String, allowsLoopbackHTTP: Bool) {
    struct Wire: Decodable {
      struct Keys: Decodable {
        let p256dh: String
        let auth: String
      }
      let endpoint: String
      let keys: Keys
    }
    guard let wire = try? JSONDecoder().decode(Wire.self, from: Data(token.utf8)),
      Self.acceptsEndpoint(wire.endpoint, allowsLoopbackHTTP: allowsLoopbackHTTP),
      let p256dh = Self.base64URL(wire.keys.p256dh), p256dh.count == 65, p256dh.first == 4,
      let auth = Self.base64URL(wire.keys.auth), auth.count == 16
    else { return nil }
    endpoint = wire.endpoint
    self.p256dh = p256dh
    self.auth = auth
  }

  /// An https URL with a host and no user name or password in it; or, when allowed, a plain
  /// http one to this machine's loopback address.
  public static func acceptsEndpoint(_ endpoint: String, allowsLoopbackHTTP: Bool) -> Bool {
    guard endpoint.utf8.count <= 2048, let url = URLComponents(string: endpoint), let host = url.host,
      !host.isEmpty, url.user == nil, url.password == nil
    else { return false }
    switch url.scheme?.lowercased() {
    case "https": return true
    case "http": return allowsLoopbackHTTP && (host == "127.0.0.1" || host == "[::1]" || host == "::1")
    default: return false
    }
  }

  /// Base64url with or without its padding (browsers leave it out).
  static func base64URL(_ text: String) -> [UInt8]? {
    var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
    return Data(base64Encoded: standard).map(Array.init)
  }
}

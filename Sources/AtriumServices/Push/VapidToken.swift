import AtriumCrypto
import Foundation

/// The `Authorization` a push request carries (RFC 8292): an ES256 JWT for the push service's
/// origin (`aud`), its expiry (`exp`, at most a day ahead) and a contact (`sub`), and the public
/// key it checks with: `vapid t=<JWT>, k=<key>`.
public struct VapidToken: Sendable, Equatable {
  public let jwt: String
  public let publicKey: String

  /// - Parameters:
  ///   - audience: The push endpoint's origin (`https://push.example.net`).
  ///   - subject: A `mailto:` or `https:` address the push service can reach the operator at.
  ///   - expiresAt: Seconds since 1970.
  public init(audience: String, subject: String?, expiresAt: Int, key: P256Key) {
    var claims: [String: Any] = ["aud": audience, "exp": expiresAt]
    if let subject { claims["sub"] = subject }
    jwt = JSONWebToken.es256(header: ["typ": "JWT"], claims: claims, key: key)
    publicKey = Base64URL.encode(key.publicKey)
  }

  /// The header's value.
  public var authorization: String { "vapid t=\(jwt), k=\(publicKey)" }

  /// The origin of a push endpoint, the token's audience: scheme, host and any port.
  public static func audience(of endpoint: String) -> String? {
    guard let url = URL(string: endpoint), let scheme = url.scheme, let host = url.host else { return nil }
    return "\(scheme)://\(host)" + (url.port.map { ":\($0)" } ?? "")
  }
}

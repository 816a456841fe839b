import AtriumCrypto
import Foundation

/// Compact JSON Web Tokens (RFC 7519): ES256 as VAPID and APNs take them (the signature is the
/// raw r‖s pair, 64 bytes, not DER), and RS256 as Google's token endpoint takes a service
/// account's.
enum JSONWebToken {
  static func es256(header: [String: Any], claims: [String: Any], key: P256Key) -> String {
    let signingInput = part(header.merging(["alg": "ES256"]) { $1 }) + "." + part(claims)
    return signingInput + "." + Base64URL.encode(key.signES256(Array(signingInput.utf8)))
  }

  /// A token signed RS256 with the RSA key in `pem`; nil when `pem` holds none.
  static func rs256(header: [String: Any], claims: [String: Any], pem: String) -> String? {
    let signingInput = part(header.merging(["alg": "RS256", "typ": "JWT"]) { $1 }) + "." + part(claims)
    return RS256.sign(Array(signingInput.utf8), pem: pem).map { signingInput + "." + Base64URL.encode($0) }
  }

  private static func part(_ object: [String: Any]) -> String {
    Base64URL.encode(Array((try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()))
  }
}

import AtriumCrypto
import Foundation

/// Compact JSON Web Tokens (RFC 7519) signed with ES256, as VAPID and APNs take them: the
/// signature is the raw r‖s pair (64 bytes), not DER.
enum JSONWebToken {
  static func es256(header: [String: Any], claims: [String: Any], key: P256Key) -> String {
    let signingInput = part(header.merging(["alg": "ES256"]) { $1 }) + "." + part(claims)
    return signingInput + "." + Base64URL.encode(key.signES256(Array(signingInput.utf8)))
  }

  private static func part(_ object: [String: Any]) -> String {
    Base64URL.encode(Array((try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()))
  }
}

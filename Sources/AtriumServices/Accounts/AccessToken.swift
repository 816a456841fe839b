import AtriumCrypto
import Foundation

/// What an access token says: whose it is, which session issued it, and when.
public struct AccessClaims: Codable, Hashable, Sendable {
  /// The employee id.
  public var sub: String
  /// The session (refresh chain) the token belongs to.
  public var sid: String
  /// Issued at, in seconds since 1970 with millisecond precision, so that "valid after"
  /// revocation can void tokens issued earlier in the same second.
  public var iat: Double
  /// Expires at, in whole seconds since 1970.
  public var exp: Int
  /// Set while the account still has a temporary password: the token only lets its holder
  /// change the password (and read who they are, or sign out).
  public var pwc: Bool?
}

/// HS256 JSON Web Tokens (RFC 7519) signed with the installation's secret.
public struct TokenSigner: Sendable {
  /// Why a token was refused; the API answers all of them with the same 401.
  public enum Failure: Error, Hashable, Sendable {
    case malformed, badSignature, expired
  }

  private let key: [UInt8]
  private static let header = Base64URL.encode(Array(#"{"alg":"HS256","typ":"JWT"}"#.utf8))

  public init(key: [UInt8]) {
    precondition(key.count >= 32, "the signing key must have at least 256 bits")
    self.key = key
  }

  public func sign(_ claims: AccessClaims) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let payload = Base64URL.encode(Array((try? encoder.encode(claims)) ?? Data()))
    let input = Self.header + "." + payload
    return input + "." + Base64URL.encode(Crypto.hmacSHA256(key: key, message: Array(input.utf8)))
  }

  /// Checks the signature (only HS256 is accepted, whatever the token's header says), then
  /// the expiry against `now`.
  public func verify(_ token: String, now: Date) throws(Failure) -> AccessClaims {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, let signature = Base64URL.decode(parts[2]),
      let headerBytes = Base64URL.decode(parts[0]),
      let header = try? JSONDecoder().decode([String: String].self, from: Data(headerBytes)),
      header["alg"] == "HS256"
    else { throw .malformed }
    let input = Array(token.utf8.prefix(parts[0].utf8.count + 1 + parts[1].utf8.count))
    guard Crypto.constantTimeEquals(Crypto.hmacSHA256(key: key, message: input), signature) else {
      throw .badSignature
    }
    guard let payload = Base64URL.decode(parts[1]),
      let claims = try? JSONDecoder().decode(AccessClaims.self, from: Data(payload))
    else { throw .malformed }
    guard Double(claims.exp) > now.timeIntervalSince1970 else { throw .expired }
    return claims
  }
}

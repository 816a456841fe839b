import CCrypto

/// A P-256 key pair (RFC 8292 VAPID keys, RFC 8291 message keys): the 32-byte private scalar
/// and the 65-byte uncompressed public point, as Web Push writes them.
public struct P256Key: Sendable, Hashable {
  public let privateKey: [UInt8]
  public let publicKey: [UInt8]

  /// A new random key.
  public init() {
    var privateKey = [UInt8](repeating: 0, count: 32)
    var publicKey = [UInt8](repeating: 0, count: 65)
    let status = atrium_p256_generate(&privateKey, &publicKey)
    // Fails only when OpenSSL has no randomness to give; a predictable key would be worse.
    precondition(status == 1, "OpenSSL could not make a P-256 key")
    self.privateKey = privateKey
    self.publicKey = publicKey
  }

  /// The key of a stored private scalar; nil for bytes that are not one.
  public init?(privateKey: [UInt8]) {
    guard privateKey.count == 32 else { return nil }
    var publicKey = [UInt8](repeating: 0, count: 65)
    guard atrium_p256_public(privateKey, &publicKey) == 1 else { return nil }
    self.privateKey = privateKey
    self.publicKey = publicKey
  }

  /// The ECDH shared secret with a peer's uncompressed point; nil for a point not on the curve.
  /// The key a PEM file holds (an APNs `.p8`); nil when it holds no P-256 private key.
  public init?(pem: String) {
    var privateKey = [UInt8](repeating: 0, count: 32)
    let bytes = Array(pem.utf8)
    let read = bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { atrium_p256_private_from_pem($0.baseAddress, $0.count, &privateKey) }
    }
    guard read == 1 else { return nil }
    self.init(privateKey: privateKey)
  }

  public func sharedSecret(with peer: [UInt8]) -> [UInt8]? {
    guard peer.count == 65, peer.first == 4 else { return nil }
    var secret = [UInt8](repeating: 0, count: 32)
    guard atrium_p256_ecdh(privateKey, peer, peer.count, &secret) == 1 else { return nil }
    return secret
  }

  /// An ES256 signature of `message` (SHA-256, then ECDSA) as JWS writes it: r‖s, 64 bytes,
  /// not the DER OpenSSL returns.
  public func signES256(_ message: [UInt8]) -> [UInt8] {
    var signature = [UInt8](repeating: 0, count: 64)
    let status = atrium_p256_sign(privateKey, Crypto.sha256(message), &signature)
    precondition(status == 1, "OpenSSL could not sign with a valid P-256 key")
    return signature
  }
}

extension P256Key {
  /// Whether `signature` (r‖s) is an ES256 signature of `message` by the key whose public point
  /// is `publicKey`.
  public static func verifyES256(_ signature: [UInt8], of message: [UInt8], publicKey: [UInt8]) -> Bool {
    guard signature.count == 64, publicKey.count == 65 else { return false }
    return atrium_p256_verify(publicKey, Crypto.sha256(message), signature) == 1
  }
}

/// HKDF-SHA-256 (RFC 5869) for outputs of at most 32 bytes, which is all Web Push asks.
public enum HKDF {
  public static func extract(salt: [UInt8], keyMaterial: [UInt8]) -> [UInt8] {
    Crypto.hmacSHA256(key: salt, message: keyMaterial)
  }

  public static func expand(_ pseudorandomKey: [UInt8], info: [UInt8], length: Int) -> [UInt8] {
    precondition((1...32).contains(length), "one HMAC block is enough for Web Push")
    return Array(Crypto.hmacSHA256(key: pseudorandomKey, message: info + [1]).prefix(length))
  }
}

/// AES-128-GCM sealing: the ciphertext followed by its 16-byte tag.
public enum AES128GCM {
  public static func seal(_ plaintext: [UInt8], key: [UInt8], nonce: [UInt8]) -> [UInt8] {
    precondition(key.count == 16 && nonce.count == 12, "AES-128-GCM takes a 16-byte key and a 12-byte nonce")
    var ciphertext = [UInt8](repeating: 0, count: plaintext.count)
    var tag = [UInt8](repeating: 0, count: 16)
    let status = atrium_aes128gcm_seal(key, nonce, plaintext, Int32(plaintext.count), &ciphertext, &tag)
    precondition(status == 1, "OpenSSL AES-128-GCM failed on valid input")
    return ciphertext + tag
  }
}

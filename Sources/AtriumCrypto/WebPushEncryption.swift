/// RFC 8291 message encryption for Web Push, in the `aes128gcm` content coding (RFC 8188) as a
/// single record: only the browser that holds the subscription's private key can read it, not
/// the push service that carries it.
public enum WebPushEncryption {
  /// The record size written in the header; one record holds the whole message.
  public static let recordSize: UInt32 = 4096
  /// The longest plaintext one record takes (the header, tag and delimiter fill the rest of
  /// the 4,096 bytes push services accept).
  public static let maximumPlaintext = 4096 - 86 - 16 - 1

  public enum Failure: Error, Equatable, Sendable {
    case tooLong
    /// The subscription's `p256dh` is not a point on P-256, or its `auth` is not 16 bytes.
    case badSubscription
  }

  /// The body of a push message to a subscription (`p256dh` key and `auth` secret).
  /// - Parameters:
  ///   - sender: The message's own key pair: a new one for every message (the default).
  ///   - salt: 16 random bytes, new for every message (the default).
  public static func encrypt(
    _ plaintext: [UInt8], to subscriberKey: [UInt8], authSecret: [UInt8], sender: P256Key = P256Key(),
    salt: [UInt8] = Crypto.randomBytes(16)
  ) throws(Failure) -> [UInt8] {
    guard plaintext.count <= maximumPlaintext else { throw .tooLong }
    guard authSecret.count == 16, salt.count == 16, let secret = sender.sharedSecret(with: subscriberKey) else {
      throw .badSubscription
    }
    let keyInfo = Array("WebPush: info".utf8) + [0] + subscriberKey + sender.publicKey
    let inputKey = HKDF.expand(HKDF.extract(salt: authSecret, keyMaterial: secret), info: keyInfo, length: 32)
    let pseudorandomKey = HKDF.extract(salt: salt, keyMaterial: inputKey)
    let contentKey = HKDF.expand(
      pseudorandomKey, info: Array("Content-Encoding: aes128gcm".utf8) + [0], length: 16)
    let nonce = HKDF.expand(pseudorandomKey, info: Array("Content-Encoding: nonce".utf8) + [0], length: 12)
    // The last (and only) record ends with the delimiter 0x02 and no padding.
    let sealed = AES128GCM.seal(plaintext + [2], key: contentKey, nonce: nonce)
    let size = recordSize
    let header =
      salt + [UInt8(size >> 24), UInt8(size >> 16 & 0xff), UInt8(size >> 8 & 0xff), UInt8(size & 0xff)]
      + [UInt8(sender.publicKey.count)] + sender.publicKey
    return header + sealed
  }
}

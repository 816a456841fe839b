import CCrypto

/// The OpenSSL calls Atrium makes (HMAC-SHA256, SHA-256, secure random bytes, constant-time
/// comparison), wrapped once.
public enum Crypto {
  /// Cryptographically secure random bytes.
  public static func randomBytes(_ count: Int) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    let status = bytes.withUnsafeMutableBufferPointer { RAND_bytes($0.baseAddress, Int32(count)) }
    // RAND_bytes fails only when the kernel has no entropy to give; going on would mint
    // guessable tokens, so this is the one place Atrium stops rather than answer.
    precondition(status == 1, "OpenSSL RAND_bytes failed")
    return bytes
  }

  public static func sha256(_ data: [UInt8]) -> [UInt8] {
    var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
    data.withUnsafeBufferPointer { input in
      digest.withUnsafeMutableBufferPointer { atrium_sha256(input.baseAddress, input.count, $0.baseAddress) }
    }
    return digest
  }

  public static func hmacSHA256(key: [UInt8], message: [UInt8]) -> [UInt8] {
    var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
    var length: UInt32 = 0
    key.withUnsafeBufferPointer { key in
      message.withUnsafeBufferPointer { message in
        _ = digest.withUnsafeMutableBufferPointer { output in
          HMAC(
            EVP_sha256(), key.baseAddress, Int32(key.count), message.baseAddress, message.count,
            output.baseAddress, &length)
        }
      }
    }
    return Array(digest.prefix(Int(length)))
  }

  /// Compares two byte strings in time that depends only on their length.
  public static func constantTimeEquals(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
    guard lhs.count == rhs.count else { return false }
    guard !lhs.isEmpty else { return true }
    return lhs.withUnsafeBytes { a in
      rhs.withUnsafeBytes { b in CRYPTO_memcmp(a.baseAddress, b.baseAddress, a.count) == 0 }
    }
  }

  public static func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var result = [UInt8]()
    result.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      result.append(digits[Int(byte >> 4)])
      result.append(digits[Int(byte & 0xf)])
    }
    return String(decoding: result, as: UTF8.self)
  }
}

/// Base64url without padding (RFC 4648 §5), as JWTs and tokens use it.
public enum Base64URL {
  public static func encode(_ bytes: [UInt8]) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    var output = [UInt8]()
    output.reserveCapacity((bytes.count * 4 + 2) / 3)
    var index = 0
    while index + 3 <= bytes.count {
      let n = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
      for shift in [18, 12, 6, 0] { output.append(alphabet[Int(n >> UInt32(shift) & 63)]) }
      index += 3
    }
    let rest = bytes.count - index
    if rest == 1 {
      let n = UInt32(bytes[index]) << 16
      output.append(alphabet[Int(n >> 18 & 63)])
      output.append(alphabet[Int(n >> 12 & 63)])
    } else if rest == 2 {
      let n = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
      for shift in [18, 12, 6] { output.append(alphabet[Int(n >> UInt32(shift) & 63)]) }
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// Decodes unpadded base64url, or nil for any character outside the alphabet or a bad length.
  public static func decode(_ text: some StringProtocol) -> [UInt8]? {
    var output = [UInt8]()
    var buffer: UInt32 = 0
    var bits = 0
    for byte in text.utf8 {
      let value: UInt8
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = byte - UInt8(ascii: "A")
      case UInt8(ascii: "a")...UInt8(ascii: "z"): value = byte - UInt8(ascii: "a") + 26
      case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0") + 52
      case UInt8(ascii: "-"): value = 62
      case UInt8(ascii: "_"): value = 63
      default: return nil
      }
      buffer = buffer << 6 | UInt32(value)
      bits += 6
      if bits >= 8 {
        bits -= 8
        output.append(UInt8(buffer >> UInt32(bits) & 0xff))
      }
    }
    guard bits < 6, buffer & ((1 << UInt32(bits)) - 1) == 0 else { return nil }
    return output
  }
}

import CCrypto

/// RS256 signatures (RSASSA-PKCS1-v1_5 with SHA-256), as Google's OAuth token endpoint takes a
/// service account's JWT.
public enum RS256 {
  /// The signature of `message` by the RSA private key in `pem`; nil when `pem` holds none.
  public static func sign(_ message: [UInt8], pem: String) -> [UInt8]? {
    var signature = [UInt8](repeating: 0, count: 1024)
    var written = 0
    let key = Array(pem.utf8)
    let ok = key.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) {
        atrium_rs256_sign($0.baseAddress, $0.count, message, message.count, &signature, signature.count, &written)
      }
    }
    return ok == 1 ? Array(signature.prefix(written)) : nil
  }
}

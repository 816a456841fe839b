import CArgon2

/// argon2id password hashes in the standard encoded form (`$argon2id$v=19$m=...`), which
/// carries its own parameters so they can be raised later without breaking old hashes.
public struct PasswordHasher: Sendable {
  /// Cost parameters; the defaults follow OWASP's argon2id minimum (19 MiB, 2 passes).
  public struct Cost: Sendable, Hashable {
    public var iterations: UInt32
    public var memoryKiB: UInt32
    public var parallelism: UInt32

    public init(iterations: UInt32, memoryKiB: UInt32, parallelism: UInt32) {
      self.iterations = iterations
      self.memoryKiB = memoryKiB
      self.parallelism = parallelism
    }

    public static let standard = Cost(iterations: 2, memoryKiB: 19_456, parallelism: 1)
    /// For tests only: a valid argon2id hash that takes a millisecond.
    public static let minimal = Cost(iterations: 1, memoryKiB: 64, parallelism: 1)
  }

  public struct HashError: Error, CustomStringConvertible {
    public let description: String
  }

  public let cost: Cost

  public init(cost: Cost = .standard) {
    self.cost = cost
  }

  /// Hashes `password` with a fresh random salt.
  public func hash(_ password: String) throws -> String {
    let salt = Crypto.randomBytes(16)
    let passwordBytes = Array(password.utf8)
    let length = argon2_encodedlen(cost.iterations, cost.memoryKiB, cost.parallelism, UInt32(salt.count), 32, Argon2_id)
    var encoded = [CChar](repeating: 0, count: length)
    let code = passwordBytes.withUnsafeBytes { password in
      salt.withUnsafeBytes { salt in
        argon2id_hash_encoded(
          cost.iterations, cost.memoryKiB, cost.parallelism, password.baseAddress, password.count,
          salt.baseAddress, salt.count, 32, &encoded, length)
      }
    }
    guard code == ARGON2_OK.rawValue else {
      throw HashError(description: String(cString: argon2_error_message(code)))
    }
    return String(decoding: encoded.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Whether `password` matches `encoded`; a malformed hash never matches.
  public func verify(_ password: String, against encoded: String) -> Bool {
    let passwordBytes = Array(password.utf8)
    return passwordBytes.withUnsafeBytes {
      argon2id_verify(encoded, $0.baseAddress, $0.count) == ARGON2_OK.rawValue
    }
  }
}

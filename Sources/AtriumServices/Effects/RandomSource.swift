import AtriumCrypto

/// Unpredictable bytes, for secrets the server hands out (refresh tokens, temporary passwords,
/// calendar-feed addresses): the system's CSPRNG in production; a test may pass a fixed
/// sequence, or `failing`, which stops the test at once if anything asks.
public struct RandomSource: Sendable {
  public var bytes: @Sendable (_ count: Int) -> [UInt8]

  public init(bytes: @escaping @Sendable (_ count: Int) -> [UInt8]) {
    self.bytes = bytes
  }

  /// OpenSSL's `RAND_bytes`.
  public static let system = RandomSource { Crypto.randomBytes($0) }

  /// For code that must not make secrets: any call stops the process with a message.
  public static let failing = RandomSource { count in
    fatalError("RandomSource.failing: something asked for \(count) random bytes; this test set up none")
  }
}

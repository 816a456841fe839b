import AtriumCrypto
import AtriumServices
import AtriumWeb

/// A small deterministic random generator (SplitMix64), so the same seed always makes the same
/// data set.
public struct SeededRandom: RandomNumberGenerator, Sendable {
  private var state: UInt64

  public init(seed: UInt64) {
    state = seed
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A version-4 UUID string made from this generator.
  public mutating func uuid() -> String {
    var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &self) }
    bytes[6] = bytes[6] & 0x0f | 0x40
    bytes[8] = bytes[8] & 0x3f | 0x80
    let hex = Crypto.hex(bytes)
    let characters = Array(hex)
    return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }.joined(separator: "-")
  }
}

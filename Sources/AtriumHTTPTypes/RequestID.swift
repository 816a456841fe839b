import Synchronization

/// Request ids: 16 hexadecimal digits that look random, for finding one request in the access
/// log, the `X-Request-Id` header and a 500 problem.
///
/// Each is this process's next number, from a random start, mixed by SplitMix64's finalizer (a
/// bijection of 64-bit numbers): no two ids of one process are alike, and those of two
/// instances meet only by a chance of about one in 2^64 a pair. They identify; they protect
/// nothing, so they need not be unpredictable: drawing each from the system's generator was a
/// `getrandom` call on every request (`strace -c` under `wrk`), where this is one atomic add.
public enum RequestID {
  private static let next = Atomic<UInt64>(UInt64.random(in: .min ... .max))
  private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

  public static func make() -> String {
    let number = mixed(next.wrappingAdd(1, ordering: .relaxed).oldValue)
    var digits = [UInt8](repeating: UInt8(ascii: "0"), count: 16)
    for index in 0..<16 {
      digits[15 - index] = hexDigits[Int(number >> (4 * UInt64(index)) & 0xf)]
    }
    return String(decoding: digits, as: UTF8.self)
  }

  /// SplitMix64's output function: every input bit moves about half the output bits.
  static func mixed(_ value: UInt64) -> UInt64 {
    var z = value &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

import Foundation
import Synchronization

/// New row ids: UUIDs of version 7 (RFC 9562), which begin with the milliseconds since 1970.
///
/// Ids made one after another sort one after another, so a write appends to the end of every
/// index keyed by id instead of landing on a random page of it: the requests that a group
/// commit writes together share their index pages, and each commit writes fewer pages
/// (`bench/README.md`). The 12 bits after the version count ids made in one millisecond
/// (RFC 9562 §6.2, method 1), so they stay in the order they were made; the last 62 bits are
/// random.
public enum TimeOrderedID {
  private struct Last {
    var milliseconds: UInt64 = 0
    var counter: UInt16 = 0
  }

  private static let last = Mutex(Last())

  /// The next id, in lowercase as Atrium stores ids.
  public static func next(now: Date = Date()) -> String {
    let clock = UInt64(max(0, now.timeIntervalSince1970 * 1000))
    let (milliseconds, counter) = last.withLock { last in
      if clock > last.milliseconds {
        last = Last(milliseconds: clock, counter: 0)
      } else if last.counter == 0xfff {
        // A 4,096th id in one millisecond: borrow the next one, as the RFC allows.
        last = Last(milliseconds: last.milliseconds + 1, counter: 0)
      } else {
        last.counter += 1
      }
      return (last.milliseconds, last.counter)
    }
    return text(milliseconds: milliseconds, counter: counter, random: UInt64.random(in: 0...UInt64.max))
  }

  /// The id's text from its three parts (the version and variant bits are set here).
  static func text(milliseconds: UInt64, counter: UInt16, random: UInt64) -> String {
    let high = (milliseconds & 0xffff_ffff_ffff) << 16 | 0x7000 | UInt64(counter & 0xfff)
    let low = random & 0x3fff_ffff_ffff_ffff | 0x8000_0000_0000_0000
    let digits: StaticString = "0123456789abcdef"
    return String(unsafeUninitializedCapacity: 36) { text in
      digits.withUTF8Buffer { digits in
        var written = 0
        for word in [high, low] {
          for nibble in stride(from: 60, through: 0, by: -4) {
            if written == 8 || written == 13 || written == 18 || written == 23 {
              text[written] = UInt8(ascii: "-")
              written += 1
            }
            text[written] = digits[Int(word >> UInt64(nibble) & 0xf)]
            written += 1
          }
        }
        return written
      }
    }
  }
}

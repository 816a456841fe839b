/// JSON text written by hand where Foundation's encoder costs more than the value: a quoted
/// string, and a flat object of strings (what live events and notices store). The bytes are
/// those `JSONEncoder` writes with sorted keys and unescaped slashes.
public enum JSONText {
  /// Appends `text` quoted and escaped. Runs of bytes that need no escaping are copied at once,
  /// and found eight bytes at a time (an approvals page writes some 36,000 bytes of strings).
  public static func appendString(_ text: String, to bytes: inout [UInt8]) {
    var text = text
    text.withUTF8 { utf8 in
      bytes.append(UInt8(ascii: "\""))
      var runStart = 0
      var index = 0
      while index < utf8.count {
        if index + 8 <= utf8.count, let base = utf8.baseAddress,
          !mayNeedEscaping(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
        {
          index += 8
          continue
        }
        let byte = utf8[index]
        if isEscaped(byte) {
          bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
          runStart = index + 1
          appendEscape(of: byte, to: &bytes)
        }
        index += 1
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
      bytes.append(UInt8(ascii: "\""))
    }
  }

  /// Whether any byte of `utf8` is a quote, a backslash or a control character: eight bytes at
  /// a time, then one by one. Most text has none, and is then copied as it is.
  package static func needsEscaping(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = utf8.baseAddress else { return false }
    var index = 0
    while index + 8 <= utf8.count {
      if mayNeedEscaping(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) { break }
      index += 8
    }
    while index < utf8.count {
      if isEscaped(base[index]) { return true }
      index += 1
    }
    return false
  }

  /// A quote, a backslash or a control character: what a JSON string cannot hold as it is.
  private static func isEscaped(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20
  }

  /// Whether one of eight bytes may be a quote, a backslash or a control character: never
  /// false when one is (the byte-wise tests of "Bit Twiddling Hacks", which have no false
  /// negatives), so a `false` lets the eight bytes be copied as they are.
  package static func mayNeedEscaping(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highBits: UInt64 = 0x8080_8080_8080_8080
    // The three tests' high bits joined, with no branch between them.
    func bytesBelow(_ value: UInt64, _ limit: UInt64) -> UInt64 {
      (value &- ones &* limit) & ~value
    }
    let quotes = word ^ (ones &* 0x22)
    let backslashes = word ^ (ones &* 0x5C)
    return (bytesBelow(word, 0x20) | bytesBelow(quotes, 1) | bytesBelow(backslashes, 1)) & highBits != 0
  }

  private static func appendEscape(of byte: UInt8, to bytes: inout [UInt8]) {
    switch byte {
    case UInt8(ascii: "\""): bytes.append(contentsOf: [92, 34])
    case UInt8(ascii: "\\"): bytes.append(contentsOf: [92, 92])
    case 0x0a: bytes.append(contentsOf: [92, 110])
    case 0x0d: bytes.append(contentsOf: [92, 114])
    case 0x09: bytes.append(contentsOf: [92, 116])
    case 0x08: bytes.append(contentsOf: [92, 98])
    case 0x0c: bytes.append(contentsOf: [92, 102])
    default:
      let hex: StaticString = "0123456789abcdef"
      hex.withUTF8Buffer { digits in
        bytes.append(contentsOf: [92, 117, 48, 48, digits[Int(byte >> 4)], digits[Int(byte & 0xf)]])
      }
    }
  }

  /// A flat JSON object of strings, keys sorted by their UTF-8 bytes as `JSONEncoder` sorts them.
  public static func object(_ fields: [String: String]) -> String {
    var bytes: [UInt8] = [UInt8(ascii: "{")]
    bytes.reserveCapacity(16 + fields.count * 32)
    for (offset, key) in fields.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
      if offset > 0 { bytes.append(UInt8(ascii: ",")) }
      appendString(key, to: &bytes)
      bytes.append(UInt8(ascii: ":"))
      appendString(fields[key]!, to: &bytes)
    }
    bytes.append(UInt8(ascii: "}"))
    return String(decoding: bytes, as: UTF8.self)
  }
}

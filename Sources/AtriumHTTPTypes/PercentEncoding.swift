/// Percent-encoding of path segments and query values (RFC 3986), written once for both
/// directions so the server's matching and the client's building agree.
public enum PercentEncoding {
  /// Encodes everything but the unreserved characters `A-Z a-z 0-9 - . _ ~`.
  public static func encode(_ text: String) -> String {
    let unreserved =
      text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(isUnreserved) } ?? text.utf8.allSatisfy(isUnreserved)
    if unreserved { return text }
    var result = ""
    for byte in text.utf8 {
      if isUnreserved(byte) {
        result.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        result +=
          "%" + String(byte >> 4, radix: 16, uppercase: true)
          + String(byte & 0xf, radix: 16, uppercase: true)
      }
    }
    return result
  }

  /// Decodes `%XX` escapes (and `+` as space when `plusIsSpace`), or nil when an escape is
  /// malformed or the result is not UTF-8.
  public static func decode(_ text: some StringProtocol, plusIsSpace: Bool = false) -> String? {
    // Most segments and values have nothing to decode: a string is valid UTF-8 already.
    if !text.utf8.contains(where: { $0 == UInt8(ascii: "%") || (plusIsSpace && $0 == UInt8(ascii: "+")) }) {
      return String(text)
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    var iterator = text.utf8.makeIterator()
    while let byte = iterator.next() {
      switch byte {
      case UInt8(ascii: "%"):
        guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue)
        else { return nil }
        bytes.append(high << 4 | low)
      case UInt8(ascii: "+") where plusIsSpace:
        bytes.append(UInt8(ascii: " "))
      default:
        bytes.append(byte)
      }
    }
    return String(validating: bytes, as: UTF8.self)
  }

  private static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "_"), UInt8(ascii: "~"):
      true
    default: false
    }
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}

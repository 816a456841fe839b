import Foundation

/// The opaque `cursor` of a paginated list: the sort key of the last row of the previous page,
/// so the next page starts right after it however rows were added or removed meanwhile.
public enum Cursor {
  private static let separator: Character = "\u{1F}"

  /// Encodes sort-key components as base64url text.
  public static func encode(_ components: [String]) -> String {
    // Byte by byte: Foundation's `replacingOccurrences` cost about 40,000 instructions a call,
    // three calls a page (`make bench-cost`).
    let base64 = Data(components.joined(separator: String(separator)).utf8).base64EncodedString()
    let bytes = base64.utf8.compactMap { byte -> UInt8? in
      switch byte {
      case UInt8(ascii: "+"): UInt8(ascii: "-")
      case UInt8(ascii: "/"): UInt8(ascii: "_")
      case UInt8(ascii: "="): nil
      default: byte
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Decodes a cursor made by `encode` with `count` components, or nil when it is not one.
  public static func decode(_ cursor: String, count: Int) -> [String]? {
    // Padding is added here; one sent is not a cursor this made.
    guard !cursor.utf8.contains(UInt8(ascii: "=")) else { return nil }
    var bytes = cursor.utf8.map { byte -> UInt8 in
      switch byte {
      case UInt8(ascii: "-"): UInt8(ascii: "+")
      case UInt8(ascii: "_"): UInt8(ascii: "/")
      default: byte
      }
    }
    bytes += repeatElement(UInt8(ascii: "="), count: (4 - bytes.count % 4) % 4)
    let base64 = String(decoding: bytes, as: UTF8.self)
    guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8) else {
      return nil
    }
    let components = text.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
    return components.count == count ? components : nil
  }
}

/// A cursor that `Cursor.decode` refused: the caller sent something it was never given.
public struct InvalidCursor: Error, Sendable {
  public init() {}
}

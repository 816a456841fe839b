import Foundation

/// The opaque `cursor` of a paginated list: the sort key of the last row of the previous page,
/// so the next page starts right after it however rows were added or removed meanwhile.
public enum Cursor {
  private static let separator: Character = "\u{1F}"

  /// Encodes sort-key components as base64url text.
  public static func encode(_ components: [String]) -> String {
    Data(components.joined(separator: String(separator)).utf8).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }

  /// Decodes a cursor made by `encode` with `count` components, or nil when it is not one.
  public static func decode(_ cursor: String, count: Int) -> [String]? {
    var base64 = cursor.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
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

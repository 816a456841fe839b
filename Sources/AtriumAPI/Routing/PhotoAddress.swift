import AtriumHTTPTypes

/// The address of someone's picture, made once per person on every page that lists people
/// (about 5,000 instructions each through the route table: `make bench-cost`). The route
/// table's address is split once, per size, around the id and the version, so each address
/// is the same text joined from a few parts.
public enum PhotoAddress {
  /// The address `Route.people(.photo(...))` has.
  public static func of(_ id: String, size: PhotoSize, version: String?) -> String {
    let template =
      switch size {
      case .small: small
      case .large: large
      }
    let id = PercentEncoding.encode(id)
    guard let version else { return joined(template.beforeID, id, template.afterIDWithoutVersion) }
    return joined(
      template.beforeID, id, template.beforeVersion, PercentEncoding.encode(version), template.afterVersion)
  }

  /// The parts as one string, made in one allocation: each `+` made a string of its own
  /// (half of an address's 2,500 instructions, `make bench-cost`), and a variadic list of the
  /// parts an array of its own.
  private static func joined(
    _ first: String, _ second: String, _ third: String, _ fourth: String = "", _ fifth: String = ""
  ) -> String {
    let count = first.utf8.count + second.utf8.count + third.utf8.count + fourth.utf8.count + fifth.utf8.count
    return String(unsafeUninitializedCapacity: count) { buffer in
      var offset = 0
      copy(first, into: buffer, at: &offset)
      copy(second, into: buffer, at: &offset)
      copy(third, into: buffer, at: &offset)
      copy(fourth, into: buffer, at: &offset)
      copy(fifth, into: buffer, at: &offset)
      return offset
    }
  }

  private static func copy(_ part: String, into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: inout Int) {
    var part = part
    part.withUTF8 { bytes in
      guard let source = bytes.baseAddress, let target = buffer.baseAddress else { return }
      (target + offset).initialize(from: source, count: bytes.count)
      offset += bytes.count
    }
  }

  private struct Template {
    let beforeID: String
    let afterIDWithoutVersion: String
    let beforeVersion: String
    let afterVersion: String
  }

  /// Stand-ins that percent-encoding leaves as they are and no address holds otherwise.
  private static let idMark = "0atriumphotoidmark0"
  private static let versionMark = "0atriumphotoversionmark0"

  private static let small = template(for: .small)
  private static let large = template(for: .large)

  private static func template(for size: PhotoSize) -> Template {
    let without = Route.people(.photo(id: idMark, size: size)).pathAndQuery
    let with = Route.people(.photo(id: idMark, size: size, version: versionMark)).pathAndQuery
    let (beforeID, afterIDWithoutVersion) = split(without, at: idMark)
    let (_, afterID) = split(with, at: idMark)
    let (beforeVersion, afterVersion) = split(afterID, at: versionMark)
    return Template(
      beforeID: beforeID, afterIDWithoutVersion: afterIDWithoutVersion, beforeVersion: beforeVersion,
      afterVersion: afterVersion)
  }

  private static func split(_ text: String, at mark: String) -> (String, String) {
    let range = text.firstRange(of: mark)!
    return (String(text[..<range.lowerBound]), String(text[range.upperBound...]))
  }
}

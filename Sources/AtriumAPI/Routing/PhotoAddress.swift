import AtriumHTTPTypes

/// The address of someone's picture, made once per person on every page that lists people
/// (about 5,000 instructions each through the route table: `make bench-cost`). The route
/// table's address is split once, per size, around the id and the version, so each address
/// is the same text in a few appends.
public enum PhotoAddress {
  /// The address `Route.people(.photo(...))` has.
  public static func of(_ id: String, size: PhotoSize, version: String?) -> String {
    let template = templates[size]!
    let id = PercentEncoding.encode(id)
    guard let version else { return template.beforeID + id + template.afterIDWithoutVersion }
    let encodedVersion = PercentEncoding.encode(version)
    var address = template.beforeID
    address.reserveCapacity(
      address.utf8.count + id.utf8.count + template.beforeVersion.utf8.count + encodedVersion.utf8.count
        + template.afterVersion.utf8.count)
    address += id
    address += template.beforeVersion
    address += encodedVersion
    address += template.afterVersion
    return address
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

  private static let templates: [PhotoSize: Template] = Dictionary(
    uniqueKeysWithValues: PhotoSize.allCases.map { ($0, template(for: $0)) })

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

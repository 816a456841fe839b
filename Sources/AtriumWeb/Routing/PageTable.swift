import AtriumAPI
import AtriumHTTPTypes

/// Every page of every section, erased to `WebPage`, indexed for matching by the first path
/// segment (`time-off`, `admin`…), so a request is compared only with the pages that share it.
struct PageTable: Sendable {
  struct ErasedRow: Sendable {
    let name: PageName
    let method: HTTPMethod
    let path: PathTemplate
    let rules: PageRules
    let make: @Sendable (_ parameters: [String], _ query: [String: String]) -> WebPage?
  }

  struct Entry: Sendable {
    let rows: [ErasedRow]
    let examples: [WebPage]

    init<Section: PageSection>(_ section: Section.Type, _ wrap: @escaping @Sendable (Section) -> WebPage) {
      rows = Section.Name.allCases.map { name in
        let row = Section.row(name)
        let make = row.make
        return ErasedRow(name: PageName(name), method: row.method, path: row.path, rules: row.rules) {
          make($0, $1).map(wrap)
        }
      }
      examples = Section.examples.map(wrap)
    }
  }

  let rows: [ErasedRow]
  let examples: [WebPage]
  private let byName: [PageName: ErasedRow]
  private let byFirstSegment: [String: [ErasedRow]]
  /// The pages whose path has no parameter, by that path: found with one lookup of the path
  /// as sent (as `RouteTable`'s), and a fixed path beats a parameter anyway.
  private let byFixedPath: [String: [ErasedRow]]

  init(_ sections: [Entry]) {
    rows = sections.flatMap(\.rows)
    examples = sections.flatMap(\.examples)
    byName = Dictionary(uniqueKeysWithValues: rows.map { ($0.name, $0) })
    byFirstSegment = Dictionary(grouping: rows) { Self.key(of: $0.path.segments) }
    byFixedPath = Dictionary(grouping: rows.filter { $0.path.parameterCount == 0 }) { $0.path.text }
  }

  /// A page's row and parts, by its section's name for it.
  func resolve<Section: PageSection>(_ page: Section) -> (row: ErasedRow, parts: PageParts<Section.Name>) {
    let parts = page.parts
    // Every link of every page comes here: a hash of the name, not its text (`make bench-cost`:
    // `String(reflecting:)` cost about 15,000 instructions a link).
    guard let row = byName[PageName(parts.name)] else { preconditionFailure("no row for \(parts.name)") }
    return (row, parts)
  }

  /// The page a request is for. Empty segments are ignored (`/board/` is the board), and a
  /// fixed segment beats a parameter (`/admin/people/new` is not a person called "new").
  func match(method: String, path: String, query: [String: String]) -> WebPage? {
    if let fixed = byFixedPath[path] {
      return fixed.first { $0.method.rawValue == method }.flatMap { $0.make([], query) }
    }
    var segments = path.pathSegments(omittingEmpty: true)
    segments.insert("", at: 0)
    if segments.count == 1 { segments.append("") }
    let matches = (byFirstSegment[Self.key(of: segments)] ?? []).compactMap { row in
      row.path.parameters(of: segments).map { (row: row, parameters: $0) }
    }
    guard let fewest = matches.map(\.parameters.count).min() else { return nil }
    let chosen = matches.first { $0.parameters.count == fewest && $0.row.method.rawValue == method }
    return chosen.flatMap { $0.row.make($0.parameters, query) }
  }

  private static func key(of segments: [Substring]) -> String {
    segments.count > 1 ? String(segments[1]) : ""
  }
}

/// A section's own name for a page, as a key for every section's pages. Its section's type
/// is part of the hash: sections' names alike (`.home` of two sections) would otherwise land
/// in one bucket, and `AnyHashable`'s comparison of values of different types is slow.
struct PageName: Hashable, @unchecked Sendable {
  private let section: ObjectIdentifier
  /// Only ever a `PageSection.Name`, which is `Sendable`.
  private let value: AnyHashable

  init<Name: Hashable & Sendable>(_ name: Name) {
    section = ObjectIdentifier(Name.self)
    value = AnyHashable(name)
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(section)
    hasher.combine(value)
  }

  static func == (lhs: PageName, rhs: PageName) -> Bool { lhs.section == rhs.section && lhs.value == rhs.value }
}

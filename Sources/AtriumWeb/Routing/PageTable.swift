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

/// A section's own name for a page, as a key for every section's pages: its section's type
/// and the name's place among the section's names. Every link of every page is resolved by
/// it; the name itself as an `AnyHashable` (boxed, hashed and compared through the box) cost
/// about 4,000 instructions a link (`make bench-cost`, the menu of `/time-off`).
struct PageName: Hashable, Sendable {
  private let section: ObjectIdentifier
  private let place: Int

  init<Name: CaseIterable & Equatable>(_ name: Name) {
    section = ObjectIdentifier(Name.self)
    let cases = Name.allCases
    guard let index = cases.firstIndex(of: name) else { preconditionFailure("\(name) is not among its cases") }
    place = cases.distance(from: cases.startIndex, to: index)
  }
}

import AtriumAPI
import AtriumHTTPTypes

/// One page or form of a section, written once: its method and path, how a matched request
/// becomes the section's value, and its rules.
package struct PageRow<Section: Sendable>: Sendable {
  package let method: HTTPMethod
  package let path: PathTemplate
  package let rules: PageRules
  /// The value for the decoded `{parameter}` segments and query; nil when they name no page
  /// (an action that does not exist).
  let make: @Sendable (_ parameters: [String], _ query: [String: String]) -> Section?

  package init(
    _ method: HTTPMethod, _ path: String, rules: PageRules,
    make: @escaping @Sendable (_ parameters: [String], _ query: [String: String]) -> Section?
  ) {
    self.method = method
    self.path = PathTemplate(path)
    self.rules = rules
    self.make = make
  }
}

/// A section of the web app (time off, the board, administration…): a nested enum of `WebPage`
/// in a file of its own under `Routing/Sections/`, with one case per page or form.
package protocol PageSection: Hashable, Sendable {
  associatedtype Name: CaseIterable, Hashable, Sendable

  /// The row of a page: a `switch` over `Name` without `default:`, so a page without its row
  /// (and so without its rules) does not compile.
  static func row(_ name: Name) -> PageRow<Self>

  /// Which page this value is, its path parameters in order, and its query (defaults left out).
  var parts: PageParts<Name> { get }

  /// At least one value of every page, for the round-trip and link tests.
  static var examples: [Self] { get }
}

/// What a page value says about itself: see `PageSection.parts`.
package struct PageParts<Name: Sendable>: Sendable {
  package let name: Name
  package let parameters: [String]
  package let query: [(name: String, value: String)]

  package init(_ name: Name, _ parameters: [String] = [], query: [(String, String?)] = []) {
    self.name = name
    self.parameters = parameters
    self.query = query.compactMap { item in item.1.map { (item.0, $0) } }
  }
}

extension [String: String] {
  /// A query value that is there and not blank.
  func nonBlank(_ name: String) -> String? {
    self[name].flatMap { $0.trimmingWhitespace.isEmpty ? nil : $0 }
  }

  /// A query value that is there and not empty.
  func nonEmpty(_ name: String) -> String? { self[name].flatMap { $0.isEmpty ? nil : $0 } }

  /// A query value that is a whole number.
  func integer(_ name: String) -> Int? { self[name].flatMap { Int($0) } }
}

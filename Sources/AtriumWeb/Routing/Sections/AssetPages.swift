extension WebPage {
  /// The stylesheet and the script, under names that carry a hash of their content; and the
  /// service worker, whose address must stay the same for browsers to find its new versions.
  package enum Assets: PageSection {
    case stylesheet
    case script
    case serviceWorker

    package enum Name: CaseIterable, Sendable {
      case stylesheet, script, serviceWorker
    }

    package static func row(_ name: Name) -> PageRow<Self> {
      let rules = PageRules(access: .anyone, work: .quick, beforePasswordChange: .allowed, bodyLimit: .standard)
      return switch name {
      case .stylesheet: PageRow(.get, "/assets/" + WebAssets.stylesheetName, rules: rules) { _, _ in .stylesheet }
      case .script: PageRow(.get, "/assets/" + WebAssets.scriptName, rules: rules) { _, _ in .script }
      case .serviceWorker: PageRow(.get, "/sw.js", rules: rules) { _, _ in .serviceWorker }
      }
    }

    package var parts: PageParts<Name> {
      switch self {
      case .stylesheet: PageParts(.stylesheet)
      case .script: PageParts(.script)
      case .serviceWorker: PageParts(.serviceWorker)
      }
    }

    package static let examples: [Self] = [.stylesheet, .script, .serviceWorker]
  }
}

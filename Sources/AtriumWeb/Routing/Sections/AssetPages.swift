extension WebPage {
  /// The stylesheet and the script, under names that carry a hash of their content.
  package enum Assets: PageSection {
    case stylesheet
    case script

    package enum Name: CaseIterable, Sendable {
      case stylesheet, script
    }

    package static func row(_ name: Name) -> PageRow<Self> {
      let rules = PageRules(access: .anyone, work: .quick, beforePasswordChange: .allowed, bodyLimit: .standard)
      return switch name {
      case .stylesheet: PageRow(.get, "/assets/" + WebAssets.stylesheetName, rules: rules) { _, _ in .stylesheet }
      case .script: PageRow(.get, "/assets/" + WebAssets.scriptName, rules: rules) { _, _ in .script }
      }
    }

    package var parts: PageParts<Name> {
      switch self {
      case .stylesheet: PageParts(.stylesheet)
      case .script: PageParts(.script)
      }
    }

    package static let examples: [Self] = [.stylesheet, .script]
  }
}

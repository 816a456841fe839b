extension WebPage {
  /// The company's contact data.
  package enum Company: PageSection {
    case show

    package enum Name: CaseIterable, Sendable {
      case show
    }

    package static func row(_ name: Name) -> PageRow<Self> {
      switch name {
      case .show: PageRow(.get, "/company", rules: .signedIn) { _, _ in .show }
      }
    }

    package var parts: PageParts<Name> {
      switch self {
      case .show: PageParts(.show)
      }
    }

    package static let examples: [Self] = [.show]
  }
}

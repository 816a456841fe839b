extension WebPage {
  /// Home: the timeline and posting to it.
  package enum Home: PageSection {
    case timeline
    case createPost

    package enum Name: CaseIterable, Sendable {
      case timeline, createPost
    }

    package static func row(_ name: Name) -> PageRow<Self> {
      switch name {
      case .timeline: PageRow(.get, "/", rules: .signedIn) { _, _ in .timeline }
      case .createPost: PageRow(.post, "/posts", rules: .signedIn) { _, _ in .createPost }
      }
    }

    package var parts: PageParts<Name> {
      switch self {
      case .timeline: PageParts(.timeline)
      case .createPost: PageParts(.createPost)
      }
    }

    package static let examples: [Self] = [.timeline, .createPost]
  }
}

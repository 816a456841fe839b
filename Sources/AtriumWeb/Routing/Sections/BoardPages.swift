extension WebPage {
  /// The board: notices, marking them read, and company notices for admins.
  package enum Board: PageSection {
    case notices
    case markRead(id: String)
    case markAllRead
    case post

    package enum Name: CaseIterable, Sendable {
      case notices, markRead, markAllRead, post
    }

    package static func row(_ name: Name) -> PageRow<Self> {
      switch name {
      case .notices: PageRow(.get, "/board", rules: .signedIn) { _, _ in .notices }
      case .markRead: PageRow(.post, "/board/{id}/read", rules: .signedIn) { id, _ in .markRead(id: id[0]) }
      case .markAllRead: PageRow(.post, "/board/read-all", rules: .signedIn) { _, _ in .markAllRead }
      case .post: PageRow(.post, "/board", rules: .signedIn) { _, _ in .post }
      }
    }

    package var parts: PageParts<Name> {
      switch self {
      case .notices: PageParts(.notices)
      case .markRead(let id): PageParts(.markRead, [id])
      case .markAllRead: PageParts(.markAllRead)
      case .post: PageParts(.post)
      }
    }

    package static let examples: [Self] = [.notices, .markRead(id: "n1"), .markAllRead, .post]
  }
}

extension WebPage {
  /// The visitor's own profile: their page, the edit form and the photo.
  package enum Profile: PageSection {
    case mine
    case edit
    case save
    case uploadPhoto

    package enum Name: CaseIterable, Sendable {
      case mine, edit, save, uploadPhoto
    }

    package static func row(_ name: Name) -> PageRow<Self> {
      switch name {
      case .mine: PageRow(.get, "/profile", rules: .signedIn) { _, _ in .mine }
      case .edit: PageRow(.get, "/profile/edit", rules: .signedIn) { _, _ in .edit }
      case .save:
        // The details and the photo in one form; the page itself says when the image is too large.
        PageRow(
          .post, "/profile/edit",
          rules: .init(access: .signedIn, work: .quick, beforePasswordChange: .refused, bodyLimit: .photoForm)
        ) { _, _ in .save }
      case .uploadPhoto:
        // A photo alone (the profile form also sends it with the details).
        PageRow(
          .post, "/profile/photo",
          rules: .init(access: .signedIn, work: .quick, beforePasswordChange: .refused, bodyLimit: .photoForm)
        ) { _, _ in .uploadPhoto }
      }
    }

    package var parts: PageParts<Name> {
      switch self {
      case .mine: PageParts(.mine)
      case .edit: PageParts(.edit)
      case .save: PageParts(.save)
      case .uploadPhoto: PageParts(.uploadPhoto)
      }
    }

    package static let examples: [Self] = [.mine, .edit, .save, .uploadPhoto]
  }
}

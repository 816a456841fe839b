extension WebPage {
  /// The visitor's time off: the year, the request form, changes and cancellations.
  package enum TimeOff: PageSection {
    case overview(year: Int?)
    case request
    case cancel(id: String)
    case edit(id: String)
    case change(id: String)

    package enum Name: CaseIterable, Sendable {
      case overview, request, cancel, edit, change
    }

    package static func row(_ name: Name) -> PageRow<Self> {
      switch name {
      case .overview:
        PageRow(.get, "/time-off", rules: .signedIn) { _, query in .overview(year: query.integer("year")) }
      case .request: PageRow(.post, "/time-off/requests", rules: .signedIn) { _, _ in .request }
      case .cancel: PageRow(.post, "/time-off/requests/{id}/cancel", rules: .signedIn) { id, _ in .cancel(id: id[0]) }
      case .edit: PageRow(.get, "/time-off/requests/{id}", rules: .signedIn) { id, _ in .edit(id: id[0]) }
      case .change: PageRow(.post, "/time-off/requests/{id}", rules: .signedIn) { id, _ in .change(id: id[0]) }
      }
    }

    package var parts: PageParts<Name> {
      switch self {
      case .overview(let year): PageParts(.overview, query: [("year", year.map(String.init))])
      case .request: PageParts(.request)
      case .cancel(let id): PageParts(.cancel, [id])
      case .edit(let id): PageParts(.edit, [id])
      case .change(let id): PageParts(.change, [id])
      }
    }

    package static let examples: [Self] = [
      .overview(year: nil), .overview(year: 2027), .request, .cancel(id: "a b"), .edit(id: "r1"), .change(id: "r1"),
    ]
  }
}

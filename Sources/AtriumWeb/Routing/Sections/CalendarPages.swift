extension WebPage {
  /// The team calendar: a month of people by days.
  package enum Calendar: PageSection {
    case grid(month: String?, department: String?, location: String?)

    package enum Name: CaseIterable, Sendable {
      case grid
    }

    package static func row(_ name: Name) -> PageRow<Self> {
      switch name {
      case .grid:
        PageRow(.get, "/calendar", rules: .signedIn) { _, query in
          .grid(
            month: query.nonEmpty("month"), department: query.nonEmpty("department"),
            location: query.nonEmpty("location"))
        }
      }
    }

    package var parts: PageParts<Name> {
      switch self {
      case .grid(let month, let department, let location):
        PageParts(.grid, query: [("month", month), ("department", department), ("location", location)])
      }
    }

    package static let examples: [Self] = [
      .grid(month: nil, department: nil, location: nil), .grid(month: "2026-04", department: "d1", location: "l1"),
    ]
  }
}

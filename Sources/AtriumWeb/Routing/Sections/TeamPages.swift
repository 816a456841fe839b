extension WebPage {
  /// The people directory, a person's page, and their time off for those who decide about it.
  package enum Team: PageSection {
    case directory(query: String?, department: String?, location: String?)
    case person(id: String)
    case timeOff(id: String, year: Int?)

    package enum Name: CaseIterable, Sendable {
      case directory, person, timeOff
    }

    package static func row(_ name: Name) -> PageRow<Self> {
      switch name {
      case .directory:
        PageRow(.get, "/team", rules: .signedIn) { _, query in
          .directory(
            query: query.nonBlank("query"), department: query.nonBlank("department"),
            location: query.nonBlank("location"))
        }
      case .person: PageRow(.get, "/team/{id}", rules: .signedIn) { id, _ in .person(id: id[0]) }
      case .timeOff:
        PageRow(.get, "/team/{id}/time-off", rules: .signedIn) { id, query in
          .timeOff(id: id[0], year: query.integer("year"))
        }
      }
    }

    package var parts: PageParts<Name> {
      switch self {
      case .directory(let query, let department, let location):
        PageParts(.directory, query: [("query", query), ("department", department), ("location", location)])
      case .person(let id): PageParts(.person, [id])
      case .timeOff(let id, let year): PageParts(.timeOff, [id], query: [("year", year.map(String.init))])
      }
    }

    package static let examples: [Self] = [
      .directory(query: nil, department: nil, location: nil),
      .directory(query: "José M", department: "d1", location: nil),
      .person(id: "p1"), .timeOff(id: "p1", year: nil), .timeOff(id: "p1", year: 2025),
    ]
  }
}

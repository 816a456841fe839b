extension WebPage {
  /// Presence: the "Where" page (my check-in, buildings near the browser's position, my mates
  /// and the map), its forms, and the admins' campuses and buildings.
  package enum Presence: PageSection {
    /// `fix`: the browser's position as `LAT,LON,ACCURACY_M,AGE_S` (set by the page's script
    /// after the browser's permission prompt), or `refused`.
    case whereAmI(fix: String?)
    case checkIn
    case checkOut
    case addMate
    case removeMate(id: String)
    case saveSharing
    /// Admins: campuses, buildings, the company's policy and today's counts.
    case places
    case createCampus
    case updateCampus(id: String)
    case deleteCampus(id: String)
    case createBuilding
    case updateBuilding(id: String)
    case deleteBuilding(id: String)
    case savePolicy

    package enum Name: CaseIterable, Sendable {
      case whereAmI, checkIn, checkOut, addMate, removeMate, saveSharing
      case places, createCampus, updateCampus, deleteCampus, createBuilding, updateBuilding, deleteBuilding, savePolicy
    }

    package static func row(_ name: Name) -> PageRow<Self> {
      switch name {
      case .whereAmI: PageRow(.get, "/where", rules: .signedIn) { _, query in .whereAmI(fix: query.nonBlank("fix")) }
      case .checkIn: PageRow(.post, "/where/checkin", rules: .signedIn) { _, _ in .checkIn }
      case .checkOut: PageRow(.post, "/where/checkout", rules: .signedIn) { _, _ in .checkOut }
      case .addMate: PageRow(.post, "/where/mates", rules: .signedIn) { _, _ in .addMate }
      case .removeMate:
        PageRow(.post, "/where/mates/{id}/remove", rules: .signedIn) { id, _ in .removeMate(id: id[0]) }
      case .saveSharing: PageRow(.post, "/where/sharing", rules: .signedIn) { _, _ in .saveSharing }
      case .places: PageRow(.get, "/admin/presence", rules: .signedIn) { _, _ in .places }
      case .createCampus: PageRow(.post, "/admin/presence/campuses", rules: .signedIn) { _, _ in .createCampus }
      case .updateCampus:
        PageRow(.post, "/admin/presence/campuses/{id}", rules: .signedIn) { id, _ in .updateCampus(id: id[0]) }
      case .deleteCampus:
        PageRow(.post, "/admin/presence/campuses/{id}/delete", rules: .signedIn) { id, _ in .deleteCampus(id: id[0]) }
      case .createBuilding: PageRow(.post, "/admin/presence/buildings", rules: .signedIn) { _, _ in .createBuilding }
      case .updateBuilding:
        PageRow(.post, "/admin/presence/buildings/{id}", rules: .signedIn) { id, _ in .updateBuilding(id: id[0]) }
      case .deleteBuilding:
        PageRow(.post, "/admin/presence/buildings/{id}/delete", rules: .signedIn) { id, _ in
          .deleteBuilding(id: id[0])
        }
      case .savePolicy: PageRow(.post, "/admin/presence/policy", rules: .signedIn) { _, _ in .savePolicy }
      }
    }

    /// The admins' pages and forms (campuses, buildings, the policy).
    package var isForAdmins: Bool {
      switch self {
      case .whereAmI, .checkIn, .checkOut, .addMate, .removeMate, .saveSharing: false
      case .places, .createCampus, .updateCampus, .deleteCampus, .createBuilding, .updateBuilding, .deleteBuilding,
        .savePolicy:
        true
      }
    }

    package var parts: PageParts<Name> {
      switch self {
      case .whereAmI(let fix): PageParts(.whereAmI, query: [("fix", fix)])
      case .checkIn: PageParts(.checkIn)
      case .checkOut: PageParts(.checkOut)
      case .addMate: PageParts(.addMate)
      case .removeMate(let id): PageParts(.removeMate, [id])
      case .saveSharing: PageParts(.saveSharing)
      case .places: PageParts(.places)
      case .createCampus: PageParts(.createCampus)
      case .updateCampus(let id): PageParts(.updateCampus, [id])
      case .deleteCampus(let id): PageParts(.deleteCampus, [id])
      case .createBuilding: PageParts(.createBuilding)
      case .updateBuilding(let id): PageParts(.updateBuilding, [id])
      case .deleteBuilding(let id): PageParts(.deleteBuilding, [id])
      case .savePolicy: PageParts(.savePolicy)
      }
    }

    package static let examples: [Self] = [
      .whereAmI(fix: nil), .whereAmI(fix: "40.4531,-3.6883,15,2"), .whereAmI(fix: "refused"), .checkIn, .checkOut,
      .addMate, .removeMate(id: "p1"), .saveSharing, .places, .createCampus, .updateCampus(id: "c1"),
      .deleteCampus(id: "c1"), .createBuilding, .updateBuilding(id: "b1"), .deleteBuilding(id: "b1"), .savePolicy,
    ]
  }
}

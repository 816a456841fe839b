import AtriumHTTPTypes

extension Route {
  /// Presence: the campuses and buildings people check in at (later: check-ins, mates, the map).
  public enum Presence: RouteSection {
    /// `GET /api/v1/presence/campuses`: every campus with its buildings.
    case campuses
    /// `POST /api/v1/presence/campuses`: an admin adds a campus.
    case createCampus
    /// `PATCH /api/v1/presence/campuses/{id}`.
    case updateCampus(id: String)
    /// `DELETE /api/v1/presence/campuses/{id}`: an admin removes a campus without buildings.
    case deleteCampus(id: String)
    /// `POST /api/v1/presence/buildings`: an admin adds a building to a campus.
    case createBuilding
    /// `PATCH /api/v1/presence/buildings/{id}`.
    case updateBuilding(id: String)
    /// `DELETE /api/v1/presence/buildings/{id}`.
    case deleteBuilding(id: String)

    public enum Name: String, CaseIterable, Sendable {
      case campuses = "presenceCampuses"
      case createCampus, updateCampus, deleteCampus, createBuilding, updateBuilding, deleteBuilding
    }

    public static func endpoint(_ name: Name) -> Endpoint<Self> {
      func admin(
        _ method: HTTPMethod, _ path: String, _ action: String, _ route: @escaping @Sendable ([String]) -> Self
      )
        -> Endpoint<Self>
      {
        Endpoint(
          method, path, access: .admin(to: action), work: .quick, replay: .storesAnswer,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { parameters, _ in route(parameters) }
      }
      return switch name {
      case .campuses:
        Endpoint(
          .get, "/api/v1/presence/campuses", access: .signedIn, work: .quick, replay: .neverStored,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, _ in .campuses }
      case .createCampus: admin(.post, "/api/v1/presence/campuses", "add campuses") { _ in .createCampus }
      case .updateCampus:
        admin(.patch, "/api/v1/presence/campuses/{id}", "change campuses") { .updateCampus(id: $0[0]) }
      case .deleteCampus:
        admin(.delete, "/api/v1/presence/campuses/{id}", "remove campuses") { .deleteCampus(id: $0[0]) }
      case .createBuilding: admin(.post, "/api/v1/presence/buildings", "add buildings") { _ in .createBuilding }
      case .updateBuilding:
        admin(.patch, "/api/v1/presence/buildings/{id}", "change buildings") { .updateBuilding(id: $0[0]) }
      case .deleteBuilding:
        admin(.delete, "/api/v1/presence/buildings/{id}", "remove buildings") { .deleteBuilding(id: $0[0]) }
      }
    }

    public var parts: RouteParts<Name> {
      switch self {
      case .campuses: RouteParts(.campuses)
      case .createCampus: RouteParts(.createCampus)
      case .updateCampus(let id): RouteParts(.updateCampus, [id])
      case .deleteCampus(let id): RouteParts(.deleteCampus, [id])
      case .createBuilding: RouteParts(.createBuilding)
      case .updateBuilding(let id): RouteParts(.updateBuilding, [id])
      case .deleteBuilding(let id): RouteParts(.deleteBuilding, [id])
      }
    }

    public static let examples: [Self] = [
      .campuses, .createCampus, .updateCampus(id: "c1"), .deleteCampus(id: "c1"), .createBuilding,
      .updateBuilding(id: "b1"), .deleteBuilding(id: "b1"),
    ]
  }
}

import AtriumHTTPTypes

extension Route {
  /// Presence: the campuses and buildings people check in at, checking in and out, and one's
  /// presence settings, mates, today's counts, the map and the company's check-in policy.
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
    /// `POST /api/v1/presence/nearby`: the buildings a fix is inside, possibly inside or near.
    case nearby
    /// `POST /api/v1/presence/checkins`: check in by hand.
    case checkIn
    /// `POST /api/v1/presence/checkout`: end the caller's open check-in.
    case checkOut
    /// `POST /api/v1/presence/position`: a device's fix or geofence event.
    case position
    /// `GET /api/v1/presence/me`: the caller's open check-in and settings.
    case me
    /// `GET /api/v1/presence/settings`.
    case settings
    /// `PUT /api/v1/presence/settings`: sharing and automatic check-in.
    case updateSettings
    /// `GET /api/v1/presence/mates`: the people the caller keeps as mates.
    case mates
    /// `POST /api/v1/presence/mates`: add someone (it grants the caller nothing by itself).
    case addMate
    /// `DELETE /api/v1/presence/mates/{id}`.
    case removeMate(id: String)
    /// `GET /api/v1/presence/mates/checkins`: the mates the caller may see, where they checked in.
    case mateCheckIns
    /// `GET /api/v1/presence/today`: people checked in per building today (admins; counts only).
    case today
    /// `GET /api/v1/presence/history/export`: everything kept of the caller's presence.
    case exportHistory
    /// `DELETE /api/v1/presence/history`: the caller's check-ins go.
    case deleteHistory
    /// `GET /api/v1/presence/map?campus=`: the campus drawn as SVG, with the mates the caller
    /// may see at their building.
    case map(campusID: String)
    /// `GET /api/v1/presence/policy`: whether people may check in without a position.
    case policy
    /// `PUT /api/v1/presence/policy`: an admin changes it.
    case updatePolicy

    public enum Name: String, CaseIterable, Sendable {
      case campuses = "presenceCampuses"
      case createCampus, updateCampus, deleteCampus, createBuilding, updateBuilding, deleteBuilding
      case nearby = "presenceNearby"
      case checkIn, checkOut
      case position = "presencePosition"
      case me = "myPresence"
      case settings = "presenceSettings"
      case updateSettings = "updatePresenceSettings"
      case mates = "presenceMates"
      case addMate, removeMate
      case mateCheckIns
      case today = "presenceToday"
      case exportHistory = "exportPresenceHistory"
      case deleteHistory = "deletePresenceHistory"
      case map = "presenceMap"
      case policy = "presencePolicy"
      case updatePolicy = "updatePresencePolicy"
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
      func signedIn(
        _ method: HTTPMethod, _ path: String, _ replay: EndpointRules.Replay, _ route: Self
      ) -> Endpoint<Self> {
        Endpoint(
          method, path, access: .signedIn, work: .quick, replay: replay, beforePasswordChange: .refused,
          bodyLimit: .standard
        ) { _, _ in route }
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
      case .nearby: signedIn(.post, "/api/v1/presence/nearby", .neverStored, .nearby)
      case .checkIn: signedIn(.post, "/api/v1/presence/checkins", .storesAnswer, .checkIn)
      case .checkOut: signedIn(.post, "/api/v1/presence/checkout", .storesAnswer, .checkOut)
      case .position: signedIn(.post, "/api/v1/presence/position", .storesAnswer, .position)
      case .me: signedIn(.get, "/api/v1/presence/me", .neverStored, .me)
      case .settings: signedIn(.get, "/api/v1/presence/settings", .neverStored, .settings)
      case .updateSettings: signedIn(.put, "/api/v1/presence/settings", .storesAnswer, .updateSettings)
      case .mates: signedIn(.get, "/api/v1/presence/mates", .neverStored, .mates)
      case .addMate: signedIn(.post, "/api/v1/presence/mates", .storesAnswer, .addMate)
      case .removeMate:
        Endpoint(
          .delete, "/api/v1/presence/mates/{id}", access: .signedIn, work: .quick, replay: .storesAnswer,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { parameters, _ in .removeMate(id: parameters[0]) }
      case .mateCheckIns: signedIn(.get, "/api/v1/presence/mates/checkins", .neverStored, .mateCheckIns)
      case .today:
        Endpoint(
          .get, "/api/v1/presence/today", access: .admin(to: "see today's counts"), work: .quick,
          replay: .neverStored, beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, _ in .today }
      case .exportHistory: signedIn(.get, "/api/v1/presence/history/export", .neverStored, .exportHistory)
      case .deleteHistory: signedIn(.delete, "/api/v1/presence/history", .storesAnswer, .deleteHistory)
      case .map:
        Endpoint(
          .get, "/api/v1/presence/map", access: .signedIn, work: .quick, replay: .neverStored,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, query throws(RouteError) in
          guard let campus = query["campus"], !campus.isEmpty else {
            throw .invalidQuery(field: "campus", rule: .required)
          }
          return .map(campusID: campus)
        }
      case .policy: signedIn(.get, "/api/v1/presence/policy", .neverStored, .policy)
      case .updatePolicy: admin(.put, "/api/v1/presence/policy", "change the presence policy") { _ in .updatePolicy }
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
      case .nearby: RouteParts(.nearby)
      case .checkIn: RouteParts(.checkIn)
      case .checkOut: RouteParts(.checkOut)
      case .position: RouteParts(.position)
      case .me: RouteParts(.me)
      case .settings: RouteParts(.settings)
      case .updateSettings: RouteParts(.updateSettings)
      case .mates: RouteParts(.mates)
      case .addMate: RouteParts(.addMate)
      case .removeMate(let id): RouteParts(.removeMate, [id])
      case .mateCheckIns: RouteParts(.mateCheckIns)
      case .today: RouteParts(.today)
      case .exportHistory: RouteParts(.exportHistory)
      case .deleteHistory: RouteParts(.deleteHistory)
      case .map(let campus): RouteParts(.map, query: [("campus", campus)])
      case .policy: RouteParts(.policy)
      case .updatePolicy: RouteParts(.updatePolicy)
      }
    }

    public static let examples: [Self] = [
      .campuses, .createCampus, .updateCampus(id: "c1"), .deleteCampus(id: "c1"), .createBuilding,
      .updateBuilding(id: "b1"), .deleteBuilding(id: "b1"), .nearby, .checkIn, .checkOut, .position, .me, .settings,
      .updateSettings, .mates, .addMate, .removeMate(id: "p1"), .mateCheckIns, .today, .exportHistory, .deleteHistory,
      .map(campusID: "c1"), .policy, .updatePolicy,
    ]
  }
}

extension Route {
  /// The company's locations and departments.
  public enum Places: RouteSection {
    /// `GET /api/v1/locations`: the company's offices, by name.
    case locations(PageRequest)
    /// `POST /api/v1/locations`: an admin adds an office.
    case createLocation
    /// `PATCH /api/v1/locations/{id}`: an admin changes an office (name, time zone, weekend).
    case updateLocation(id: String)
    /// `DELETE /api/v1/locations/{id}`: an admin removes an unused location.
    case deleteLocation(id: String)
    /// `GET /api/v1/departments`: the company's departments, by name.
    case departments(PageRequest)
    /// `POST /api/v1/departments`: an admin adds a department.
    case createDepartment
    /// `PATCH /api/v1/departments/{id}`: an admin renames a department.
    case updateDepartment(id: String)
    /// `DELETE /api/v1/departments/{id}`: an admin removes an unused department.
    case deleteDepartment(id: String)

    public enum Name: String, CaseIterable, Sendable {
      case locations, createLocation, updateLocation, deleteLocation
      case departments, createDepartment, updateDepartment, deleteDepartment
    }

    public static func endpoint(_ name: Name) -> Endpoint<Self> {
      switch name {
      case .locations:
        Endpoint(
          .get, "/api/v1/locations", access: .signedIn, work: .quick, replay: .neverStored,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, query throws(RouteError) in .locations(try PageRequest(query: query)) }
      case .createLocation:
        Endpoint(
          .post, "/api/v1/locations", access: .admin(to: "add locations"), work: .quick, replay: .storesAnswer,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, _ in .createLocation }
      case .updateLocation:
        Endpoint(
          .patch, "/api/v1/locations/{id}", access: .admin(to: "change locations"), work: .quick,
          replay: .storesAnswer, beforePasswordChange: .refused, bodyLimit: .standard
        ) { parameters, _ in .updateLocation(id: parameters[0]) }
      case .deleteLocation:
        Endpoint(
          .delete, "/api/v1/locations/{id}", access: .admin(to: "remove locations"), work: .quick,
          replay: .storesAnswer, beforePasswordChange: .refused, bodyLimit: .standard
        ) { parameters, _ in .deleteLocation(id: parameters[0]) }
      case .departments:
        Endpoint(
          .get, "/api/v1/departments", access: .signedIn, work: .quick, replay: .neverStored,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, query throws(RouteError) in .departments(try PageRequest(query: query)) }
      case .createDepartment:
        Endpoint(
          .post, "/api/v1/departments", access: .admin(to: "add departments"), work: .quick, replay: .storesAnswer,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, _ in .createDepartment }
      case .updateDepartment:
        Endpoint(
          .patch, "/api/v1/departments/{id}", access: .admin(to: "change departments"), work: .quick,
          replay: .storesAnswer, beforePasswordChange: .refused, bodyLimit: .standard
        ) { parameters, _ in .updateDepartment(id: parameters[0]) }
      case .deleteDepartment:
        Endpoint(
          .delete, "/api/v1/departments/{id}", access: .admin(to: "remove departments"), work: .quick,
          replay: .storesAnswer, beforePasswordChange: .refused, bodyLimit: .standard
        ) { parameters, _ in .deleteDepartment(id: parameters[0]) }
      }
    }

    public var parts: RouteParts<Name> {
      switch self {
      case .locations(let page): RouteParts(.locations, query: page.queryItems)
      case .createLocation: RouteParts(.createLocation)
      case .updateLocation(let id): RouteParts(.updateLocation, [id])
      case .deleteLocation(let id): RouteParts(.deleteLocation, [id])
      case .departments(let page): RouteParts(.departments, query: page.queryItems)
      case .createDepartment: RouteParts(.createDepartment)
      case .updateDepartment(let id): RouteParts(.updateDepartment, [id])
      case .deleteDepartment(let id): RouteParts(.deleteDepartment, [id])
      }
    }

    public static let examples: [Self] = [
      .locations(.first), .locations(PageRequest(limit: 5, cursor: "abc")), .createLocation,
      .updateLocation(id: Route.exampleID), .deleteLocation(id: Route.exampleID), .departments(.first),
      .departments(PageRequest(limit: 1000, cursor: "x y")), .createDepartment, .updateDepartment(id: Route.exampleID),
      .deleteDepartment(id: Route.exampleID),
    ]
  }
}

extension Route {
  /// The service itself: outside `/api/v1`, anonymous.
  public enum Service: RouteSection {
    /// `GET /healthz`: the process is up and answering.
    case health
    /// `GET /api/openapi.yaml`: this contract, as OpenAPI 3.1.
    case openAPI

    public enum Name: String, CaseIterable, Sendable {
      case health, openAPI
    }

    public static func endpoint(_ name: Name) -> Endpoint<Self> {
      switch name {
      case .health:
        Endpoint(
          .get, "/healthz", access: .anonymous, work: .quick, replay: .neverStored, beforePasswordChange: .allowed,
          bodyLimit: .standard
        ) { _, _ in .health }
      case .openAPI:
        Endpoint(
          .get, "/api/openapi.yaml", access: .anonymous, work: .quick, replay: .neverStored,
          beforePasswordChange: .allowed, bodyLimit: .standard
        ) { _, _ in .openAPI }
      }
    }

    public var parts: RouteParts<Name> {
      switch self {
      case .health: RouteParts(.health)
      case .openAPI: RouteParts(.openAPI)
      }
    }

    public static let examples: [Self] = [.health, .openAPI]
  }
}

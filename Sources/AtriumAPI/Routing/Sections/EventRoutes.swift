extension Route {
  /// Live events for the signed-in person.
  public enum Events: RouteSection {
    /// `GET /api/v1/events`: server-sent events for the signed-in person (`notice`, `approvals`),
    /// with heartbeats; a reconnect sends `Last-Event-ID` to be replayed what it missed.
    case stream

    public enum Name: String, CaseIterable, Sendable {
      case stream = "events"
    }

    public static func endpoint(_ name: Name) -> Endpoint<Self> {
      switch name {
      case .stream:
        Endpoint(
          .get, "/api/v1/events", access: .signedIn, work: .quick, replay: .neverStored,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, _ in .stream }
      }
    }

    public var parts: RouteParts<Name> {
      switch self {
      case .stream: RouteParts(.stream)
      }
    }

    public static let examples: [Self] = [.stream]
  }
}

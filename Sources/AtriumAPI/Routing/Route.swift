import AtriumHTTPTypes

/// Every JSON API endpoint, as a value: the server matches requests into it, clients build
/// requests from it, and `openapi.yaml` documents each endpoint.
///
/// A route is a section and that section's endpoint (`.leave(.create)`). Each section is a
/// nested enum in a file of its own under `Routing/Sections/`, where every endpoint is written
/// once, as a row with its method, path, parsing and rules (`RouteSection`). A new section adds
/// a case here and registers its type in `Route.table`; nothing else in this folder changes.
public enum Route: Hashable, Sendable {
  /// `/healthz` and the contract.
  case service(Service)
  /// Signing in and out.
  case auth(Auth)
  /// The caller's own account: profile, password, photo.
  case me(Me)
  /// Time off: the caller's year, requests, a person's year.
  case leave(Leave)
  /// Deciding requests.
  case approvals(Approvals)
  /// Time-off settings: allowances, holidays, leave types, the policy.
  case leaveSettings(LeaveSettings)
  /// The team calendar and the calendar feeds.
  case calendar(Calendar)
  /// The directory of people and their administration.
  case people(People)
  /// Locations and departments.
  case places(Places)
  /// The company's data and the audit log.
  case company(Company)
  /// Notices and the badge.
  case board(Board)
  /// Posts and imported feeds.
  case timeline(Timeline)
  /// The caller's settings and push devices.
  case settings(Settings)
  /// The company directory (LDAP) settings and sync.
  case directory(Directory)
  /// Server-sent events.
  case events(Events)
  /// The notification outbox (admins).
  case outbox(Outbox)
  /// Presence: campuses, buildings, check-ins.
  case presence(Presence)
  /// Tasks: operations, the change feed, conflicts.
  case tasks(Tasks)
  /// Office sensors, their rooms and readings.
  case sensors(Sensors)
  /// Alert rules on sensors, their templates and followers.
  case sensorAlerts(SensorAlerts)

  /// The sections, registered once: the matcher and the tests read every endpoint from here.
  static let table = RouteTable([
    .init(Service.self, Route.service), .init(Auth.self, Route.auth), .init(Me.self, Route.me),
    .init(Leave.self, Route.leave), .init(Approvals.self, Route.approvals),
    .init(LeaveSettings.self, Route.leaveSettings), .init(Calendar.self, Route.calendar),
    .init(People.self, Route.people), .init(Places.self, Route.places), .init(Company.self, Route.company),
    .init(Board.self, Route.board), .init(Timeline.self, Route.timeline), .init(Settings.self, Route.settings),
    .init(Directory.self, Route.directory), .init(Events.self, Route.events), .init(Outbox.self, Route.outbox),
    .init(Presence.self, Route.presence), .init(Tasks.self, Route.tasks), .init(Sensors.self, Route.sensors),
    .init(SensorAlerts.self, Route.sensorAlerts),
  ])

  /// The endpoint this route is, with its path parameters and query.
  var parts: RouteParts<Name> {
    switch self {
    case .service(let value): value.parts.named
    case .auth(let value): value.parts.named
    case .me(let value): value.parts.named
    case .leave(let value): value.parts.named
    case .approvals(let value): value.parts.named
    case .leaveSettings(let value): value.parts.named
    case .calendar(let value): value.parts.named
    case .people(let value): value.parts.named
    case .places(let value): value.parts.named
    case .company(let value): value.parts.named
    case .board(let value): value.parts.named
    case .timeline(let value): value.parts.named
    case .settings(let value): value.parts.named
    case .directory(let value): value.parts.named
    case .events(let value): value.parts.named
    case .outbox(let value): value.parts.named
    case .presence(let value): value.parts.named
    case .tasks(let value): value.parts.named
    case .sensors(let value): value.parts.named
    case .sensorAlerts(let value): value.parts.named
    }
  }
}

extension Route {
  /// An endpoint's name: its `operationId` in `openapi.yaml` (`createLeave`), so tests can check
  /// that examples, the permission matrix and the contract cover every endpoint.
  public struct Name: RawRepresentable, Hashable, Sendable, CaseIterable, ExpressibleByStringLiteral,
    CustomStringConvertible
  {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    /// Every endpoint of every section.
    public static var allCases: [Name] { Route.table.endpoints.map(\.name) }

    public var description: String { rawValue }
  }

  /// The endpoint's name.
  public var name: Name { parts.name }

  /// The rules the server applies before running the endpoint (who, where, replays, limits).
  public var rules: EndpointRules { Self.table.endpoint(named: name).rules }

  /// The HTTP method of this endpoint.
  public var method: HTTPMethod { Self.table.endpoint(named: name).method }

  /// The path template as `openapi.yaml` writes it, e.g. `/api/v1/people/{id}`.
  public var template: String { Self.table.endpoint(named: name).path.text }

  /// The concrete path, parameters filled in and percent-encoded.
  public var path: String {
    let parts = self.parts
    return Self.table.endpoint(named: parts.name).path.filled(with: parts.parameters)
  }

  /// Query parameters, in a stable order; defaults are left out.
  public var query: [(name: String, value: String)] { parts.query }

  /// The path and query as one string, e.g. `/api/v1/locations?limit=10`.
  public var pathAndQuery: String {
    // The parts once, not once for the path and again for the query: an approvals page builds
    // a photo address per row (`make bench-cost`).
    let parts = self.parts
    return PathTemplate.withQuery(
      Self.table.endpoint(named: parts.name).path.filled(with: parts.parameters), parts.query)
  }

  /// Whether a caller must send an access token. The calendar feed is authorized by the
  /// secret in its address instead, so calendar apps can subscribe to it.
  public var requiresAuthentication: Bool { rules.requiresAuthentication }

  /// At least one example of every endpoint, for round-trip and contract tests.
  public static var examples: [Route] { table.examples }
}

extension RouteParts where Name: RawRepresentable, Name.RawValue == String {
  /// The same parts, named as the whole API names them.
  var named: RouteParts<Route.Name> {
    RouteParts<Route.Name>(Route.Name(rawValue: name.rawValue), parameters, query: query)
  }
}

import AtriumDomain

extension Route {
  /// Time off: the caller's year and requests (`/api/v1/me/leave`, `/api/v1/leave`), and a
  /// person's year for their managers.
  public enum Leave: RouteSection {
    /// `GET /api/v1/me/leave?year=`: the caller's balance and requests for a year.
    case mine(year: Int?)
    /// `GET /api/v1/me/leave/preview?start=&end=&startHalf=&endHalf=&typeId=&replacing=`: days,
    /// conflicts and what the server would refuse, without saving anything.
    case preview(LeaveQuery)
    /// `POST /api/v1/me/leave`: ask for time off.
    case create
    /// `GET /api/v1/leave/{id}`: a request with its history, the year's other requests, the
    /// days left and who else is off.
    case detail(id: String)
    /// `PATCH /api/v1/leave/{id}`: the owner changes a pending request.
    case change(id: String)
    /// `POST /api/v1/leave/{id}/cancel`: the owner withdraws a request.
    case cancel(id: String)
    /// `GET /api/v1/people/{id}/leave?year=`: a person's balance and requests (their managers
    /// and admins).
    case ofPerson(id: String, year: Int?)

    public enum Name: String, CaseIterable, Sendable {
      case mine = "myLeave"
      case preview = "previewLeave"
      case create = "createLeave"
      case detail = "leave"
      case change = "changeLeave"
      case cancel = "cancelLeave"
      case ofPerson = "personLeave"
    }

    public static func endpoint(_ name: Name) -> Endpoint<Self> {
      switch name {
      case .mine:
        Endpoint(
          .get, "/api/v1/me/leave", access: .signedIn, work: .quick, replay: .neverStored,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, query throws(RouteError) in .mine(year: try Route.year(in: query)) }
      case .preview:
        Endpoint(
          .get, "/api/v1/me/leave/preview", access: .signedIn, work: .quick, replay: .neverStored,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, query throws(RouteError) in
          .preview(
            LeaveQuery(
              start: try Route.date("start", in: query), end: try Route.date("end", in: query),
              startHalf: try Route.choice("startHalf", in: query, default: .full),
              endHalf: try Route.choice("endHalf", in: query, default: .full), typeId: query["typeId"],
              replacing: query["replacing"]))
        }
      case .create:
        Endpoint(
          .post, "/api/v1/me/leave", access: .signedIn, work: .quick, replay: .storesAnswer,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, _ in .create }
      case .detail:
        Endpoint(
          .get, "/api/v1/leave/{id}", access: .signedIn, work: .quick, replay: .neverStored,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { parameters, _ in .detail(id: parameters[0]) }
      case .change:
        Endpoint(
          .patch, "/api/v1/leave/{id}", access: .signedIn, work: .quick, replay: .storesAnswer,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { parameters, _ in .change(id: parameters[0]) }
      case .cancel:
        Endpoint(
          .post, "/api/v1/leave/{id}/cancel", access: .signedIn, work: .quick, replay: .storesAnswer,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { parameters, _ in .cancel(id: parameters[0]) }
      case .ofPerson:
        Endpoint(
          .get, "/api/v1/people/{id}/leave", access: .signedIn, work: .quick, replay: .neverStored,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { parameters, query throws(RouteError) in .ofPerson(id: parameters[0], year: try Route.year(in: query)) }
      }
    }

    public var parts: RouteParts<Name> {
      switch self {
      case .mine(let year): RouteParts(.mine, query: Route.queryItems(("year", year.map(String.init))))
      case .preview(let query):
        RouteParts(
          .preview,
          query: [("start", query.start.description), ("end", query.end.description)]
            + (query.startHalf == .full ? [] : [("startHalf", query.startHalf.rawValue)])
            + (query.endHalf == .full ? [] : [("endHalf", query.endHalf.rawValue)])
            + Route.queryItems(("typeId", query.typeId), ("replacing", query.replacing)))
      case .create: RouteParts(.create)
      case .detail(let id): RouteParts(.detail, [id])
      case .change(let id): RouteParts(.change, [id])
      case .cancel(let id): RouteParts(.cancel, [id])
      case .ofPerson(let id, let year):
        RouteParts(.ofPerson, [id], query: Route.queryItems(("year", year.map(String.init))))
      }
    }

    public static let examples: [Self] = {
      let id = Route.exampleID
      let query = LeaveQuery(
        start: CalendarDate(year: 2026, month: 12, day: 28)!, end: CalendarDate(year: 2027, month: 1, day: 4)!,
        startHalf: .afternoon, endHalf: .morning)
      return [
        .mine(year: nil), .mine(year: 2027), .preview(query),
        .preview(LeaveQuery(start: query.start, end: query.start)),
        .create, .detail(id: id), .change(id: id), .cancel(id: id), .ofPerson(id: id, year: nil),
        .ofPerson(id: id, year: 2025),
      ]
    }()
  }

  /// The id the examples use.
  static let exampleID = "5f0e4a3c-8d1b-4c2e-9a7f-0b6d3e2c1a90"
}

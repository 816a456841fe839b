extension Route {
  /// The team calendar and the calendar feeds.
  public enum Calendar: RouteSection {
    /// `GET /api/v1/calendar?month=YYYY-MM&department=&location=`: a month of the team's leave
    /// (managers: their reports; admins: anyone, by department or location; others: their team).
    case team(month: String?, departmentID: String?, locationID: String?)
    /// `GET /api/v1/me/calendar`: the caller's calendar feed addresses.
    case mine
    /// `POST /api/v1/me/calendar/rotate`: a new secret address; the old one stops working.
    case rotate
    /// `GET /calendar/{token}.ics?team=&pending=`: a calendar feed (RFC 5545), authorized by
    /// the secret token in its address.
    case feed(token: String, team: Bool, includePending: Bool)

    public enum Name: String, CaseIterable, Sendable {
      case team = "teamCalendar"
      case mine = "myCalendar"
      case rotate = "rotateCalendar"
      case feed = "calendarFeed"
    }

    public static func endpoint(_ name: Name) -> Endpoint<Self> {
      switch name {
      case .team:
        Endpoint(
          .get, "/api/v1/calendar", access: .signedIn, work: .quick, replay: .neverStored,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, query throws(RouteError) in
          let month = query["month"]
          if let month {
            let parts = month.split(separator: "-")
            guard month.count == 7, parts.count == 2, let year = Int(parts[0]), let number = Int(parts[1]),
              (1...9999).contains(year), (1...12).contains(number)
            else { throw .invalidQuery(field: "month", rule: .month) }
          }
          func nonEmpty(_ name: String) -> String? { query[name].flatMap { $0.isEmpty ? nil : $0 } }
          return .team(month: month, departmentID: nonEmpty("department"), locationID: nonEmpty("location"))
        }
      case .mine:
        Endpoint(
          .get, "/api/v1/me/calendar", access: .signedIn, work: .quick, replay: .neverStored,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, _ in .mine }
      case .rotate:
        Endpoint(
          .post, "/api/v1/me/calendar/rotate", access: .signedIn, work: .quick, replay: .storesAnswer,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, _ in .rotate }
      case .feed:
        // Anonymous: the secret token in the address authorizes it, so calendar apps can subscribe.
        Endpoint(
          .get, "/calendar/{token}.ics", access: .anonymous, work: .quick, replay: .neverStored,
          beforePasswordChange: .allowed, bodyLimit: .standard
        ) { parameters, query throws(RouteError) in
          .feed(
            token: parameters[0], team: try Route.flag("team", in: query),
            includePending: try Route.flag("pending", in: query))
        }
      }
    }

    public var parts: RouteParts<Name> {
      switch self {
      case .team(let month, let departmentID, let locationID):
        RouteParts(
          .team, query: Route.queryItems(("month", month), ("department", departmentID), ("location", locationID)))
      case .mine: RouteParts(.mine)
      case .rotate: RouteParts(.rotate)
      case .feed(let token, let team, let includePending):
        RouteParts(
          .feed, [token], query: (team ? [("team", "true")] : []) + (includePending ? [("pending", "true")] : []))
      }
    }

    public static let examples: [Self] = [
      .team(month: nil, departmentID: nil, locationID: nil),
      .team(month: "2026-04", departmentID: Route.exampleID, locationID: Route.exampleID), .mine, .rotate,
      .feed(token: "abc_DEF-123", team: false, includePending: false),
      .feed(token: "abc", team: true, includePending: true),
    ]
  }
}

extension Route {
  /// The notification outbox (admins): how mail goes out, and what was sent, waits, or could
  /// not be delivered and why.
  public enum Outbox: RouteSection {
    /// `GET /api/v1/outbox/status`: whether mail is on and through what, and rows per status.
    case status
    /// `GET /api/v1/outbox?status=`: notifications, newest first.
    case list(status: OutboxFilter, page: PageRequest)

    public enum Name: String, CaseIterable, Sendable {
      case status = "outboxStatus"
      case list = "outbox"
    }

    public static func endpoint(_ name: Name) -> Endpoint<Self> {
      switch name {
      case .status:
        Endpoint(
          .get, "/api/v1/outbox/status", access: .admin(to: "see how notifications are sent"), work: .quick,
          replay: .neverStored, beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, _ in .status }
      case .list:
        Endpoint(
          .get, "/api/v1/outbox", access: .admin(to: "see the notifications sent"), work: .quick,
          replay: .neverStored, beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, query throws(RouteError) in
          .list(status: try Route.choice("status", in: query, default: .all), page: try PageRequest(query: query))
        }
      }
    }

    public var parts: RouteParts<Name> {
      switch self {
      case .status: RouteParts(.status)
      case .list(let status, let page):
        RouteParts(.list, query: (status == .all ? [] : [("status", status.rawValue)]) + page.queryItems)
      }
    }

    public static let examples: [Self] = [
      .status, .list(status: .all, page: .first), .list(status: .dead, page: PageRequest(limit: 10, cursor: "c")),
    ]
  }
}

/// Which notifications an admin lists.
public enum OutboxFilter: String, Hashable, Sendable, CaseIterable {
  case pending, sent, dead, skipped, all
}

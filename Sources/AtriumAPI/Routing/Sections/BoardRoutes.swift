extension Route {
  /// The board: the caller's notices, company notices, and the unread badge.
  public enum Board: RouteSection {
    /// `GET /api/v1/board?unread=`: the caller's notices, newest first.
    case notices(unreadOnly: Bool, page: PageRequest)
    /// `POST /api/v1/board`: an admin posts a company notice.
    case post
    /// `PATCH /api/v1/board/{id}`: an admin edits a company notice.
    case update(id: String)
    /// `DELETE /api/v1/board/{id}`: an admin removes a company notice.
    case delete(id: String)
    /// `POST /api/v1/board/{id}/read`.
    case markRead(id: String)
    /// `POST /api/v1/board/read-all`.
    case markAllRead
    /// `GET /api/v1/me/badge`: how many notices are unread.
    case badge
    /// `POST /api/v1/me/badge/reset`: the app icon's count starts again from zero.
    case resetBadge

    public enum Name: String, CaseIterable, Sendable {
      case notices = "board"
      case post = "postNotice"
      case update = "updateNotice"
      case delete = "deleteNotice"
      case markRead = "markNoticeRead"
      case markAllRead = "markAllNoticesRead"
      case badge, resetBadge
    }

    public static func endpoint(_ name: Name) -> Endpoint<Self> {
      switch name {
      case .notices:
        Endpoint(
          .get, "/api/v1/board", access: .signedIn, work: .quick, replay: .neverStored, beforePasswordChange: .refused,
          bodyLimit: .standard
        ) { _, query throws(RouteError) in
          .notices(unreadOnly: try Route.flag("unread", in: query), page: try PageRequest(query: query))
        }
      case .post:
        Endpoint(
          .post, "/api/v1/board", access: .admin(to: "post company notices"), work: .quick, replay: .storesAnswer,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, _ in .post }
      case .update:
        Endpoint(
          .patch, "/api/v1/board/{id}", access: .admin(to: "edit company notices"), work: .quick,
          replay: .storesAnswer, beforePasswordChange: .refused, bodyLimit: .standard
        ) { parameters, _ in .update(id: parameters[0]) }
      case .delete:
        Endpoint(
          .delete, "/api/v1/board/{id}", access: .admin(to: "remove company notices"), work: .quick,
          replay: .storesAnswer, beforePasswordChange: .refused, bodyLimit: .standard
        ) { parameters, _ in .delete(id: parameters[0]) }
      case .markRead:
        Endpoint(
          .post, "/api/v1/board/{id}/read", access: .signedIn, work: .quick, replay: .storesAnswer,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { parameters, _ in .markRead(id: parameters[0]) }
      case .markAllRead:
        Endpoint(
          .post, "/api/v1/board/read-all", access: .signedIn, work: .quick, replay: .storesAnswer,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, _ in .markAllRead }
      case .badge:
        Endpoint(
          .get, "/api/v1/me/badge", access: .signedIn, work: .quick, replay: .neverStored,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, _ in .badge }
      case .resetBadge:
        Endpoint(
          .post, "/api/v1/me/badge/reset", access: .signedIn, work: .quick, replay: .storesAnswer,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, _ in .resetBadge }
      }
    }

    public var parts: RouteParts<Name> {
      switch self {
      case .notices(let unreadOnly, let page):
        RouteParts(.notices, query: (unreadOnly ? [("unread", "true")] : []) + page.queryItems)
      case .post: RouteParts(.post)
      case .update(let id): RouteParts(.update, [id])
      case .delete(let id): RouteParts(.delete, [id])
      case .markRead(let id): RouteParts(.markRead, [id])
      case .markAllRead: RouteParts(.markAllRead)
      case .badge: RouteParts(.badge)
      case .resetBadge: RouteParts(.resetBadge)
      }
    }

    public static let examples: [Self] = [
      .notices(unreadOnly: false, page: .first), .notices(unreadOnly: true, page: PageRequest(limit: 10, cursor: "c")),
      .post, .update(id: Route.exampleID), .delete(id: Route.exampleID), .markRead(id: Route.exampleID),
      .markAllRead, .badge, .resetBadge,
    ]
  }
}

import AtriumHTTPTypes

extension Route {
  /// Tasks: a person's to-dos, kept in sync across devices by operations and a change feed.
  public enum Tasks: RouteSection {
    /// `POST /api/v1/tasks/ops`: a batch of operations, each applied on its own.
    case ops
    /// `GET /api/v1/tasks`: the caller's live tasks (and those they gave), a snapshot by pages.
    case list(PageRequest)
    /// `GET /api/v1/tasks/changes?since=&limit=`: the caller's changes after a cursor.
    case changes(since: Int64, limit: Int)
    /// `GET /api/v1/tasks/{id}`.
    case show(id: String)
    /// `POST /api/v1/tasks/{id}/resolve`: the owner settles a conflict.
    case resolve(id: String)
    /// `PATCH /api/v1/tasks/{id}` with `If-Match: "<version>"`, for simple clients.
    case update(id: String)
    /// `DELETE /api/v1/tasks/{id}` with `If-Match: "<version>"`.
    case delete(id: String)
    /// `POST /api/v1/people/{id}/tasks`: a manager gives someone below them a task (an admin,
    /// anyone).
    case assign(personID: String)

    public enum Name: String, CaseIterable, Sendable {
      case ops = "applyTaskOps"
      case list = "tasks"
      case changes = "taskChanges"
      case show = "task"
      case resolve = "resolveTaskConflict"
      case update = "updateTask"
      case delete = "deleteTask"
      case assign = "assignTask"
    }

    /// The most operations one batch may carry.
    public static let batchLimit = 500

    public static func endpoint(_ name: Name) -> Endpoint<Self> {
      switch name {
      case .ops:
        Endpoint(
          .post, "/api/v1/tasks/ops", access: .signedIn, work: .quick, replay: .storesAnswer,
          beforePasswordChange: .refused, bodyLimit: .taskBatch
        ) { _, _ in .ops }
      case .list:
        Endpoint(
          .get, "/api/v1/tasks", access: .signedIn, work: .quick, replay: .neverStored,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, query throws(RouteError) in .list(try PageRequest(query: query)) }
      case .changes:
        Endpoint(
          .get, "/api/v1/tasks/changes", access: .signedIn, work: .quick, replay: .neverStored,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, query throws(RouteError) in
          var since: Int64 = 0
          if let text = query["since"] {
            guard let number = Int64(text), number >= 0 else { throw .invalidQuery(field: "since", rule: .number) }
            since = number
          }
          let page = try PageRequest(query: query)
          return .changes(since: since, limit: page.limit)
        }
      case .show:
        Endpoint(
          .get, "/api/v1/tasks/{id}", access: .signedIn, work: .quick, replay: .neverStored,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { parameters, _ in .show(id: parameters[0]) }
      case .resolve:
        Endpoint(
          .post, "/api/v1/tasks/{id}/resolve", access: .signedIn, work: .quick, replay: .storesAnswer,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { parameters, _ in .resolve(id: parameters[0]) }
      case .update:
        Endpoint(
          .patch, "/api/v1/tasks/{id}", access: .signedIn, work: .quick, replay: .storesAnswer,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { parameters, _ in .update(id: parameters[0]) }
      case .delete:
        Endpoint(
          .delete, "/api/v1/tasks/{id}", access: .signedIn, work: .quick, replay: .storesAnswer,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { parameters, _ in .delete(id: parameters[0]) }
      case .assign:
        Endpoint(
          .post, "/api/v1/people/{id}/tasks", access: .signedIn, work: .quick, replay: .storesAnswer,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { parameters, _ in .assign(personID: parameters[0]) }
      }
    }

    public var parts: RouteParts<Name> {
      switch self {
      case .ops: RouteParts(.ops)
      case .list(let page): RouteParts(.list, query: page.queryItems)
      case .changes(let since, let limit):
        RouteParts(
          .changes,
          query: [("since", String(since))] + (limit == PageRequest.defaultLimit ? [] : [("limit", String(limit))]))
      case .show(let id): RouteParts(.show, [id])
      case .resolve(let id): RouteParts(.resolve, [id])
      case .update(let id): RouteParts(.update, [id])
      case .delete(let id): RouteParts(.delete, [id])
      case .assign(let person): RouteParts(.assign, [person])
      }
    }

    public static let examples: [Self] = [
      .ops, .list(.first), .changes(since: 0, limit: PageRequest.defaultLimit), .changes(since: 12, limit: 50),
      .show(id: "t1"), .resolve(id: "t1"), .update(id: "t1"), .delete(id: "t1"), .assign(personID: "p1"),
    ]
  }
}

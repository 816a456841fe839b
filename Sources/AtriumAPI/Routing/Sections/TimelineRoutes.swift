extension Route {
  /// The home timeline: internal posts and the RSS/Atom feeds it imports.
  public enum Timeline: RouteSection {
    /// `GET /api/v1/timeline`: internal posts and imported social posts, newest first.
    case page(PageRequest)
    /// `POST /api/v1/posts`: anyone posts to the timeline.
    case createPost
    /// `DELETE /api/v1/posts/{id}`: the author, or an admin, removes a post.
    case deletePost(id: String)
    /// `GET /api/v1/timeline/feeds`: the feeds the timeline imports, with their state (admins).
    case feeds
    /// `POST /api/v1/timeline/feeds`: an admin adds an RSS or Atom feed.
    case createFeed
    /// `PATCH /api/v1/timeline/feeds/{id}`: an admin renames, moves or pauses a feed.
    case updateFeed(id: String)
    /// `DELETE /api/v1/timeline/feeds/{id}`: an admin removes a feed and its posts.
    case deleteFeed(id: String)
    /// `POST /api/v1/timeline/feeds/{id}/refresh`: an admin fetches a feed now.
    case refreshFeed(id: String)

    public enum Name: String, CaseIterable, Sendable {
      case page = "timeline"
      case createPost, deletePost
      case feeds = "timelineFeeds"
      case createFeed = "createTimelineFeed"
      case updateFeed = "updateTimelineFeed"
      case deleteFeed = "deleteTimelineFeed"
      case refreshFeed = "refreshTimelineFeed"
    }

    public static func endpoint(_ name: Name) -> Endpoint<Self> {
      let managesFeeds = EndpointRules.Access.admin(to: "manage the timeline's feeds")
      switch name {
      case .page:
        return Endpoint(
          .get, "/api/v1/timeline", access: .signedIn, work: .quick, replay: .neverStored,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, query throws(RouteError) in .page(try PageRequest(query: query)) }
      case .createPost:
        return Endpoint(
          .post, "/api/v1/posts", access: .signedIn, work: .quick, replay: .storesAnswer,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, _ in .createPost }
      case .deletePost:
        return Endpoint(
          .delete, "/api/v1/posts/{id}", access: .signedIn, work: .quick, replay: .storesAnswer,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { parameters, _ in .deletePost(id: parameters[0]) }
      case .feeds:
        return Endpoint(
          .get, "/api/v1/timeline/feeds", access: managesFeeds, work: .quick, replay: .neverStored,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, _ in .feeds }
      case .createFeed:
        return Endpoint(
          .post, "/api/v1/timeline/feeds", access: managesFeeds, work: .quick, replay: .storesAnswer,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { _, _ in .createFeed }
      case .updateFeed:
        return Endpoint(
          .patch, "/api/v1/timeline/feeds/{id}", access: managesFeeds, work: .quick, replay: .storesAnswer,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { parameters, _ in .updateFeed(id: parameters[0]) }
      case .deleteFeed:
        return Endpoint(
          .delete, "/api/v1/timeline/feeds/{id}", access: managesFeeds, work: .quick, replay: .storesAnswer,
          beforePasswordChange: .refused, bodyLimit: .standard
        ) { parameters, _ in .deleteFeed(id: parameters[0]) }
      case .refreshFeed:
        // Fetches the feed from the network: on the worker pool.
        return Endpoint(
          .post, "/api/v1/timeline/feeds/{id}/refresh", access: managesFeeds, work: .mayBlock,
          replay: .storesAnswer, beforePasswordChange: .refused, bodyLimit: .standard
        ) { parameters, _ in .refreshFeed(id: parameters[0]) }
      }
    }

    public var parts: RouteParts<Name> {
      switch self {
      case .page(let page): RouteParts(.page, query: page.queryItems)
      case .createPost: RouteParts(.createPost)
      case .deletePost(let id): RouteParts(.deletePost, [id])
      case .feeds: RouteParts(.feeds)
      case .createFeed: RouteParts(.createFeed)
      case .updateFeed(let id): RouteParts(.updateFeed, [id])
      case .deleteFeed(let id): RouteParts(.deleteFeed, [id])
      case .refreshFeed(let id): RouteParts(.refreshFeed, [id])
      }
    }

    public static let examples: [Self] = [
      .page(.first), .page(PageRequest(limit: 10, cursor: "c")), .createPost, .deletePost(id: Route.exampleID),
      .feeds, .createFeed, .updateFeed(id: Route.exampleID), .deleteFeed(id: Route.exampleID),
      .refreshFeed(id: Route.exampleID),
    ]
  }
}

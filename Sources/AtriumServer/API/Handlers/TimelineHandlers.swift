import AtriumAPI
import AtriumHTTP
import AtriumHTTPTypes
import AtriumServices
import AtriumWeb

extension AtriumApp {
  /// Posts and the feeds the timeline imports.
  func handle(_ route: Route.Timeline, _ request: HTTPRequest, _ principal: Principal) throws -> HTTPResponse {
    switch route {
    case .page(let page):
      return try JSONCoding.response(
        try timeline.page(page, principal: principal, language: readerLanguage(request, principal)))
    case .createPost:
      let body = try JSONCoding.decode(NewPost.self, from: request)
      return try JSONCoding.response(try timeline.create(body, principal: principal), status: 201)
    case .deletePost(let id):
      try timeline.delete(id: id, principal: principal)
      return HTTPResponse(status: 204)
    case .feeds:
      return try JSONCoding.response(
        try feeds.feeds(principal: principal, language: readerLanguage(request, principal)))
    case .createFeed:
      let body = try JSONCoding.decode(NewTimelineFeed.self, from: request)
      let feed = try feeds.create(body, principal: principal)
      return try JSONCoding.response(
        feed, status: 201, headers: HTTPHeaders([("Location", Route.timeline(.updateFeed(id: feed.id)).path)]))
    case .updateFeed(let id):
      let body = try JSONCoding.decode(TimelineFeedChange.self, from: request)
      return try JSONCoding.response(try feeds.update(id: id, body, principal: principal))
    case .deleteFeed(let id):
      try feeds.delete(id: id, principal: principal)
      return HTTPResponse(status: 204)
    case .refreshFeed(let id):
      return try JSONCoding.response(
        try feeds.refresh(id: id, principal: principal, language: readerLanguage(request, principal)))
    }
  }
}

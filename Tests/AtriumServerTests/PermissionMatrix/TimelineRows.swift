import AtriumAPI
import AtriumDomain
import AtriumTestSupport

extension PermissionMatrixTests {
  /// The `timeline` section's routes.
  static let timelineRows: [Row] = [
    Row("timeline", [401, 200, 200, 200, 200, 200]) { _ in .timeline(.page(.first)) },
    Row("createPost", [401, 201, 201, 201, 201, 201], body: .json(#"{"text": "Good morning"}"#)) { _ in
      .timeline(.createPost)
    },
    Row("deletePost", [401, 204, 403, 403, 403, 204]) { .timeline(.deletePost(id: $0.evasPost)) },
    Row("timelineFeeds", [401, 403, 403, 403, 403, 200]) { _ in .timeline(.feeds) },
    Row(
      "createTimelineFeed", [401, 403, 403, 403, 403, 201],
      body: .json(#"{"name": "Blog", "url": "https://atrium-demo.example/blog.rss"}"#)
    ) { _ in .timeline(.createFeed) },
    Row("updateTimelineFeed", [401, 403, 403, 403, 403, 200], body: .json(#"{"active": false}"#)) {
      .timeline(.updateFeed(id: $0.feed))
    },
    Row("deleteTimelineFeed", [401, 403, 403, 403, 403, 204]) { .timeline(.deleteFeed(id: $0.feed)) },
    Row("refreshTimelineFeed", [401, 403, 403, 403, 403, 200]) { .timeline(.refreshFeed(id: $0.feed)) },
  ]
}

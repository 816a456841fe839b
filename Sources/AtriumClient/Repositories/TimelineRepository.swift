import AtriumAPI
import Foundation

/// The home timeline: internal posts and imported social posts, newest first. The first page
/// is cached; posting needs the network (a post is news, not worth sending hours late).
public protocol TimelineRepository: Sendable {
  func cachedFirstPage() -> TimelinePage?
  func page(after cursor: String?) async throws(APIError) -> TimelinePage
  func post(_ text: String) async throws(APIError) -> TimelineItem
  func delete(_ id: String) async throws(APIError)
}

public struct LiveTimelineRepository: TimelineRepository {
  let session: ClientSession
  let cache: ClientCache

  public init(session: ClientSession, cache: ClientCache) {
    self.session = session
    self.cache = cache
  }

  public func cachedFirstPage() -> TimelinePage? { cache.get(TimelinePage.self, key: "timeline") }

  public func page(after cursor: String?) async throws(APIError) -> TimelinePage {
    let page = try await session.call { try await $0.timeline(cursor: cursor) }
    if cursor == nil { cache.put(page, key: "timeline") }
    return page
  }

  public func post(_ text: String) async throws(APIError) -> TimelineItem {
    try await session.call { try await $0.post(text) }
  }

  public func delete(_ id: String) async throws(APIError) {
    try await session.call { try await $0.deletePost(id: id) }
  }
}

import AtriumAPI
import AtriumMessages
import Foundation

/// The board: cached notices, and "mark read" sent now or kept in the outbox when offline.
public protocol BoardRepository: Sendable {
  func cached() -> [BoardItem]?
  func notices() async throws(APIError) -> [BoardItem]
  func markRead(_ id: String) async throws(APIError) -> WriteOutcome<String>
  func replayOutbox() async -> [ReplayResult]
}

public struct LiveBoardRepository: BoardRepository {
  let session: ClientSession
  let cache: ClientCache
  let sync: SyncEngine

  public init(session: ClientSession, cache: ClientCache, language: ClientLanguage = .en) {
    self.session = session
    self.cache = cache
    self.sync = SyncEngine(session: session, cache: cache, language: language)
  }

  public func cached() -> [BoardItem]? { cache.get([BoardItem].self, key: "board") }

  public func notices() async throws(APIError) -> [BoardItem] {
    let items = try await session.call { try await $0.board() }.items
    cache.put(items, key: "board")
    return items
  }

  public func markRead(_ id: String) async throws(APIError) -> WriteOutcome<String> {
    let outcome = try await sync.perform(.markNoticeRead(id: id)) { api, key in
      try await api.markRead(id, idempotencyKey: key)
      return id
    }
    // Kept for later: shown read at once in the cached board too.
    if outcome == .queued, var items = cached(), let index = items.firstIndex(where: { $0.id == id }) {
      items[index].read = true
      cache.put(items, key: "board")
    }
    return outcome
  }

  public func replayOutbox() async -> [ReplayResult] { await sync.replay([.board]) }
}

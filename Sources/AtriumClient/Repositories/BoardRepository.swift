import AtriumAPI
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
  let language: ClientLanguage

  public init(session: ClientSession, cache: ClientCache, language: ClientLanguage = .en) {
    self.session = session
    self.cache = cache
    self.language = language
  }

  public func cached() -> [BoardItem]? { cache.get([BoardItem].self, key: "board") }

  public func notices() async throws(APIError) -> [BoardItem] {
    let items = try await session.call { try await $0.board() }.items
    cache.put(items, key: "board")
    return items
  }

  public func markRead(_ id: String) async throws(APIError) -> WriteOutcome<String> {
    let key = UUID().uuidString
    do {
      try await session.call { try await $0.markRead(id, idempotencyKey: key) }
      return .done(id)
    } catch .offline {
      cache.enqueue(kind: "read", idempotencyKey: key, payload: id)
      // Shown read at once in the cached board too.
      if var items = cached(), let index = items.firstIndex(where: { $0.id == id }) {
        items[index].read = true
        cache.put(items, key: "board")
      }
      return .queued
    }
  }

  public func replayOutbox() async -> [ReplayResult] {
    var results: [ReplayResult] = []
    writes: for write in cache.pendingWrites() where write.kind == "read" {
      do {
        let id = try JSONDecoder().decode(String.self, from: write.payload)
        try await session.call { try await $0.markRead(id, idempotencyKey: write.idempotencyKey) }
        cache.remove(write)
        results.append(ReplayResult(kind: write.kind, refusal: nil))
      } catch let error as APIError where error == .offline || error == .timeout {
        break writes
      } catch {
        cache.remove(write)
        let message = (error as? APIError)?.message(in: language) ?? String(describing: error)
        results.append(ReplayResult(kind: write.kind, refusal: message))
      }
    }
    return results
  }
}

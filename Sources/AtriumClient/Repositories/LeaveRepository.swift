import AtriumAPI
import AtriumDomain
import Foundation

/// Time off for the signed-in person: the year from the cache at once, then from the server;
/// requests and cancellations sent now, or queued in the outbox when offline and replayed in
/// order later, where a refused replay is reported, never dropped.
public protocol LeaveRepository: Sendable {
  func cachedYear(_ year: Int?) -> LeaveYear?
  func year(_ year: Int?) async throws(APIError) -> LeaveYear
  func preview(_ query: LeaveQuery) async throws(APIError) -> LeavePreview
  func request(_ request: NewLeaveRequest) async throws(APIError) -> WriteOutcome<SavedLeave>
  func cancel(_ id: String) async throws(APIError) -> WriteOutcome<LeaveRequestBody>
  /// Sends what waits in the outbox, oldest first; stops at the first write still offline.
  func replayOutbox() async -> [ReplayResult]
  var waitingWrites: Int { get }
}

/// A write done now, or kept for when the network returns.
public enum WriteOutcome<Value: Sendable & Hashable>: Sendable, Hashable {
  case done(Value)
  case queued
}

/// What happened to one write from the outbox.
public struct ReplayResult: Sendable, Hashable {
  public let kind: String
  /// nil when the server took it.
  public let refusal: String?

  public init(kind: String, refusal: String?) {
    self.kind = kind
    self.refusal = refusal
  }
}

/// The repository on a `ClientSession` and a `ClientCache`.
public struct LiveLeaveRepository: LeaveRepository {
  let session: ClientSession
  let cache: ClientCache
  let language: ClientLanguage

  public init(session: ClientSession, cache: ClientCache, language: ClientLanguage = .en) {
    self.session = session
    self.cache = cache
    self.language = language
  }

  /// The cache key of a year: "current" is kept apart from explicit years, so switching years
  /// never shows one year's requests under another (a bug of the original app).
  static func key(_ year: Int?) -> String { "leave-year-" + (year.map(String.init) ?? "current") }

  public func cachedYear(_ year: Int?) -> LeaveYear? { cache.get(LeaveYear.self, key: Self.key(year)) }

  public func year(_ year: Int?) async throws(APIError) -> LeaveYear {
    let fresh = try await session.call { try await $0.myLeave(year: year) }
    cache.put(fresh, key: Self.key(year))
    cache.put(fresh, key: Self.key(fresh.year))
    return fresh
  }

  public func preview(_ query: LeaveQuery) async throws(APIError) -> LeavePreview {
    try await session.call { try await $0.preview(query) }
  }

  public func request(_ request: NewLeaveRequest) async throws(APIError) -> WriteOutcome<SavedLeave> {
    let key = UUID().uuidString
    do {
      return .done(try await session.call { try await $0.requestLeave(request, idempotencyKey: key) })
    } catch .offline {
      cache.enqueue(kind: "request", idempotencyKey: key, payload: request)
      return .queued
    }
  }

  public func cancel(_ id: String) async throws(APIError) -> WriteOutcome<LeaveRequestBody> {
    let key = UUID().uuidString
    do {
      return .done(try await session.call { try await $0.decide(.cancel, on: id, idempotencyKey: key) })
    } catch .offline {
      cache.enqueue(kind: "cancel", idempotencyKey: key, payload: id)
      return .queued
    }
  }

  public var waitingWrites: Int { cache.pendingWrites().filter { $0.kind == "request" || $0.kind == "cancel" }.count }

  public func replayOutbox() async -> [ReplayResult] {
    var results: [ReplayResult] = []
    // Only this repository's kinds: the outbox is shared with approvals and the board.
    writes: for write in cache.pendingWrites() where write.kind == "request" || write.kind == "cancel" {
      do {
        switch write.kind {
        case "request":
          let request = try JSONDecoder().decode(NewLeaveRequest.self, from: write.payload)
          _ = try await session.call { try await $0.requestLeave(request, idempotencyKey: write.idempotencyKey) }
        case "cancel":
          let id = try JSONDecoder().decode(String.self, from: write.payload)
          _ = try await session.call { try await $0.decide(.cancel, on: id, idempotencyKey: write.idempotencyKey) }
        default:
          break
        }
        cache.remove(write)
        results.append(ReplayResult(kind: write.kind, refusal: nil))
      } catch let error as APIError where error == .offline || error == .timeout {
        break writes  // still offline: keep this write and those after it, in order
      } catch let error as APIError {
        cache.remove(write)
        results.append(ReplayResult(kind: write.kind, refusal: error.message(in: language)))
      } catch {
        cache.remove(write)
        results.append(ReplayResult(kind: write.kind, refusal: String(describing: error)))
      }
    }
    return results
  }
}

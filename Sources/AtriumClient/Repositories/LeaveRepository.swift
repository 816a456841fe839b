import AtriumAPI
import AtriumDomain
import AtriumMessages
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
  let sync: SyncEngine

  public init(session: ClientSession, cache: ClientCache, language: ClientLanguage = .en) {
    self.session = session
    self.cache = cache
    self.sync = SyncEngine(session: session, cache: cache, language: language)
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
    try await sync.perform(.requestLeave(request)) { try await $0.requestLeave(request, idempotencyKey: $1) }
  }

  public func cancel(_ id: String) async throws(APIError) -> WriteOutcome<LeaveRequestBody> {
    try await sync.perform(.cancelLeave(id: id)) { try await $0.decide(.cancel, on: id, idempotencyKey: $1) }
  }

  public var waitingWrites: Int { sync.waiting(in: [.leave]) }

  /// Only this screen's writes: the outbox is shared with approvals and the board.
  public func replayOutbox() async -> [ReplayResult] { await sync.replay([.leave]) }
}

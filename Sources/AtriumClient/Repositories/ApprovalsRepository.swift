import AtriumAPI
import AtriumDomain
import AtriumMessages
import Foundation

/// The approvals list of a manager or admin: cached per filter, decisions sent now or queued
/// in the outbox when offline and replayed in order (a decision someone else already made
/// comes back refused, and is reported).
public protocol ApprovalsRepository: Sendable {
  func cached(_ filter: ApprovalFilter) -> [ApprovalItem]?
  func list(_ filter: ApprovalFilter) async throws(APIError) -> [ApprovalItem]
  func decide(
    _ action: LeaveAction, on id: String, reason: String?
  ) async throws(APIError)
    -> WriteOutcome<LeaveRequestBody>
  /// Several decisions in one call when online, each with its own result; offline, each is
  /// queued on its own, as single decisions are.
  func decideAll(_ decisions: [DecisionBatch.Decision]) async throws(APIError) -> WriteOutcome<DecisionResults>
  func replayOutbox() async -> [ReplayResult]
  var waitingWrites: Int { get }
  func cachedDetail(_ id: String) -> LeaveDetail?
  /// A request in context: the employee's other requests that year, remaining days, who
  /// else is off, and its history.
  func detail(_ id: String) async throws(APIError) -> LeaveDetail
}

public struct LiveApprovalsRepository: ApprovalsRepository {
  let session: ClientSession
  let cache: ClientCache
  let sync: SyncEngine

  public init(session: ClientSession, cache: ClientCache, language: ClientLanguage = .en) {
    self.session = session
    self.cache = cache
    self.sync = SyncEngine(session: session, cache: cache, language: language)
  }

  public func cached(_ filter: ApprovalFilter) -> [ApprovalItem]? {
    cache.get([ApprovalItem].self, key: "approvals-" + filter.rawValue)
  }

  public func list(_ filter: ApprovalFilter) async throws(APIError) -> [ApprovalItem] {
    let items = try await session.call { try await $0.approvals(filter) }.items
    cache.put(items, key: "approvals-" + filter.rawValue)
    return items
  }

  public func decide(
    _ action: LeaveAction, on id: String, reason: String? = nil
  ) async throws(APIError)
    -> WriteOutcome<LeaveRequestBody>
  {
    let outcome = try await sync.perform(.decideLeave(action, id: id, reason: reason)) {
      try await $0.decide(action, on: id, reason: reason, idempotencyKey: $1)
    }
    if case .done(let request) = outcome { keepInSavedLists(request) }
    return outcome
  }

  public func decideAll(
    _ decisions: [DecisionBatch.Decision]
  ) async throws(APIError) -> WriteOutcome<DecisionResults> {
    let key = UUID().uuidString
    do {
      let answer = try await session.call {
        try await $0.decideAll(DecisionBatch(decisions: decisions), idempotencyKey: key)
      }
      for request in answer.results.compactMap(\.request) { keepInSavedLists(request) }
      return .done(answer)
    } catch .offline {
      for decision in decisions {
        _ = try await decide(decision.action.leaveAction, on: decision.requestId, reason: decision.reason)
      }
      return .queued
    }
  }

  /// A decision taken online changes the request in every list saved on this device: it leaves
  /// the lists whose filter it no longer matches and shows its new state in the others and in
  /// its detail, so no screen shows it as still waiting.
  private func keepInSavedLists(_ request: LeaveRequestBody) {
    for filter in ApprovalFilter.allCases {
      guard var items = cached(filter), let index = items.firstIndex(where: { $0.request.id == request.id }) else {
        continue
      }
      if filter == .all || filter.status == request.status {
        items[index].request = request
      } else {
        items.remove(at: index)
      }
      cache.put(items, key: "approvals-" + filter.rawValue)
    }
    if var detail = cachedDetail(request.id) {
      detail.request = request
      cache.put(detail, key: "leave-detail-" + request.id)
    }
  }

  public func cachedDetail(_ id: String) -> LeaveDetail? { cache.get(LeaveDetail.self, key: "leave-detail-" + id) }

  public func detail(_ id: String) async throws(APIError) -> LeaveDetail {
    try await session.fetch(keepingAs: "leave-detail-" + id, in: cache) { try await $0.leaveDetail(id: id) }
  }

  public var waitingWrites: Int { sync.waiting(in: [.approvals]) }

  public func replayOutbox() async -> [ReplayResult] { await sync.replay([.approvals]) }
}

import AtriumAPI
import AtriumDomain
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
  let language: ClientLanguage

  public init(session: ClientSession, cache: ClientCache, language: ClientLanguage = .en) {
    self.session = session
    self.cache = cache
    self.language = language
  }

  struct Decision: Codable {
    let action: LeaveAction
    let id: String
    let reason: String?
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
    let key = UUID().uuidString
    do {
      return .done(
        try await session.call { try await $0.decide(action, on: id, reason: reason, idempotencyKey: key) })
    } catch .offline {
      cache.enqueue(kind: "decision", idempotencyKey: key, payload: Decision(action: action, id: id, reason: reason))
      return .queued
    }
  }

  public func cachedDetail(_ id: String) -> LeaveDetail? { cache.get(LeaveDetail.self, key: "leave-detail-" + id) }

  public func detail(_ id: String) async throws(APIError) -> LeaveDetail {
    let detail = try await session.call { try await $0.leaveDetail(id: id) }
    cache.put(detail, key: "leave-detail-" + id)
    return detail
  }

  public var waitingWrites: Int { cache.pendingWrites().filter { $0.kind == "decision" }.count }

  public func replayOutbox() async -> [ReplayResult] {
    var results: [ReplayResult] = []
    writes: for write in cache.pendingWrites() where write.kind == "decision" {
      do {
        let decision = try JSONDecoder().decode(Decision.self, from: write.payload)
        _ = try await session.call {
          try await $0.decide(
            decision.action, on: decision.id, reason: decision.reason, idempotencyKey: write.idempotencyKey)
        }
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

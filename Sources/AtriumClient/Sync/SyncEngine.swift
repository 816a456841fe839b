import AtriumAPI
import AtriumDomain
import AtriumMessages
import Foundation

/// The one way writes reach the server: sent now, or, when offline, kept in the outbox with
/// their `Idempotency-Key` and replayed in order later. The replay stops at the first write
/// still offline (so order is kept), and reports every refusal (a refused write is removed,
/// never dropped without a word).
public struct SyncEngine: Sendable {
  let session: ClientSession
  let cache: ClientCache
  let language: ClientLanguage
  /// This device's clock: how long a write waited (a queued check-in ages by it).
  let now: @Sendable () -> Date
  /// Told what the server answered for task operations sent (the task store keeps the tasks).
  var taskResults: (@Sendable ([TaskOpResult]) -> Void)?

  public init(
    session: ClientSession, cache: ClientCache, language: ClientLanguage = .en,
    now: @escaping @Sendable () -> Date = Date.init
  ) {
    self.session = session
    self.cache = cache
    self.language = language
    self.now = now
  }

  /// Sends a write now; offline, keeps it for later and answers `.queued`.
  /// - Parameter send: The call with the key the write is sent under, now or on replay.
  /// - Throws: The server's refusal, or `APIError.notKept` when the write could not be kept
  ///   on this device (the person is told; nothing is lost silently).
  func perform<Value: Sendable & Hashable>(
    _ operation: OutboxOperation, send: @Sendable (APIClient, _ idempotencyKey: String) async throws -> Value
  ) async throws(APIError) -> WriteOutcome<Value> {
    let key = UUID().uuidString
    do {
      return .done(try await session.call { try await send($0, key) })
    } catch .offline {
      do {
        try cache.enqueue(operation, idempotencyKey: key)
      } catch {
        throw .notKept(String(describing: error))
      }
      return .queued
    }
  }

  /// Writes waiting in these sections.
  public func waiting(in sections: Set<OutboxOperation.Section>) -> Int {
    cache.pendingWrites().filter { $0.operation.map { sections.contains($0.section) } ?? false }.count
  }

  /// Sends the writes of these sections that wait in the outbox, oldest first.
  public func replay(
    _ sections: Set<OutboxOperation.Section> = Set(OutboxOperation.Section.allCases)
  ) async
    -> [ReplayResult]
  {
    var results: [ReplayResult] = []
    let writes = cache.pendingWrites()
    var index = 0
    while index < writes.count {
      let write = writes[index]
      index += 1
      if case .taskOp = write.operation, sections.contains(.tasks) {
        // A run of task operations goes as one batch; each answers on its own.
        var run = [write]
        while index < writes.count, run.count < 500, case .taskOp = writes[index].operation {
          run.append(writes[index])
          index += 1
        }
        guard let answered = await sendTaskOps(run) else { break }
        results += answered
        continue
      }
      guard let operation = write.operation else {
        // Unreadable or from a newer version: reported once and removed, so it cannot block the rest.
        cache.remove(write)
        results.append(ReplayResult(kind: write.kind, refusal: write.unreadable ?? "unknown write"))
        continue
      }
      guard sections.contains(operation.section) else { continue }
      do {
        try await Self.send(operation, idempotencyKey: write.idempotencyKey, via: session, at: now())
        cache.remove(write)
        results.append(ReplayResult(kind: write.kind, refusal: nil))
      } catch let error where error.isTemporary {
        break  // offline, or the server asks for later: keep this write and those after it, in order
      } catch {
        cache.remove(write)
        results.append(ReplayResult(kind: write.kind, refusal: error.message(in: language)))
      }
    }
    return results
  }

  /// Sends task operations as one batch and removes each the server answered; nil when
  /// offline or asked to come back later (they stay, in order). The answers go to
  /// `taskResults`, for the task store.
  private func sendTaskOps(_ writes: [ClientCache.PendingWrite]) async -> [ReplayResult]? {
    let operations = writes.compactMap { write -> TaskOperation? in
      if case .taskOp(let operation) = write.operation { return operation }
      return nil
    }
    let answers: [TaskOpResult]
    do {
      answers = try await session.call { try await $0.applyTaskOps(operations) }.results
    } catch let error where error.isTemporary {
      return nil
    } catch {
      // The whole batch was refused (too large, signed out): each write is reported.
      for write in writes { cache.remove(write) }
      return writes.map { ReplayResult(kind: $0.kind, refusal: error.message(in: language)) }
    }
    taskResults?(answers)
    for write in writes { cache.remove(write) }
    return answers.map { ReplayResult(kind: "taskOp", refusal: $0.status == "refused" ? $0.error?.message ?? "" : nil) }
  }

  /// The call for each kind of write, under the key it was first tried with.
  static func send(
    _ operation: OutboxOperation, idempotencyKey key: String, via session: ClientSession, at now: Date
  )
    async throws(APIError)
  {
    switch operation {
    case .requestLeave(let request):
      _ = try await session.call { try await $0.requestLeave(request, idempotencyKey: key) }
    case .cancelLeave(let id):
      _ = try await session.call { try await $0.decide(.cancel, on: id, idempotencyKey: key) }
    case .decideLeave(let action, let id, let reason):
      _ = try await session.call { try await $0.decide(action, on: id, reason: reason, idempotencyKey: key) }
    case .markNoticeRead(let id):
      try await session.call { try await $0.markRead(id, idempotencyKey: key) }
    case .taskOp(let operation):
      _ = try await session.call { try await $0.applyTaskOps([operation]) }
    case .checkIn(let queued):
      guard let checkIn = queued.fresh(at: now) else { throw .expired }
      _ = try await session.call { try await $0.checkIn(checkIn, idempotencyKey: key) }
    }
  }
}

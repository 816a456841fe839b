import AtriumAPI
import AtriumDomain
import Foundation

/// A write made while offline, kept in the outbox until the server takes or refuses it. Each
/// case is one kind of write; a new section (tasks) adds its cases here and its sending in
/// `SyncEngine.send`, and the one replay loop handles it.
public enum OutboxOperation: Hashable, Sendable {
  case requestLeave(NewLeaveRequest)
  case cancelLeave(id: String)
  case decideLeave(LeaveAction, id: String, reason: String?)
  case markNoticeRead(id: String)
  case checkIn(QueuedCheckIn)
  /// A task operation: every edit to a task waits here until the server answers it, and the
  /// replay sends a run of them as one batch.
  case taskOp(TaskOperation)

  /// The part of the app a write belongs to: a screen replays and counts its own writes.
  public enum Section: Hashable, Sendable, CaseIterable {
    case leave, approvals, board, presence, tasks
  }

  public var section: Section {
    switch self {
    case .requestLeave, .cancelLeave: .leave
    case .decideLeave: .approvals
    case .markNoticeRead: .board
    case .checkIn: .presence
    case .taskOp: .tasks
    }
  }

  /// The name stored with the write (and reported in `ReplayResult.kind`).
  public var kind: String {
    switch self {
    case .requestLeave: "request"
    case .cancelLeave: "cancel"
    case .decideLeave: "decision"
    case .markNoticeRead: "read"
    case .checkIn: "checkIn"
    case .taskOp: "taskOp"
    }
  }

  /// The stored form of a decision.
  private struct Decision: Codable {
    let action: LeaveAction
    let id: String
    let reason: String?
  }

  /// The payload stored with the write: each kind keeps the form the outbox has always used,
  /// so writes queued by an earlier version are still sent.
  func payload() throws -> Data {
    let encoder = JSONEncoder()
    switch self {
    case .requestLeave(let request): return try encoder.encode(request)
    case .cancelLeave(let id), .markNoticeRead(let id): return try encoder.encode(id)
    case .decideLeave(let action, let id, let reason):
      return try encoder.encode(Decision(action: action, id: id, reason: reason))
    case .checkIn(let checkIn): return try encoder.encode(checkIn)
    case .taskOp(let operation): return try encoder.encode(TaskOpWire(operation))
    }
  }

  /// The operation a stored kind and payload stand for; nil for a kind this version does not know.
  init?(kind: String, payload: Data) throws {
    let decoder = JSONDecoder()
    switch kind {
    case "request": self = .requestLeave(try decoder.decode(NewLeaveRequest.self, from: payload))
    case "cancel": self = .cancelLeave(id: try decoder.decode(String.self, from: payload))
    case "decision":
      let decision = try decoder.decode(Decision.self, from: payload)
      self = .decideLeave(decision.action, id: decision.id, reason: decision.reason)
    case "read": self = .markNoticeRead(id: try decoder.decode(String.self, from: payload))
    case "checkIn": self = .checkIn(try decoder.decode(QueuedCheckIn.self, from: payload))
    case "taskOp": self = .taskOp(try decoder.decode(TaskOpBody.self, from: payload).parsed.get())
    default: return nil
    }
  }
}

/// What a device has seen of a task while one of its batches is applied. A delete's
/// `baseVersion` is the server's version the device last received; each earlier operation of
/// the same batch that the server applied to that task (one version each) counts as seen too,
/// so a device may edit and then delete in one go. An edit from another device in between, or
/// one of the device's own that came to nothing or to a conflict, adds a version the device
/// did not see, and the delete becomes a conflict: a device never deletes past an edit it
/// missed, which counting its unsent operations on the device could not promise.
public struct TaskBatchSight: Sendable {
  private var appliedHere: [String: Int] = [:]

  public init() {}

  /// Notes an operation's outcome; `applied` is true only when the server applied it as
  /// asked (for a retried copy, when the first one was).
  public mutating func note(_ operation: TaskOperation, applied: Bool) {
    if applied { appliedHere[operation.taskID, default: 0] += 1 }
  }

  /// The operation with its delete's `baseVersion` counting what this batch applied before it.
  public func seen(_ operation: TaskOperation) -> TaskOperation {
    guard case .delete(let baseVersion) = operation.kind, let applied = appliedHere[operation.taskID] else {
      return operation
    }
    return TaskOperation(
      opID: operation.opID, taskID: operation.taskID, kind: .delete(baseVersion: baseVersion + applied))
  }
}

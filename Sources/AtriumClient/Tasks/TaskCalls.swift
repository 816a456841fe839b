import AtriumAPI
import AtriumDomain
import Foundation

/// The tasks section's calls.
extension APIClient {
  /// A batch of operations; each answers on its own (`opId` makes a retry answer `duplicate`).
  public func applyTaskOps(_ operations: [TaskOperation]) async throws(APIError) -> TaskOpResults {
    try await send(.tasks(.ops), body: TaskOpsRequest(operations), as: TaskOpResults.self)
  }

  public func tasks(
    _ page: PageRequest = PageRequest(limit: PageRequest.maximumLimit)
  ) async throws(APIError)
    -> TaskSnapshot
  {
    try await send(.tasks(.list(page)), as: TaskSnapshot.self)
  }

  public func taskChanges(since: Int64, limit: Int = PageRequest.maximumLimit) async throws(APIError) -> TaskChanges {
    try await send(.tasks(.changes(since: since, limit: limit)), as: TaskChanges.self)
  }

  public func resolveTask(
    _ id: String, _ resolution: TaskResolution, idempotencyKey: String
  ) async throws(APIError)
    -> TaskBody
  {
    try await send(.tasks(.resolve(id: id)), body: resolution, idempotencyKey: idempotencyKey, as: TaskBody.self)
  }
}

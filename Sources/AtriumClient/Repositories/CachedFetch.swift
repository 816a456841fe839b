import AtriumAPI

extension ClientSession {
  /// The server's answer, also kept in the cache under `key`, so the screen has it at once next
  /// time, and offline.
  func fetch<Value: Codable & Sendable>(
    keepingAs key: String, in cache: ClientCache, _ call: @Sendable (APIClient) async throws -> Value
  ) async throws(APIError) -> Value {
    let value = try await self.call(call)
    cache.put(value, key: key)
    return value
  }
}

import AtriumServices
import Foundation

/// Waits, up to a generous deadline, for `condition` to hold; returns whether it did. Tests
/// wait for events this way and never assert how fast they came.
public func waitUntil(_ condition: () -> Bool, deadline seconds: Double = 30) -> Bool {
  let end = Date().addingTimeInterval(seconds)
  while Date() < end {
    if condition() { return true }
    usleep(2_000)
  }
  return condition()
}

/// `waitUntil` for async tests: it sleeps between looks, so the few threads that run every
/// test's tasks stay free for the work being waited for (a blocking wait there starved them
/// under a full parallel run).
public func eventually(deadline seconds: Double = 30, _ condition: () async throws -> Bool) async rethrows -> Bool {
  let end = Date().addingTimeInterval(seconds)
  while Date() < end {
    if try await condition() { return true }
    try? await Task.sleep(for: .milliseconds(5))
  }
  return try await condition()
}

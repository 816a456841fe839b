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

import AtriumServices
import Foundation
import Synchronization

/// A clock that moves only when a test says so.
public final class TestClock: Sendable {
  private let current: Mutex<Date>

  /// Starts at 2026-03-02 09:00:00 UTC, a Monday, unless told otherwise.
  public init(_ start: Date = Date(timeIntervalSince1970: 1_772_442_000)) {
    current = Mutex(start)
  }

  public var now: Date { current.withLock { $0 } }

  public func advance(by seconds: TimeInterval) {
    current.withLock { $0 = $0.addingTimeInterval(seconds) }
  }

  /// The clock as the environment takes it.
  public var function: @Sendable () -> Date { { self.now } }
}

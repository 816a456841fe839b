/// When an undelivered notification is tried again, and when it is given up: the outbox's
/// rule for every channel.
///
/// After the n-th failed attempt the next one waits min(30 s × 2ⁿ⁻¹, 1 h), less up to a fifth
/// of it at random, so that many rows failing together (a server down) do not all come back
/// in the same second. A row first queued more than a day before its next attempt would run is
/// given up ("dead"): by then the news is stale and the failure needs a person.
public enum DeliveryRetry {
  public static let firstDelay: Int64 = 30_000
  public static let longestDelay: Int64 = 3_600_000
  public static let giveUpAfter: Int64 = 24 * 3_600_000

  public enum Decision: Sendable, Equatable {
    case retry(at: Int64)
    case giveUp
  }

  /// - Parameters:
  ///   - failedAttempts: Attempts failed so far, this one included (at least 1).
  ///   - queuedAt: When the row was written (ms).
  ///   - now: When this attempt failed (ms).
  ///   - random: A number in 0..<1 (the jitter).
  public static func decide(failedAttempts: Int, queuedAt: Int64, now: Int64, random: Double) -> Decision {
    let next = now + delay(afterFailedAttempts: failedAttempts, random: random)
    return next - queuedAt > giveUpAfter ? .giveUp : .retry(at: next)
  }

  /// The wait after `failedAttempts` failures, in milliseconds.
  public static func delay(afterFailedAttempts failedAttempts: Int, random: Double) -> Int64 {
    let doublings = min(max(failedAttempts - 1, 0), 20)
    let base = min(firstDelay << doublings, longestDelay)
    let jitter = min(max(random, 0), 1) * 0.2
    return base - Int64((Double(base) * jitter).rounded(.down))
  }
}

import Synchronization

/// Reads that nearly every request repeats and that rarely change, kept for less than a
/// second (`InstanceMemory` lists them: who the caller is, a location's time zone, …).
///
/// A kept value is used only while nothing may have changed since it was read (the signal
/// has not moved) and for at most `lifetime`. So a change this instance made is seen by its
/// next request, and a change made by another instance within `lifetime` even when its
/// announcement was lost: the promise is that a sign-out on one instance stops the token on
/// every instance for any request that arrives more than a second after it was answered.
/// Nothing read inside a write is kept: it may be that write's own uncommitted state, which
/// no other request may see. A value read beside a write is kept: were it older than what the
/// write changes, the signal moves when the write has committed, after the value's reading
/// took the signal's number.
package final class RecentReads<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  /// Under a second: the value was read before the change it misses was answered.
  package static var lifetime: Duration { .milliseconds(900) }

  private struct Kept: Sendable {
    let value: Value
    let signal: UInt64
    let readAt: ContinuousClock.Instant

    /// Whether nothing may have changed since it was read, and it is young enough.
    func isGood(signal current: UInt64, at now: ContinuousClock.Instant) -> Bool {
      signal == current && now - readAt < RecentReads.lifetime
    }
  }

  private let signal: ChangeSignal
  private let limit: Int
  private let kept = Mutex<[Key: Kept]>([:])

  /// - Parameter limit: How many values are kept at most (all are dropped when it is reached).
  package init(signal: ChangeSignal, limit: Int = 10_000) {
    self.signal = signal
    self.limit = limit
  }

  /// The value kept for `key` when it is still good, otherwise what `read` returns (kept).
  /// - Parameter usable: Whether a kept value still holds for what it says itself (a count that
  ///   is less after a given time), asked of a value still good by the signal and its age.
  package func value(
    for key: Key, usable: (Value) -> Bool = { _ in true }, read: () throws -> Value
  ) rethrows -> Value {
    // Both taken before reading: a change committed during the read moves the signal after
    // it, so what was read is not used again.
    let now = ContinuousClock.now
    let current = signal.current
    if let kept = kept.withLock({ $0[key] }), kept.isGood(signal: current, at: now), usable(kept.value) {
      return kept.value
    }
    let value = try read()
    guard !signal.isInsideWrite else { return value }
    kept.withLock { kept in
      if kept.count >= limit { kept.removeAll(keepingCapacity: true) }
      kept[key] = Kept(value: value, signal: current, readAt: now)
    }
    return value
  }

  /// The value of each key, in their order: those kept that are still good, and for the
  /// others what `read` gives (kept; nil where `read` gives none). One look under the lock for
  /// them all, where a page of a hundred people asking one by one took and dropped it a hundred
  /// times, and one lookup a key.
  package func values(for keys: [Key], read: ([Key]) throws -> [Key: Value]) rethrows -> [Value?] {
    let now = ContinuousClock.now
    let current = signal.current
    var missing: [Int] = []
    var values: [Value?] = kept.withLock { kept in
      keys.indices.map { index in
        if let value = kept[keys[index]], value.isGood(signal: current, at: now) {
          return value.value
        }
        missing.append(index)
        return nil
      }
    }
    guard !missing.isEmpty else { return values }
    let read = try read(missing.map { keys[$0] })
    for index in missing { values[index] = read[keys[index]] }
    guard !signal.isInsideWrite else { return values }
    kept.withLock { kept in
      if kept.count + read.count > limit { kept.removeAll(keepingCapacity: true) }
      for (key, value) in read { kept[key] = Kept(value: value, signal: current, readAt: now) }
    }
    return values
  }
}

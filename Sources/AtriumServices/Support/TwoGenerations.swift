import Synchronization

/// Values kept by key, in two generations of at most `limit` each: when the current one is
/// full it becomes the previous one (the older previous one is dropped), and a value used from
/// the previous one moves back to the current one. So what keeps being used stays, memory
/// stays bounded, and nothing needs an order of use kept per read.
///
/// It keeps what it is given and never decides whether a value is still true: callers key by
/// something that changes whenever the value would (a request's revision), or check the value
/// against what they read.
package final class TwoGenerations<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  private struct Generations: Sendable {
    var current: [Key: Value] = [:]
    var previous: [Key: Value] = [:]
  }

  private let limit: Int
  private let generations = Mutex(Generations())

  package init(limit: Int) {
    self.limit = max(1, limit)
  }

  /// The value kept under `key`, nil when there is none.
  package func value(for key: Key) -> Value? {
    generations.withLock { Self.value(for: key, in: &$0, limit: limit) }
  }

  /// The value kept under each key, nil where there is none.
  package func values(for keys: [Key]) -> [Value?] {
    generations.withLock { generations in keys.map { Self.value(for: $0, in: &generations, limit: limit) } }
  }

  /// A value found in the previous generation moves back to the current one.
  private static func value(for key: Key, in generations: inout Generations, limit: Int) -> Value? {
    if let value = generations.current[key] { return value }
    guard let value = generations.previous[key] else { return nil }
    keep(value, for: key, in: &generations, limit: limit)
    return value
  }

  /// Keeps each value under its key, in place of any kept before.
  package func keep(_ values: [(key: Key, value: Value)]) {
    guard !values.isEmpty else { return }
    generations.withLock { generations in
      for (key, value) in values { Self.keep(value, for: key, in: &generations, limit: limit) }
    }
  }

  private static func keep(_ value: Value, for key: Key, in generations: inout Generations, limit: Int) {
    if generations.current.count >= limit, generations.current[key] == nil {
      generations.previous = generations.current
      generations.current = [:]
    }
    generations.current[key] = value
  }
}

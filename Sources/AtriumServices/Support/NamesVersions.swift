import Synchronization

/// The version of the names that kept encodings were written with (leave types', departments'
/// and locations'): a number that moves whenever names unlike the last ones asked about are
/// read, so a kept item checks its names by comparing two numbers, where looking each name up
/// again cost hundreds of instructions a row (`make bench-cost`).
///
/// A version stands for one set of names only: names that come back after a change get a new
/// version, which only makes kept items written again.
package final class NamesVersions<Names: Equatable & Sendable>: Sendable {
  private struct Last: Sendable {
    var names: Names?
    var version = 0
  }

  private let last = Mutex(Last())

  package init() {}

  /// The version of `names`, a new one when they differ from the last names asked about.
  package func version(of names: Names) -> Int {
    last.withLock { last in
      if last.names != names {
        last = Last(names: names, version: last.version + 1)
      }
      return last.version
    }
  }
}

import AtriumAPI
import Synchronization

/// What this instance encoded of requests, by id and revision (`EncodedRequest`).
///
/// A request's revision is drawn again by every change of its row or its days, and never
/// drawn twice, so an encoding kept under one is true of that revision forever, whichever
/// instance changed it and whatever rolled back: nothing here is ever dropped for being
/// stale, only for room. Two generations of at most `limit` each: when the current one is
/// full it becomes the previous one, and what is used from the previous one moves back, so
/// the requests that lists keep showing stay and memory stays bounded.
package final class EncodedRequests: Sendable {
  private struct Kept: Sendable {
    let revision: Int64
    let encoded: EncodedRequest
  }

  private struct Generations: Sendable {
    var current: [String: Kept] = [:]
    var previous: [String: Kept] = [:]
  }

  private let limit: Int
  private let generations = Mutex(Generations())

  package init(limit: Int = 10_000) {
    self.limit = limit
  }

  /// The encoding kept for each (id, revision), nil where there is none.
  package func encoded(_ requests: [(id: String, revision: Int64)]) -> [EncodedRequest?] {
    generations.withLock { generations in
      requests.map { id, revision in
        if let kept = generations.current[id], kept.revision == revision { return kept.encoded }
        guard let kept = generations.previous[id], kept.revision == revision else { return nil }
        Self.keep(kept, id: id, in: &generations, limit: limit)
        return kept.encoded
      }
    }
  }

  package func keep(_ encoded: [(id: String, revision: Int64, encoded: EncodedRequest)]) {
    generations.withLock { generations in
      for item in encoded {
        Self.keep(Kept(revision: item.revision, encoded: item.encoded), id: item.id, in: &generations, limit: limit)
      }
    }
  }

  private static func keep(_ kept: Kept, id: String, in generations: inout Generations, limit: Int) {
    if generations.current.count >= limit {
      generations.previous = generations.current
      generations.current = [:]
    }
    generations.current[id] = kept
  }
}

import AtriumAPI

/// What this instance encoded of requests (`EncodedRequest`), by revision.
///
/// A request's revision is drawn again by every change of its row or its days, and never
/// drawn twice, so an encoding kept under one is true of that revision forever, whichever
/// instance changed it and whatever rolled back: nothing here is ever dropped for being
/// stale, only for room (`TwoGenerations`). Keyed by the revision, a number, rather than the
/// request's id: hashing a 36-character id cost more than the rest of a lookup.
package final class EncodedRequests: Sendable {
  /// A class, so that handing one out of the lock retains it once rather than each of its
  /// arrays.
  private final class Kept: Sendable {
    let id: String
    let encoded: EncodedRequest

    init(id: String, encoded: EncodedRequest) {
      self.id = id
      self.encoded = encoded
    }
  }

  private let kept: TwoGenerations<Int64, Kept>

  package init(limit: Int = 10_000) {
    kept = TwoGenerations(limit: limit)
  }

  /// The encoding kept for each (id, revision), nil where there is none.
  package func encoded(_ requests: [(id: String, revision: Int64)]) -> [EncodedRequest?] {
    zip(requests, kept.values(for: requests.map(\.revision))).map { request, kept in
      // A revision is one request's: the id is checked only so that no mistake could show
      // one request as another.
      kept.flatMap { $0.id == request.id ? $0.encoded : nil }
    }
  }

  package func keep(_ encoded: [(id: String, revision: Int64, encoded: EncodedRequest)]) {
    kept.keep(encoded.map { (key: $0.revision, value: Kept(id: $0.id, encoded: $0.encoded)) })
  }
}

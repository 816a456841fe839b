import AtriumAPI

/// What this instance made of requests, by revision: each one's body (`LeaveRequestBody`,
/// which the web pages show) and its encoding (`EncodedRequest`, which the API writes).
///
/// A request's revision is drawn again by every change of its row or its days, and never
/// drawn twice, so what is kept under one is true of that revision forever, whichever
/// instance changed it and whatever rolled back: nothing here is ever dropped for being
/// stale, only for room (`TwoGenerations`). Keyed by the revision, a number, rather than the
/// request's id: hashing a 36-character id cost more than the rest of a lookup. Only the
/// type's name may have changed since (an admin renames a type without touching its
/// requests): whoever hands a kept request out names its type afresh.
package final class KeptRequests: Sendable {
  private let kept: TwoGenerations<Int64, KeptRequest>

  package init(limit: Int = 10_000) {
    kept = TwoGenerations(limit: limit)
  }

  /// What is kept for each (id, revision), nil where there is none.
  package func kept(_ requests: [(id: String, revision: Int64)]) -> [KeptRequest?] {
    zip(requests, kept.values(for: requests.map(\.revision))).map { request, kept in
      // A revision is one request's: the id is checked only so that no mistake could show
      // one request as another.
      kept.flatMap { $0.body.id == request.id ? $0 : nil }
    }
  }

  package func keep(_ requests: [(revision: Int64, kept: KeptRequest)]) {
    kept.keep(requests.map { (key: $0.revision, value: $0.kept) })
  }
}

/// One revision of a request, as the web pages and the API show it. A class, so that handing
/// one out of the lock retains it once rather than each of its arrays and strings.
package final class KeptRequest: Sendable {
  /// Its type named as it was when it was made.
  let body: LeaveRequestBody
  package let encoded: EncodedRequest

  init(body: LeaveRequestBody) {
    self.body = body
    encoded = EncodedRequest(body)
  }

  /// The body with its type named from `names` (by type id); a type no longer there is
  /// named "".
  package func body(named names: [String: String]) -> LeaveRequestBody {
    var body = body
    body.type = Reference(id: body.type.id, name: names[body.type.id] ?? "")
    return body
  }
}

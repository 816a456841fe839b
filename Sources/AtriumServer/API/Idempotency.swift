import AtriumAPI
import AtriumCrypto
import AtriumDomain
import AtriumHTTP
import AtriumHTTPTypes
import AtriumServices
import AtriumStore
import AtriumWeb
import Foundation

/// `Idempotency-Key` for unsafe requests of signed-in callers: the first response is stored
/// and sent again for a replay of the same request, so a client that lost an answer can
/// retry without doing the thing twice.
///
/// Keys are scoped to the caller. Sign-in and refresh are not covered: their responses hold
/// tokens, which the server does not keep in the clear.
struct Idempotency: Sendable {
  let environment: ServerEnvironment
  /// Headers of the first response that a replay repeats.
  private static let keptHeaders = ["Location", "Retry-After", "Allow"]

  /// Runs `handler` once per key, or replays what it answered the first time.
  /// - Parameters:
  ///   - atomic: Claim the key, run the request and keep its answer in one transaction (the
  ///     handler's own writes join it), so a crash can never leave the work done and its answer
  ///     lost: a retry then either replays the answer or runs the request for the first time.
  ///     For quick requests only, since the database's one writer waits for the handler;
  ///     slow ones (hashing, photos, the directory) claim, run and answer in three steps.
  ///   - handler: Runs the request and renders any error, so a refusal (4xx) is kept and
  ///     replayed like a success.
  func run(
    _ request: HTTPRequest, key: String, scope: String, atomic: Bool, handler: () -> HTTPResponse
  ) throws -> HTTPResponse {
    guard (1...255).contains(key.utf8.count), key.utf8.allSatisfy({ (0x21...0x7e).contains($0) }) else {
      throw Problem.badRequest(.invalidIdempotencyKey).with(errors: [
        FieldError(field: "Idempotency-Key", rule: .notAccepted)
      ])
    }
    let fingerprint = Crypto.hex(
      Crypto.sha256(Array("\(request.method) \(request.path)?\(canonicalQuery(request))\n".utf8) + request.body))
    if atomic { return try runAtomically(scope: scope, key: key, fingerprint: fingerprint, handler: handler) }
    // A retry that arrives while the first attempt still runs waits for its answer (a few
    // seconds at most) rather than getting a 409 it would have to retry again.
    var claim = try self.claim(scope: scope, key: key, fingerprint: fingerprint)
    var waited = 0
    while claim == .inProgress && waited < Self.waitForFirstAttemptMilliseconds {
      usleep(20_000)
      waited += 20
      claim = try self.claim(scope: scope, key: key, fingerprint: fingerprint)
    }
    switch claim {
    case .replay(let stored):
      return Self.replay(stored)
    case .inProgress:
      throw Problem.conflict(.idempotencyKeyInProgress)
    case .mismatch:
      throw Problem.unprocessable(.idempotencyKeyReused)
    case .claimed:
      break
    }
    let response = handler()
    // Server errors are not final: forget the key so that a retry runs again.
    try environment.database.write { connection in
      let store = IdempotencyStore(connection)
      if response.status >= 500 {
        try store.release(scope: scope, key: key)
      } else {
        try store.complete(scope: scope, key: key, response: Self.stored(response))
      }
    }
    return response
  }

  /// A server error inside the atomic transaction: undo everything, answer it anyway.
  private struct Undone: Error {
    let response: HTTPResponse
  }

  private func runAtomically(
    scope: String, key: String, fingerprint: String, handler: () -> HTTPResponse
  ) throws -> HTTPResponse {
    let now = environment.now()
    do {
      return try environment.database.write { connection in
        let store = IdempotencyStore(connection)
        let claim = try store.claim(
          scope: scope, key: key, fingerprint: fingerprint, now: now.milliseconds,
          expiry: now.addingTimeInterval(-environment.idempotencyLifetime).milliseconds)
        switch claim {
        case .replay(let stored): return Self.replay(stored)
        case .mismatch: throw Problem.unprocessable(.idempotencyKeyReused)
        // A three-step request with this key is still running (or was cut off by a crash).
        case .inProgress:
          throw Problem.conflict(.idempotencyKeyInProgress)
        case .claimed: break
        }
        let response = handler()
        guard response.status < 500 else { throw Undone(response: response) }
        try store.complete(scope: scope, key: key, response: Self.stored(response))
        return response
      }
    } catch let undone as Undone {
      return undone.response
    }
  }

  private static func stored(_ response: HTTPResponse) -> IdempotencyStore.StoredResponse {
    let headers = keptHeaders.compactMap { name in response.headers[name].map { "\(name): \($0)" } }
    return .init(
      status: response.status, contentType: response.headers["Content-Type"], headers: headers.joined(separator: "\n"),
      body: response.body)
  }

  private static func replay(_ stored: IdempotencyStore.StoredResponse) -> HTTPResponse {
    var headers = HTTPHeaders()
    for line in stored.headers.split(separator: "\n") {
      let parts = line.split(separator: ":", maxSplits: 1)
      if parts.count == 2 { headers.add(String(parts[0]), String(parts[1].dropFirst())) }
    }
    if let contentType = stored.contentType { headers.set("Content-Type", contentType) }
    headers.set("Idempotent-Replayed", "true")
    return HTTPResponse(status: stored.status, headers: headers, body: stored.body)
  }

  private static let waitForFirstAttemptMilliseconds = 5_000

  private func claim(scope: String, key: String, fingerprint: String) throws -> IdempotencyStore.Claim {
    let now = environment.now()
    return try environment.database.write { connection in
      try IdempotencyStore(connection).claim(
        scope: scope, key: key, fingerprint: fingerprint, now: now.milliseconds,
        expiry: now.addingTimeInterval(-environment.idempotencyLifetime).milliseconds)
    }
  }

  private func canonicalQuery(_ request: HTTPRequest) -> String {
    request.query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
  }
}

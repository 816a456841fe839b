import AtriumHTTPTypes
import Foundation
import Synchronization

/// What the server keeps about one request between MHD's calls.
final class RequestContext: @unchecked Sendable {
  let target: String
  /// The target's path, as sent (read by the body limit, the request and the access log).
  let path: String
  let startedAt = ContinuousClock.now
  let requestID = RequestID.make()
  var method = ""
  var headersSeen = false
  var bodyLimit = 0
  var body: [UInt8] = []
  /// A response was queued before the body was read (413); the rest of the body is dropped.
  var isRejected = false
  /// A body without a declared length outgrew the limit: the rest is dropped, then 413.
  var isOversized = false
  var discarded = 0
  var status = 0
  /// Set by a worker before it resumes the connection; read on the network thread after.
  private let pending = Mutex<HTTPResponse?>(nil)
  var isWaitingForWorker = false

  init(target: String) {
    self.target = target
    self.path = QueryString.path(of: target)
  }

  func setPending(_ response: HTTPResponse) { pending.withLock { $0 = response } }
  func takePending() -> HTTPResponse? { pending.withLock { $0.take() } }
}

/// MHD connections are used from the worker that resumes them; MHD makes resume thread-safe.
struct ConnectionHandle: @unchecked Sendable {
  let pointer: OpaquePointer
}

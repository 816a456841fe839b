import AtriumHTTPTypes
import CMicroHTTPD
import Synchronization

/// A response whose body is written over time while the connection stays open: server-sent
/// events. The application writes from any thread; the engine sends what was written as one
/// chunk each time the connection is ready, and parks the connection (suspended, costing no
/// thread) while there is nothing to send.
///
/// The stream ends when the application closes it, when the client goes away (seen at the next
/// write, which is why event streams send heartbeats), when a client reads too slowly for
/// `bufferLimit`, or when the server stops.
public final class HTTPStream: Sendable {
  public let status: Int
  public let headers: HTTPHeaders
  /// Unsent bytes past which the client is judged too slow and the stream is closed.
  public let bufferLimit: Int

  private struct State {
    var pending: [UInt8] = []
    var isClosed = false
    /// The connection is parked until a write or a close resumes it.
    var isSuspended = false
    var connection: ConnectionHandle?
    var closeHandlers: [@Sendable () -> Void] = []
    var hasEnded = false
  }

  private let state = Mutex(State())

  public init(status: Int = 200, headers: HTTPHeaders, bufferLimit: Int = 1 << 20) {
    self.status = status
    self.headers = headers
    self.bufferLimit = bufferLimit
  }

  /// Whether writes are still accepted.
  public var isOpen: Bool { state.withLock { !$0.isClosed } }

  /// Queues bytes for the client. Returns false, and sends nothing, once the stream is closed.
  @discardableResult
  public func write(_ bytes: [UInt8]) -> Bool {
    let accepted = state.withLock { state -> Bool in
      guard !state.isClosed else { return false }
      guard state.pending.count + bytes.count <= bufferLimit else {
        // A client this far behind is not reading: end its stream rather than grow without bound.
        state.isClosed = true
        state.pending = []
        wake(&state)
        return false
      }
      state.pending += bytes
      wake(&state)
      return true
    }
    return accepted
  }

  /// Ends the response once what was written has been sent.
  public func close() {
    state.withLock { state in
      state.isClosed = true
      wake(&state)
    }
  }

  /// Runs `handler` once when the response is over, whoever ended it; at once if it already is.
  public func onEnd(_ handler: @escaping @Sendable () -> Void) {
    let runNow = state.withLock { state -> Bool in
      guard !state.hasEnded else { return true }
      state.closeHandlers.append(handler)
      return false
    }
    if runNow { handler() }
  }

  // MARK: - Engine side

  /// Resumes the parked connection; MHD makes resuming safe from any thread.
  private func wake(_ state: inout State) {
    guard state.isSuspended, let connection = state.connection else { return }
    state.isSuspended = false
    MHD_resume_connection(connection.pointer)
  }

  func attach(to connection: OpaquePointer) {
    let handle = ConnectionHandle(pointer: connection)
    state.withLock { $0.connection = handle }
  }

  /// MHD's content reader: copies what is pending, ends the body after a close, or parks the
  /// connection when there is nothing yet (returning 0 without parking would spin a thread).
  func read(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
    state.withLock { state -> Int in
      if state.pending.isEmpty {
        if state.isClosed { return -1 }  // MHD_CONTENT_READER_END_OF_STREAM
        guard let connection = state.connection else { return -2 }  // MHD_CONTENT_READER_END_WITH_ERROR
        state.isSuspended = true
        MHD_suspend_connection(connection.pointer)
        return 0
      }
      let count = min(capacity, state.pending.count)
      state.pending.withUnsafeBytes { bytes in
        UnsafeMutableRawPointer(buffer).copyMemory(from: bytes.baseAddress!, byteCount: count)
      }
      state.pending.removeFirst(count)
      return count
    }
  }

  /// The connection is done with the response: the client left, the body ended or the server
  /// stopped.
  func ended() {
    let handlers = state.withLock { state -> [@Sendable () -> Void] in
      state.isClosed = true
      state.hasEnded = true
      state.connection = nil
      state.pending = []
      defer { state.closeHandlers = [] }
      return state.closeHandlers
    }
    for handler in handlers { handler() }
  }
}

/// MHD's content reader for a stream; `cls` is the stream, retained by the response.
let streamReader: MHD_ContentReaderCallback = { cls, _, buffer, capacity in
  guard let cls, let buffer else { return -2 }
  let stream = Unmanaged<HTTPStream>.fromOpaque(cls).takeUnretainedValue()
  return stream.read(into: buffer, capacity: capacity)
}

/// Called when MHD frees the response: releases the stream and runs its end handlers.
let streamFinished: MHD_ContentReaderFreeCallback = { cls in
  guard let cls else { return }
  let stream = Unmanaged<HTTPStream>.fromOpaque(cls).takeRetainedValue()
  stream.ended()
}

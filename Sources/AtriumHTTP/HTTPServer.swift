import CMicroHTTPD
import Foundation
import Synchronization

/// An HTTP/1.1 server on GNU libmicrohttpd: an epoll thread pool for fast work, a bounded
/// worker pool for work that may block, body limits enforced before the body is read, a
/// slow-client timeout, one access-log line per request and a graceful stop.
public final class HTTPServer: @unchecked Sendable {
  public struct Configuration: Sendable {
    /// The numeric address to listen on: loopback unless told otherwise.
    public var host: String
    /// The port; 0 picks a free one (read it back from `port`).
    public var port: Int
    /// Network threads; DESIGN.md found one per core fastest.
    public var threadCount: Int
    /// Threads for blocking work (`HTTPOutcome.blocking`).
    public var workerCount: Int
    /// Blocking jobs that may wait for a worker before new ones get 503.
    public var workerQueueLimit: Int
    /// Seconds a connection may stay idle or trickle before it is closed.
    public var connectionTimeoutSeconds: Int
    /// Simultaneous connections; further ones are refused.
    public var connectionLimit: Int
    /// Where the access log goes.
    public var log: LogSink

    public init(
      host: String = "127.0.0.1", port: Int = 8080,
      threadCount: Int = ProcessInfo.processInfo.activeProcessorCount, workerCount: Int = 4,
      workerQueueLimit: Int = 256, connectionTimeoutSeconds: Int = 30, connectionLimit: Int = 1000,
      log: LogSink = .standardError
    ) {
      self.host = host
      self.port = port
      self.threadCount = threadCount
      self.workerCount = workerCount
      self.workerQueueLimit = workerQueueLimit
      self.connectionTimeoutSeconds = connectionTimeoutSeconds
      self.connectionLimit = connectionLimit
      self.log = log
    }
  }

  /// Why the server could not start.
  public struct StartError: Error, CustomStringConvertible {
    public let description: String
  }

  /// Bytes of an oversized chunked body read and dropped before the connection is closed.
  static let discardLimit = 16 << 20

  public let configuration: Configuration
  let responder: any HTTPResponder
  /// Threads for blocking work; they exist from `start` to `stop`.
  private(set) var workers: WorkerPool?
  private var daemon: OpaquePointer?
  /// Requests between their request line and their completion.
  let inFlight = Atomic<Int>(0)
  private let state = Mutex<(started: Bool, stopped: Bool)>((false, false))

  public init(configuration: Configuration, responder: any HTTPResponder) {
    self.configuration = configuration
    self.responder = responder
  }

  /// Requests received and not yet completed (for health checks, metrics and tests).
  public var requestsInFlight: Int { inFlight.load(ordering: .relaxed) }

  /// The port the server listens on (the chosen one when configured with 0).
  public private(set) var port: Int = 0

  /// Binds and starts serving on background threads.
  public func start() throws {
    guard daemon == nil else { throw StartError(description: "the server is already started") }
    let address = try SocketAddress(host: configuration.host, port: configuration.port)
    let flags =
      MHD_USE_EPOLL_INTERNAL_THREAD.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
      | (configuration.host.contains(":") ? MHD_USE_IPv6.rawValue : 0)
    // Ready before the first request can arrive, which may be as soon as MHD listens.
    workers = WorkerPool(threadCount: configuration.workerCount, capacity: configuration.workerQueueLimit)
    let context = Unmanaged.passUnretained(self).toOpaque()
    let poolSize = UInt32(configuration.threadCount > 1 ? configuration.threadCount : 0)
    let started = address.withPointer { address in
      atrium_mhd_start(
        flags, address, poolSize, UInt32(configuration.connectionTimeoutSeconds),
        UInt32(configuration.connectionLimit), accessHandler, context, requestCompleted, context,
        requestStarted, context)
    }
    guard let started else {
      workers?.stop()
      workers = nil
      throw StartError(description: "cannot listen on \(configuration.host):\(configuration.port)")
    }
    daemon = started
    port = Int(atrium_mhd_bound_port(started))
    state.withLock { $0.started = true }
  }

  /// Stops accepting connections, lets requests in flight finish (up to `gracePeriod`), then
  /// closes every connection and ends the threads. Safe to call more than once.
  public func stop(gracePeriod: Duration = .seconds(10)) {
    let shouldStop = state.withLock { state -> Bool in
      guard state.started, !state.stopped else { return false }
      state.stopped = true
      return true
    }
    guard shouldStop, let daemon else { return }
    let listener = MHD_quiesce_daemon(daemon)
    let deadline = ContinuousClock.now + gracePeriod
    while inFlight.load(ordering: .acquiring) > 0 && ContinuousClock.now < deadline {
      usleep(5_000)
    }
    // Blocking jobs still running resume their connections; let them before MHD stops.
    workers?.stop()
    MHD_stop_daemon(daemon)
    if listener >= 0 { close(listener) }
  }

  deinit {
    stop(gracePeriod: .zero)
  }
}

// MARK: - Per-request state

/// What the server keeps about one request between MHD's calls.
final class RequestContext: @unchecked Sendable {
  let target: String
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
  }

  func setPending(_ response: HTTPResponse) { pending.withLock { $0 = response } }
  func takePending() -> HTTPResponse? { pending.withLock { $0.take() } }
}

/// MHD connections are used from the worker that resumes them; MHD makes resume thread-safe.
struct ConnectionHandle: @unchecked Sendable {
  let pointer: OpaquePointer
}

// MARK: - MHD callbacks

private let requestStarted: atrium_mhd_uri_log_callback = { cls, uri, _ in
  let server = Unmanaged<HTTPServer>.fromOpaque(cls!).takeUnretainedValue()
  server.inFlight.add(1, ordering: .relaxed)
  let context = RequestContext(target: uri.map { String(cString: $0) } ?? "/")
  return Unmanaged.passRetained(context).toOpaque()
}

private let requestCompleted: MHD_RequestCompletedCallback = { cls, _, contextPointer, termination in
  let server = Unmanaged<HTTPServer>.fromOpaque(cls!).takeUnretainedValue()
  guard let raw = contextPointer?.pointee else { return }
  contextPointer?.pointee = nil
  let context = Unmanaged<RequestContext>.fromOpaque(raw).takeRetainedValue()
  server.inFlight.subtract(1, ordering: .releasing)
  let elapsed = ContinuousClock.now - context.startedAt
  let milliseconds =
    Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
  let (path, _) = QueryString.split(target: context.target)
  let entry = AccessLogEntry(
    method: context.method, path: path, status: context.status,
    durationMs: (milliseconds * 1000).rounded() / 1000, requestId: context.requestID,
    error: termination == .REQUEST_TERMINATED_COMPLETED_OK ? nil : "connection ended early")
  server.configuration.log.write(entry.line)
}

private let accessHandler: MHD_AccessHandlerCallback = {
  cls, connection, _, method, _, uploadData, uploadSize, contextPointer in
  guard let cls, let connection, let contextPointer, let raw = contextPointer.pointee,
    let uploadSize
  else { return .NO }
  let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
  let context = Unmanaged<RequestContext>.fromOpaque(raw).takeUnretainedValue()
  return server.handle(
    connection: connection, context: context, method: method, uploadData: uploadData,
    uploadSize: uploadSize)
}

extension HTTPServer {
  /// One call of MHD's access handler: headers first, then body chunks, then the end.
  fileprivate func handle(
    connection: OpaquePointer, context: RequestContext, method: UnsafePointer<CChar>?,
    uploadData: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>
  ) -> MHD_Result {
    if context.isRejected {
      uploadSize.pointee = 0
      return .YES
    }
    if !context.headersSeen {
      context.headersSeen = true
      context.method = method.map { String(cString: $0) } ?? ""
      let (path, _) = QueryString.split(target: context.target)
      context.bodyLimit = responder.bodyLimit(method: context.method, path: path)
      let declared = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length")
        .flatMap { Int(String(cString: $0)) }
      if let declared, declared > context.bodyLimit {
        return reject(connection: connection, context: context)
      }
      // Returning without a response lets MHD answer `Expect: 100-continue` and read the body.
      return .YES
    }
    if uploadSize.pointee > 0 {
      let count = uploadSize.pointee
      uploadSize.pointee = 0
      if context.isOversized {
        // MHD cannot answer in the middle of a body, so the rest is read and dropped, up to a
        // bound past which the connection is simply closed.
        context.discarded += count
        return context.discarded > Self.discardLimit ? .NO : .YES
      }
      guard context.body.count + count <= context.bodyLimit else {
        context.isOversized = true
        context.discarded = context.body.count + count
        context.body = []
        return .YES
      }
      if let uploadData {
        uploadData.withMemoryRebound(to: UInt8.self, capacity: count) {
          context.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: count))
        }
      }
      return .YES
    }
    if context.isOversized {
      return queue(tooLarge(context), on: connection, context: context)
    }
    if let response = context.takePending() {
      return queue(response, on: connection, context: context)
    }
    guard !context.isWaitingForWorker else { return .YES }
    let request = makeRequest(connection: connection, context: context)
    switch responder.respond(to: request) {
    case .response(let response):
      return queue(response, on: connection, context: context)
    case .blocking(let work):
      context.isWaitingForWorker = true
      let handle = ConnectionHandle(pointer: connection)
      MHD_suspend_connection(connection)
      let accepted = workers?.submit {
        context.setPending(work())
        MHD_resume_connection(handle.pointer)
      }
      if accepted != true {
        context.setPending(
          responder.engineError(
            status: 503, detail: "The server is busy; try again in a moment.",
            requestID: context.requestID))
        MHD_resume_connection(connection)
      }
      return .YES
    }
  }

  /// Answers 413 while only the headers have been read (a declared `Content-Length` too
  /// large): MHD then closes the connection instead of reading the body.
  private func reject(connection: OpaquePointer, context: RequestContext) -> MHD_Result {
    context.isRejected = true
    var response = tooLarge(context)
    response.headers.set("Connection", "close")
    return queue(response, on: connection, context: context)
  }

  private func tooLarge(_ context: RequestContext) -> HTTPResponse {
    responder.engineError(
      status: 413,
      detail: "The request body is larger than the \(context.bodyLimit) bytes this endpoint accepts.",
      requestID: context.requestID)
  }

  private func queue(
    _ response: HTTPResponse, on connection: OpaquePointer, context: RequestContext
  )
    -> MHD_Result
  {
    context.status = response.status
    let mhdResponse = response.body.withUnsafeBytes { bytes in
      MHD_create_response_from_buffer(
        bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
    }
    guard let mhdResponse else { return .NO }
    defer { MHD_destroy_response(mhdResponse) }
    for field in response.headers {
      _ = MHD_add_response_header(mhdResponse, field.name, field.value)
    }
    _ = MHD_add_response_header(mhdResponse, "X-Request-Id", context.requestID)
    return MHD_queue_response(connection, UInt32(response.status), mhdResponse)
  }

  private func makeRequest(connection: OpaquePointer, context: RequestContext) -> HTTPRequest {
    let collector = HeaderCollector()
    let collectorPointer = Unmanaged.passUnretained(collector).toOpaque()
    _ = MHD_get_connection_values(connection, .HEADER_KIND, collectHeader, collectorPointer)
    var address = [CChar](repeating: 0, count: 64)
    let remote =
      atrium_mhd_client_address(connection, &address, socklen_t(address.count)) == 0
      ? String(decoding: address.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "unknown"
    let (path, query) = QueryString.split(target: context.target)
    let body = context.body
    context.body = []
    return HTTPRequest(
      method: context.method, path: path, query: query, headers: HTTPHeaders(collector.fields),
      body: body, remoteAddress: remote, requestID: context.requestID)
  }
}

private final class HeaderCollector {
  var fields: [(name: String, value: String)] = []
}

private let collectHeader: MHD_KeyValueIterator = { cls, _, key, value in
  guard let cls, let key else { return .YES }
  let collector = Unmanaged<HeaderCollector>.fromOpaque(cls).takeUnretainedValue()
  collector.fields.append((String(cString: key), value.map { String(cString: $0) } ?? ""))
  return .YES
}

// MARK: - Socket address

/// An IPv4 or IPv6 socket address built from a numeric host.
private enum SocketAddress {
  case v4(sockaddr_in)
  case v6(sockaddr_in6)

  init(host: String, port: Int) throws {
    guard (0...65535).contains(port) else {
      throw HTTPServer.StartError(description: "port \(port) is out of range")
    }
    var v4 = sockaddr_in()
    if inet_pton(AF_INET, host, &v4.sin_addr) == 1 {
      v4.sin_family = sa_family_t(AF_INET)
      v4.sin_port = in_port_t(UInt16(port).bigEndian)
      self = .v4(v4)
      return
    }
    var v6 = sockaddr_in6()
    if inet_pton(AF_INET6, host, &v6.sin6_addr) == 1 {
      v6.sin6_family = sa_family_t(AF_INET6)
      v6.sin6_port = in_port_t(UInt16(port).bigEndian)
      self = .v6(v6)
      return
    }
    throw HTTPServer.StartError(
      description: "host must be a numeric IPv4 or IPv6 address, e.g. 127.0.0.1 or ::1; got \(host)")
  }

  func withPointer<T>(_ body: (UnsafePointer<sockaddr>) -> T) -> T {
    switch self {
    case .v4(var address):
      withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
    case .v6(var address):
      withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
    }
  }
}

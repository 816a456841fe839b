import AtriumHTTPTypes
import AtriumLog
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
    /// Threads for changes to stored data (`HTTPOutcome.writing`): as many changes as there
    /// are threads can wait for the database's writer together and be committed at once.
    public var writerCount: Int
    /// Changes that may wait for a writers' thread before new ones get 503.
    public var writerQueueLimit: Int
    /// Seconds a connection may stay idle or trickle before it is closed.
    public var connectionTimeoutSeconds: Int
    /// Simultaneous connections served (every open web page holds one for its event stream).
    /// The next `overflowAllowance` are answered 503 with `Retry-After` and closed, so a
    /// client learns to come back instead of hanging; past those, new connections are closed
    /// as soon as they are accepted.
    public var connectionLimit: Int
    /// Simultaneous connections from one client address (0: no limit), so slow clients from
    /// one place cannot take every connection. Behind a reverse proxy every connection comes
    /// from the proxy: use 0 there, and let the proxy hold slow clients.
    public var connectionLimitPerAddress: Int
    /// Bytes libmicrohttpd keeps for each connection: the request's headers and the response's
    /// head are read and written there, and the engine refuses headers that do not fit (431).
    public var connectionMemory: Int
    /// Where the access log goes.
    public var log: LogSink

    public init(
      host: String = "127.0.0.1", port: Int = 8080,
      threadCount: Int = ProcessInfo.processInfo.activeProcessorCount, workerCount: Int = 4,
      workerQueueLimit: Int = 256, writerCount: Int = 16, writerQueueLimit: Int = 1_024,
      connectionTimeoutSeconds: Int = 30, connectionLimit: Int = 20_000,
      connectionLimitPerAddress: Int = 0, connectionMemory: Int = 32 * 1024, log: LogSink = .standardError
    ) {
      self.host = host
      self.port = port
      self.threadCount = threadCount
      self.workerCount = workerCount
      self.workerQueueLimit = workerQueueLimit
      self.writerCount = writerCount
      self.writerQueueLimit = writerQueueLimit
      self.connectionTimeoutSeconds = connectionTimeoutSeconds
      self.connectionLimit = connectionLimit
      self.connectionLimitPerAddress = connectionLimitPerAddress
      self.connectionMemory = connectionMemory
      self.log = log
    }

    /// Connections past `connectionLimit` that are still answered, with 503.
    public var overflowAllowance: Int { max(16, connectionLimit / 50) }

    /// Connections open at once at most: those served and those answered 503; a connection
    /// past them is closed as soon as it is accepted (`acceptPolicy`).
    public var connectionsAnswered: Int { connectionLimit + overflowAllowance }

    /// File descriptors the server may use at most: every connection, the overflow, and a
    /// margin for the listening socket, the threads' event descriptors and the access log.
    public var fileDescriptorsNeeded: Int { connectionsAnswered + 64 }
  }

  /// Why the server could not start.
  public struct StartError: Error, CustomStringConvertible {
    public let description: String
  }

  /// Bytes of an oversized chunked body read and dropped before the connection is closed.
  static let discardLimit = 16 << 20

  public let configuration: Configuration
  let responder: any HTTPResponder
  /// Threads for blocking work and for changes; they exist from `start` to `stop`.
  private(set) var workers: WorkerPool?
  private(set) var writers: WorkerPool?
  private var daemon: OpaquePointer?
  /// Requests between their request line and their completion.
  let inFlight = Atomic<Int>(0)
  /// Connections open now, those over the limit included.
  let openConnections = Atomic<Int>(0)
  private let state = Mutex<(started: Bool, stopped: Bool)>((false, false))
  /// Streamed responses still open, which `stop` ends first.
  private let streams = Mutex<[ObjectIdentifier: HTTPStream]>([:])

  public init(configuration: Configuration, responder: any HTTPResponder) {
    self.configuration = configuration
    self.responder = responder
  }

  /// Requests received and not yet completed (for health checks, metrics and tests).
  public var requestsInFlight: Int { inFlight.load(ordering: .relaxed) }

  /// Connections open now, those over the limit included (for tests).
  public var openConnectionCount: Int { openConnections.load(ordering: .relaxed) }

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
    writers = WorkerPool(
      threadCount: configuration.writerCount, capacity: configuration.writerQueueLimit, name: "writer")
    let context = Unmanaged.passUnretained(self).toOpaque()
    let poolSize = UInt32(configuration.threadCount > 1 ? configuration.threadCount : 0)
    // libmicrohttpd divides its limit among its threads, and a thread at its share stops
    // accepting: with 19,400 event streams held, one thread was full and every new connection
    // went to the other, one core for all requests. It is given the whole limit once per
    // thread, so each may take all of it; `acceptPolicy` keeps the count of all of them.
    let engineLimit = configuration.connectionsAnswered * max(1, Int(poolSize))
    let started = address.withPointer { address in
      atrium_mhd_start(
        flags, address, poolSize, UInt32(configuration.connectionTimeoutSeconds), UInt32(engineLimit),
        UInt32(configuration.connectionLimitPerAddress), acceptPolicy,
        context, accessHandler, context, requestCompleted, context,
        requestStarted, context, connectionNotified, context, configuration.connectionMemory)
    }
    guard let started else {
      workers?.stop()
      workers = nil
      writers?.stop()
      writers = nil
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
    // From here `acceptPolicy` closes every new connection at once. (`MHD_quiesce_daemon` would
    // take the listening socket out of the epoll sets instead, but it races with MHD's own
    // epoll loop, and the loser aborts the whole process: an open libmicrohttpd defect.)
    // Streams never finish by themselves; parked ones must be resumed before MHD stops.
    for stream in streams.withLock({ Array($0.values) }) { stream.close() }
    let deadline = ContinuousClock.now + gracePeriod
    while inFlight.load(ordering: .acquiring) > 0 && ContinuousClock.now < deadline {
      usleep(5_000)
    }
    // Blocking jobs and changes still running resume their connections; let them before MHD
    // stops.
    workers?.stop()
    writers?.stop()
    MHD_stop_daemon(daemon)
  }

  /// Whether `stop` has begun: new connections are then refused.
  var isStopping: Bool { state.withLock { $0.stopped } }

  /// Streamed responses open now (for tests and metrics).
  public var openStreamCount: Int { streams.withLock { $0.count } }

  func track(_ stream: HTTPStream) {
    let key = ObjectIdentifier(stream)
    streams.withLock { $0[key] = stream }
    // A stream opened on a kept-alive connection while `stop` runs is ended at once.
    if state.withLock({ $0.stopped }) { stream.close() }
    stream.onEnd { [weak self] in
      _ = self?.streams.withLock { $0.removeValue(forKey: key) }
    }
  }

  deinit {
    stop(gracePeriod: .zero)
  }
}

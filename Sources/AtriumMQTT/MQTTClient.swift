import CMosquitto
import Foundation
import Synchronization

/// One connection to an MQTT broker, and the one owner of its libmosquitto handle. A thread of
/// its own connects (retrying the first connection too, which libmosquitto does not), runs the
/// network loop, reconnects after a loss with a linear backoff, restores the subscriptions on
/// every connect, and replaces the handle after a fatal error. Callbacks copy what they get
/// out of C memory at once; nothing stops or destroys the handle from inside one.
public final class MQTTClient: Sendable {
  public enum State: Sendable, Equatable {
    case connecting
    case connected
    case disconnected(MQTTError)
    case stopped
  }

  public let configuration: MQTTConfiguration
  /// The handle: created and destroyed by the loop thread only; publishers use it under the
  /// lock, which no callback takes (so no lock order with libmosquitto's own mutexes).
  private let handle = Mutex<Handle?>(nil)
  private let shared = Mutex(Shared())
  private let wake = DispatchSemaphore(value: 0)
  private let finished = DispatchSemaphore(value: 0)

  struct Shared {
    var state = State.connecting
    var subscriptions: [String: Int32] = [:]
    var waiting: [Int32: @Sendable (MQTTError?) -> Void] = [:]
    var acknowledged: Set<Int32> = []
    var isStarted = false
    var isStopping = false
    var loopThread: pthread_t?
    var onMessage: (@Sendable (MQTTMessage) -> Void)?
    var onState: (@Sendable (State) -> Void)?
  }

  public init(_ configuration: MQTTConfiguration) {
    self.configuration = configuration
  }

  /// The libmosquitto handle as a value the lock may hold.
  struct Handle: @unchecked Sendable {
    let pointer: OpaquePointer
  }

  deinit {
    handle.withLock { if let mosquitto = $0 { mosquitto_destroy(mosquitto.pointer) } }
  }

  /// Called on the loop thread with each message: keep it short (hand the message on).
  public func onMessage(_ handler: @escaping @Sendable (MQTTMessage) -> Void) {
    shared.withLock { $0.onMessage = handler }
  }

  /// Called on the loop thread when the connection comes or goes.
  public func onStateChange(_ handler: @escaping @Sendable (State) -> Void) {
    shared.withLock { $0.onState = handler }
  }

  public var state: State { shared.withLock { $0.state } }

  /// Subscribes now when connected, and again on every connect.
  public func subscribe(_ filter: String, qos: Int = 1) {
    shared.withLock { $0.subscriptions[filter] = Int32(qos) }
    handle.withLock { mosquitto in
      guard let mosquitto, state == .connected else { return }
      _ = mosquitto_subscribe(mosquitto.pointer, nil, filter, Int32(qos))
    }
  }

  /// Starts the connection's thread; it keeps trying until `stop()`.
  public func start() {
    let first = shared.withLock { shared -> Bool in
      defer { shared.isStarted = true }
      return !shared.isStarted
    }
    guard first else { return }
    // Named by the thread itself: Linux applies no other way, and keeps at most 15 bytes.
    let thread = Thread { [self] in
      Thread.current.name = "mqtt-client"
      run()
    }
    thread.start()
  }

  /// Waits until connected, or `timeout`; returns whether it is.
  public func waitUntilConnected(timeout: Duration = .seconds(10)) -> Bool {
    let end = ContinuousClock.now + timeout
    while ContinuousClock.now < end {
      if state == .connected { return true }
      usleep(5_000)
    }
    return state == .connected
  }

  /// Waits until connected, or `timeout`, without holding a thread (for async callers).
  public func connected(within timeout: Duration = .seconds(10)) async -> Bool {
    let end = ContinuousClock.now + timeout
    while ContinuousClock.now < end {
      if state == .connected { return true }
      try? await Task.sleep(for: .milliseconds(5))
    }
    return state == .connected
  }

  /// Disconnects cleanly (the broker keeps a kept session) and ends the thread; a second call
  /// returns at once.
  public func stop() {
    let (onLoopThread, mustWait) = shared.withLock { shared -> (Bool, Bool) in
      let first = !shared.isStopping
      shared.isStopping = true
      let onLoop = shared.loopThread.map { pthread_equal($0, pthread_self()) != 0 } ?? false
      return (onLoop, first && shared.isStarted)
    }
    wake.signal()
    // From a callback, the loop ends by itself after it returns.
    if !onLoopThread, mustWait { _ = finished.wait(timeout: .now() + 10) }
  }

  /// Publishes; `done` is called once: with nil when the broker acknowledged it (at QoS 0, at
  /// once), or with why not (no connection, the connection replaced, `timeout` passed).
  public func publish(
    _ topic: String, _ payload: [UInt8], qos: Int = 1, retain: Bool = false, timeout: Duration = .seconds(10),
    done: @escaping @Sendable (MQTTError?) -> Void
  ) {
    let mid: Int32
    do {
      mid = try send(topic, payload, qos: qos, retain: retain)
    } catch {
      return done(error)
    }
    guard qos > 0 else { return done(nil) }
    let already = shared.withLock { shared -> Bool in
      if shared.acknowledged.remove(mid) != nil { return true }
      shared.waiting[mid] = done
      return false
    }
    if already { return done(nil) }
    DispatchQueue.global().asyncAfter(deadline: .now() + Self.interval(timeout)) { [self] in
      finish(mid, with: .timedOut)
    }
  }

  /// Publishes and, at QoS 1 or 2, waits until the broker acknowledged it.
  public func publish(
    _ topic: String, _ payload: [UInt8], qos: Int = 1, retain: Bool = false, timeout: Duration = .seconds(10)
  ) async throws(MQTTError) {
    let outcome = await withCheckedContinuation { continuation in
      publish(topic, payload, qos: qos, retain: retain, timeout: timeout) { continuation.resume(returning: $0) }
    }
    if let outcome { throw outcome }
  }

  /// Publishes and waits, blocking the calling thread (for callers on threads of their own,
  /// such as the server's workers; never from this client's callbacks).
  public func publishAndWait(
    _ topic: String, _ payload: [UInt8], qos: Int = 1, retain: Bool = false, timeout: Duration = .seconds(10)
  ) throws(MQTTError) {
    let outcome = Mutex<MQTTError?>(nil)
    let done = DispatchSemaphore(value: 0)
    publish(topic, payload, qos: qos, retain: retain, timeout: timeout) { error in
      outcome.withLock { $0 = error }
      done.signal()
    }
    done.wait()
    if let error = outcome.withLock({ $0 }) { throw error }
  }

  /// Hands the message to libmosquitto; its message id (0 at QoS 0).
  private func send(_ topic: String, _ payload: [UInt8], qos: Int, retain: Bool) throws(MQTTError) -> Int32 {
    var mid: Int32 = 0
    let code: Int32? = handle.withLock { mosquitto in
      guard let mosquitto, state == .connected else { return nil }
      return payload.withUnsafeBytes { bytes in
        mosquitto_publish(mosquitto.pointer, &mid, topic, Int32(bytes.count), bytes.baseAddress, Int32(qos), retain)
      }
    }
    guard let code else { throw .notConnected }
    if let error = MQTTError.from(code: code) { throw error }
    return mid
  }

  static func interval(_ duration: Duration) -> DispatchTimeInterval {
    .nanoseconds(Int(duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000))
  }

  // MARK: - The loop thread

  private func run() {
    MQTTLibrary.initialize()
    shared.withLock { $0.loopThread = pthread_self() }
    var attempt = 0
    var isOpen = false
    while !shared.withLock({ $0.isStopping }) {
      guard let mosquitto = currentHandle() else {
        pause(attempt)
        attempt += 1
        continue
      }
      if !isOpen {
        let code = mosquitto_connect(
          mosquitto, configuration.host, Int32(configuration.port), configuration.keepAliveSeconds)
        if let error = MQTTError.from(code: code) {
          set(.disconnected(error))
          pause(attempt)
          attempt += 1
          continue
        }
        isOpen = true
      }
      let code = mosquitto_loop(mosquitto, 100, 1)
      guard let error = MQTTError.from(code: code) else {
        if state == .connected { attempt = 0 }
        continue
      }
      isOpen = false
      // A refusal said by the broker's answer stays the reason.
      if case .disconnected(.refused) = state {} else { set(.disconnected(error)) }
      switch error {
      case .notConnected, .unreachable, .refused, .timedOut: break
      case .rejected, .stopped: replaceHandle()
      }
      pause(attempt)
      attempt += 1
    }
    if let mosquitto = handle.withLock({ $0?.pointer }), state == .connected {
      mosquitto_disconnect(mosquitto)
      for _ in 0..<20 where mosquitto_loop(mosquitto, 50, 1) == Int32(MOSQ_ERR_SUCCESS.rawValue) {}
    }
    replaceHandle()
    set(.stopped)
    finished.signal()
  }

  /// Waits before retry `attempt`, or less when stopped.
  private func pause(_ attempt: Int) {
    _ = wake.wait(timeout: .now() + Self.interval(configuration.delay(beforeRetry: attempt)))
  }

  /// The handle, made with its options and callbacks when there is none.
  private func currentHandle() -> OpaquePointer? {
    if let existing = handle.withLock({ $0?.pointer }) { return existing }
    let context = Unmanaged.passUnretained(self).toOpaque()
    guard let mosquitto = mosquitto_new(configuration.clientID, !configuration.keepsSession, context) else {
      set(.disconnected(.rejected("no memory for a client")))
      return nil
    }
    mosquitto_threaded_set(mosquitto, true)
    if let username = configuration.username {
      mosquitto_username_pw_set(mosquitto, username, configuration.password)
    }
    if let caFile = configuration.caFile {
      mosquitto_tls_set(mosquitto, caFile, nil, nil, nil, nil)
    }
    mosquitto_connect_callback_set(mosquitto, MQTTCallbacks.connected)
    mosquitto_disconnect_callback_set(mosquitto, MQTTCallbacks.disconnected)
    mosquitto_message_callback_set(mosquitto, MQTTCallbacks.message)
    mosquitto_publish_callback_set(mosquitto, MQTTCallbacks.published)
    handle.withLock { $0 = Handle(pointer: mosquitto) }
    return mosquitto
  }

  /// Destroys the handle (on the loop thread, outside any callback); what waited on it fails.
  private func replaceHandle() {
    handle.withLock { mosquitto in
      if let old = mosquitto { mosquitto_destroy(old.pointer) }
      mosquitto = nil
    }
    let waiting = shared.withLock { shared in
      defer {
        shared.waiting = [:]
        shared.acknowledged = []
      }
      return shared.waiting.values
    }
    for done in waiting { done(.notConnected) }
  }

  private func set(_ state: State) {
    let handler = shared.withLock { shared -> (@Sendable (State) -> Void)? in
      guard shared.state != state else { return nil }
      shared.state = state
      return shared.onState
    }
    handler?(state)
  }

  /// Calls the one waiting for `mid`, once; an acknowledgement nobody waits for yet is kept
  /// for `publish` to find.
  private func finish(_ mid: Int32, with error: MQTTError?) {
    let done = shared.withLock { shared in
      let waiting = shared.waiting.removeValue(forKey: mid)
      if waiting == nil, error == nil { shared.acknowledged.insert(mid) }
      return waiting
    }
    done?(error)
  }

  // MARK: - Called by libmosquitto (on the loop thread)

  func connected(_ mosquitto: OpaquePointer, code: Int32) {
    guard code == 0 else {
      set(.disconnected(.refused(String(cString: mosquitto_connack_string(code)))))
      return
    }
    for (filter, qos) in shared.withLock({ $0.subscriptions }) {
      _ = mosquitto_subscribe(mosquitto, nil, filter, qos)
    }
    set(.connected)
  }

  func disconnected(code: Int32) {
    if state == .connected {
      set(.disconnected(code == 0 ? .notConnected : MQTTError.from(code: code) ?? .notConnected))
    }
  }

  func received(_ message: MQTTMessage) {
    shared.withLock { $0.onMessage }?(message)
  }

  func acknowledged(_ mid: Int32) { finish(mid, with: nil) }
}

/// The C callbacks: each finds its client through the handle's user pointer and copies what
/// it was given before returning.
enum MQTTCallbacks {
  static func client(_ context: UnsafeMutableRawPointer?) -> MQTTClient? {
    context.map { Unmanaged<MQTTClient>.fromOpaque($0).takeUnretainedValue() }
  }

  static let connected: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, Int32) -> Void = {
    mosquitto, context, code in
    guard let mosquitto else { return }
    client(context)?.connected(mosquitto, code: code)
  }

  static let disconnected: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, Int32) -> Void = {
    _, context, code in
    client(context)?.disconnected(code: code)
  }

  static let published: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, Int32) -> Void = {
    _, context, mid in
    client(context)?.acknowledged(mid)
  }

  static let message:
    @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, UnsafePointer<mosquitto_message>?) -> Void = {
      _, context, message in
      guard let message, let topic = message.pointee.topic else { return }
      let length = Int(max(0, message.pointee.payloadlen))
      let payload =
        message.pointee.payload.map { Array(UnsafeRawBufferPointer(start: $0, count: length)) } ?? []
      client(context)?.received(
        MQTTMessage(
          topic: String(cString: topic), payload: payload, qos: Int(message.pointee.qos),
          isRetained: message.pointee.retain))
    }
}

import AtriumDomain
import AtriumHTTP
import AtriumHTTPTypes
import AtriumSQL
import AtriumServices
import AtriumStore
import AtriumWeb
import Foundation
import Synchronization

/// Delivers the live event log to open event streams (`GET /api/v1/events`).
///
/// Writers append events to the log in their own transactions (`LiveEventStore`); this hub
/// reads what is new on one dispatcher thread and writes it to each stream whose listener the
/// event's audience includes. A request that changed something wakes the dispatcher at once
/// (`wake`); on PostgreSQL a commit by another instance wakes it too (LISTEN/NOTIFY); and it
/// looks every second regardless, so a missed notification delays an event by a second at most.
final class LiveEvents: Sendable {
  /// Events replayed to a reconnecting client at most; past that it is told to reload.
  static let replayLimit = 1_000
  /// How often the log is read when nothing wakes the dispatcher.
  static let pollInterval: Duration = .seconds(1)
  /// The dispatcher thread's name, as `ps`, `perf` and debuggers show it. On Linux a name is
  /// applied only when the thread sets it itself and only up to 15 bytes; otherwise the thread
  /// keeps the name of the thread that started it (a web worker's).
  static let threadName = "live-events"

  private let environment: ServerEnvironment
  private let wakeUp = DispatchSemaphore(value: 0)

  private struct State {
    var subscribers: [ObjectIdentifier: Subscriber] = [:]
    /// The newest event the dispatcher has handed out.
    var delivered: Int64 = 0
    var isRunning = false
    var isStopped = false
    /// When the next slice of the streams is due a heartbeat, and which slice that is.
    var nextHeartbeat: ContinuousClock.Instant
    var heartbeatSlice = 0
    /// Streams opened so far: each new one takes the next slice.
    var opened = 0
    /// Ends the listening for other instances' commits, when the database offers it.
    var stopListening: (@Sendable () -> Void)?
  }

  private let state: Mutex<State>

  init(environment: ServerEnvironment) {
    self.environment = environment
    let step = environment.eventHeartbeatInterval / Self.heartbeatSlices(environment.eventHeartbeatInterval)
    state = Mutex(State(nextHeartbeat: .now + step))
  }

  /// Streams open now.
  var subscriberCount: Int { state.withLock { $0.subscribers.count } }

  /// Something may have been written: look for new events now.
  func wake() {
    if state.withLock({ $0.isRunning }) { wakeUp.signal() }
  }

  /// Ends every stream and the dispatcher thread.
  func stop() {
    let (subscribers, stopListening) = state.withLock { state -> ([Subscriber], (@Sendable () -> Void)?) in
      state.isStopped = true
      return (Array(state.subscribers.values), state.stopListening)
    }
    stopListening?()
    for subscriber in subscribers { subscriber.stream.close() }
    wakeUp.signal()
  }

  // MARK: - Subscribing

  /// Sends `listener` the events after `lastEventID` that were meant for them, then every new
  /// one until the stream ends. Without `lastEventID` only new events are sent.
  func subscribe(
    _ stream: HTTPStream, listener: EventListener, lastEventID: Int64?, expiresAt: Date?
  ) throws {
    let slot = state.withLock { state in
      defer { state.opened &+= 1 }
      return state.opened
    }
    let subscriber = Subscriber(stream: stream, listener: listener, expiresAt: expiresAt, slot: slot)
    try startIfNeeded()
    // The subscriber stays locked from registration to the end of its replay, so the
    // dispatcher cannot send it a newer event before the older ones.
    try subscriber.sent.withLock { sent in
      let key = ObjectIdentifier(subscriber)
      state.withLock { $0.subscribers[key] = subscriber }
      stream.onEnd { [weak self] in _ = self?.state.withLock { $0.subscribers.removeValue(forKey: key) } }
      let latest = try environment.database.read { try LiveEventStore($0).latestID() }
      guard let lastEventID, lastEventID < latest else {
        sent = latest
        return
      }
      let missed = try environment.database.read {
        try LiveEventStore($0).events(after: lastEventID, limit: Self.replayLimit + 1)
      }
      if missed.count > Self.replayLimit || (missed.first.map { $0.id > lastEventID + 1 } ?? false) {
        // Too much was missed, or what was missed is no longer kept: start afresh.
        stream.write(Self.frame(id: latest, kind: "reset", data: "{}"))
        sent = latest
        return
      }
      subscriber.send(missed, after: &sent)
      sent = max(sent, latest)
    }
    if state.withLock({ $0.isStopped }) { stream.close() }
  }

  /// Sends an event to every open stream at once, without keeping it in the log: for what
  /// is worth nothing a second later (a sensor's new value), which a reconnecting page reloads
  /// instead of replaying. It carries no id, so a stream's `Last-Event-ID` does not move.
  func broadcast(kind: String, data: String) {
    let frame = Array("event: \(kind)\ndata: \(data)\n\n".utf8)
    let subscribers = state.withLock { Array($0.subscribers.values) }
    for subscriber in subscribers {
      // Under the subscriber's lock, so it never lands inside a replay's frames.
      _ = subscriber.sent.withLock { _ in subscriber.stream.write(frame) }
    }
  }

  // MARK: - Dispatching

  private func startIfNeeded() throws {
    let mustStart = state.withLock { state -> Bool in
      guard !state.isRunning, !state.isStopped else { return false }
      state.isRunning = true
      return true
    }
    guard mustStart else { return }
    let latest = try environment.database.read { try LiveEventStore($0).latestID() }
    state.withLock { $0.delivered = latest }
    let stopListening = (environment.database as? any DatabaseNotifications)?.listen(on: LiveEventStore.channel) {
      [weak self] in self?.wake()
    }
    state.withLock { $0.stopListening = stopListening }
    let interval = min(Self.pollInterval, environment.eventHeartbeatInterval)
    let nanoseconds =
      Int(interval.components.seconds) * 1_000_000_000 + Int(interval.components.attoseconds / 1_000_000_000)
    let thread = Thread { [weak self, wakeUp] in
      Thread.current.name = Self.threadName
      // The listening ends with the dispatcher, also when the hub is released unstopped.
      defer { stopListening?() }
      while true {
        _ = wakeUp.wait(timeout: .now() + .nanoseconds(nanoseconds))
        guard let hub = self, hub.dispatchOnce() else { return }
      }
    }
    thread.start()
  }

  /// Sends new events and due heartbeats; false once the hub is stopped.
  private func dispatchOnce() -> Bool {
    let (delivered, stopped) = state.withLock { ($0.delivered, $0.isStopped) }
    guard !stopped else { return false }
    do {
      var after = delivered
      while true {
        let events = try environment.database.read { try LiveEventStore($0).events(after: after, limit: 500) }
        guard let last = events.last else { break }
        // The streams are listed after the read, not before: one that opened while the read
        // ran would otherwise miss what it found. One that opens after this list is made
        // starts after these events, since it reads the newest id once registered and these
        // were committed before this read.
        let subscribers = state.withLock { Array($0.subscribers.values) }
        for subscriber in subscribers { subscriber.sent.withLock { subscriber.send(events, after: &$0) } }
        after = last.id
        if events.count < 500 { break }
      }
      state.withLock { $0.delivered = after }
    } catch {
      environment.log.write(ErrorLogEntry(requestId: "live-events", error: String(describing: error)).line)
    }
    heartbeatIfDue()
    return true
  }

  /// How many slices the streams' heartbeats are spread over: one for each time the
  /// dispatcher looks within an interval. Sent to every stream at once, a heartbeat resumed
  /// every parked connection together: with 19,400 streams open, one `/healthz` measurement
  /// in three (5 s each) had a p99 of 45 to 56 ms instead of 3 to 5 (`bench/README.md`).
  static func heartbeatSlices(_ interval: Duration) -> Int {
    max(1, Int(interval / min(pollInterval, interval)))
  }

  /// A comment line on each stream of the slices now due, so that every stream gets one each
  /// interval; streams whose token expired are ended instead, and the client reconnects with
  /// a fresh one. The streams are listed only when a slice is due.
  private func heartbeatIfDue() {
    let interval = environment.eventHeartbeatInterval
    let slices = Self.heartbeatSlices(interval)
    let subscribers = state.withLock { state -> [Subscriber]? in
      let now = ContinuousClock.now
      guard now >= state.nextHeartbeat else { return nil }
      var due = Set<Int>()
      // Slices the dispatcher passed while busy go now, at most one whole round of them.
      while now >= state.nextHeartbeat && due.count < slices {
        due.insert(state.heartbeatSlice)
        state.heartbeatSlice = (state.heartbeatSlice + 1) % slices
        state.nextHeartbeat += interval / slices
      }
      if now >= state.nextHeartbeat { state.nextHeartbeat = now + interval / slices }
      return state.subscribers.values.filter { due.contains($0.slot % slices) }
    }
    guard let subscribers else { return }
    let now = environment.now()
    for subscriber in subscribers {
      if let expiry = subscriber.expiresAt, expiry <= now {
        subscriber.stream.close()
      } else {
        subscriber.stream.write(Array(": heartbeat\n\n".utf8))
      }
    }
  }

  /// One event in the text/event-stream format (the data is one line of JSON).
  static func frame(id: Int64, kind: String, data: String) -> [UInt8] {
    Array("id: \(id)\nevent: \(kind)\ndata: \(data)\n\n".utf8)
  }

  /// An open stream and who listens on it.
  private final class Subscriber: Sendable {
    let stream: HTTPStream
    let listener: EventListener
    let expiresAt: Date?
    /// Which heartbeat slice the stream is in (`heartbeatSlices`): the order it opened in.
    let slot: Int
    /// The newest event id considered for this stream.
    let sent = Mutex<Int64>(0)

    init(stream: HTTPStream, listener: EventListener, expiresAt: Date?, slot: Int) {
      self.stream = stream
      self.listener = listener
      self.expiresAt = expiresAt
      self.slot = slot
    }

    /// Writes the events newer than `sent` that are meant for this listener; call with `sent`
    /// locked.
    func send(_ events: [LiveEventStore.Event], after sent: inout Int64) {
      for event in events where event.id > sent {
        if event.audience.includes(listener) {
          stream.write(LiveEvents.frame(id: event.id, kind: event.kind, data: event.data))
        }
        sent = event.id
      }
    }
  }
}

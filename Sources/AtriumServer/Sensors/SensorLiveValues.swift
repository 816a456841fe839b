import AtriumServices
import AtriumStore
import Foundation
import Synchronization

/// New sensor values to open pages: once a second, every instance reads the last values that
/// arrived since it last looked (whichever instance wrote them) and sends them to its own
/// streams as one `sensorValues` event, so a sensor's value reaches a page at most once a
/// second. Not kept in the live-event log: a page that reconnects reloads the values.
final class SensorLiveValues: Sendable {
  private let environment: ServerEnvironment
  private let liveEvents: LiveEvents
  /// What was sent last, per sensor and kind, and how far back to look next time: a flush on
  /// another instance may commit a value received a little before one already sent.
  private let state = Mutex(State())

  private struct State {
    var sent: [String: Int64] = [:]
    var lookFrom: Int64?
  }

  /// How far before the newest value sent the next look starts.
  static let overlap: Int64 = 5_000

  init(environment: ServerEnvironment, liveEvents: LiveEvents) {
    self.environment = environment
    self.liveEvents = liveEvents
  }

  /// Sends what is new; nothing when no stream is open.
  /// - Returns: How many values were sent.
  @discardableResult
  func dispatch() throws -> Int {
    let now = environment.now().milliseconds
    let lookFrom = state.withLock { $0.lookFrom } ?? (now - Self.overlap)
    guard liveEvents.subscriberCount > 0 else {
      state.withLock { $0.lookFrom = now - Self.overlap }
      return 0
    }
    let rows = try environment.database.read { try SensorReadingStore($0).lastValues(after: lookFrom) }
    var values: [String: [String: [String: Any]]] = [:]
    var newest = lookFrom + Self.overlap
    state.withLock { state in
      for (sensor, reading) in rows {
        let key = sensor + "/" + reading.kind.rawValue
        guard reading.at > (state.sent[key] ?? .min) else { continue }
        state.sent[key] = reading.at
        newest = max(newest, reading.at)
        values[sensor, default: [:]][reading.kind.rawValue] = [
          "value": reading.value, "at": Instant.text(reading.at),
        ]
      }
      state.lookFrom = newest - Self.overlap
    }
    guard !values.isEmpty else { return 0 }
    let data = try JSONSerialization.data(withJSONObject: ["sensors": values], options: [.sortedKeys])
    liveEvents.broadcast(kind: "sensorValues", data: String(decoding: data, as: UTF8.self))
    return values.values.reduce(0) { $0 + $1.count }
  }
}

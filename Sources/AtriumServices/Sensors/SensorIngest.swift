import AtriumDomain
import AtriumSQL
import AtriumStore
import Foundation
import Synchronization

/// Readings from the broker into the database. Each message is checked as it arrives (on the
/// MQTT client's thread, quickly) and kept in memory; `flush()`, run every short interval,
/// writes everything kept in one transaction, so ingestion never costs a transaction per
/// message. A reading acknowledged by the broker but not yet flushed is lost if the process
/// is killed: at most one interval's worth.
package final class SensorIngest: Sendable {
  let environment: ServerEnvironment
  private let pending = Mutex(Pending())
  /// The registered sensors and their kinds, read again when an unknown id publishes (at
  /// most once a second) and told of registrations and deletions by `learn` and `forget`.
  private let known = Mutex(Known())

  struct Pending {
    var readings: [String: [SensorReading]] = [:]
    var refused: [String: [ReadingRefusal]] = [:]
  }

  struct Known {
    var kinds: [String: Set<SensorKind>] = [:]
    var readAt: Int64?
  }

  package init(environment: ServerEnvironment) {
    self.environment = environment
  }

  /// Takes a message: its readings or refusals wait for the next flush. A topic that is not
  /// a sensor's readings, or a sensor that is not registered, is ignored.
  package func receive(topic: String, payload: [UInt8]) {
    guard let sensor = SensorPayload.sensorID(inTopic: topic), let kinds = kinds(of: sensor) else { return }
    let (readings, refusals) = SensorPayload.parse(payload, registered: kinds, at: environment.now().milliseconds)
    pending.withLock { pending in
      if !readings.isEmpty { pending.readings[sensor, default: []] += readings }
      if !refusals.isEmpty { pending.refused[sensor, default: []] += refusals }
    }
  }

  /// Writes what came since the last flush in one transaction.
  /// - Returns: How many readings were written.
  @discardableResult
  package func flush() throws -> Int {
    let batch = pending.withLock { pending in
      defer { pending = Pending() }
      return pending
    }
    guard !batch.readings.isEmpty || !batch.refused.isEmpty else { return 0 }
    let now = environment.now().milliseconds
    do {
      try environment.database.write { connection in
        try SensorReadingStore(connection).keep(batch.readings, refused: batch.refused, at: now)
        try SensorAlerts(environment: environment, connection: connection).evaluate(batch.readings)
      }
    } catch {
      // Kept for the next flush rather than lost (a busy database, a failover).
      pending.withLock { pending in
        pending.readings.merge(batch.readings) { $0 + $1 }
        pending.refused.merge(batch.refused) { $0 + $1 }
      }
      throw error
    }
    return batch.readings.values.reduce(0) { $0 + $1.count }
  }

  /// Fires the rules whose duration passed without a new reading; `atrium serve` runs it
  /// every second.
  package func tick() throws {
    // Most seconds nothing waits: no write transaction (and no disk flush) for them.
    guard try environment.database.read({ try !SensorAlertStore($0).pending().isEmpty }) else { return }
    try environment.database.write { try SensorAlerts(environment: environment, connection: $0).tick() }
  }

  /// A sensor registered (or its kinds changed) here.
  package func learn(_ sensorID: String, kinds: Set<SensorKind>) {
    known.withLock { $0.kinds[sensorID] = kinds }
  }

  /// A sensor deleted here: its readings stop at once.
  package func forget(_ sensorID: String) {
    known.withLock { _ = $0.kinds.removeValue(forKey: sensorID) }
  }

  private func kinds(of sensor: String) -> Set<SensorKind>? {
    let now = environment.now().milliseconds
    let (cached, mayRead) = known.withLock { known -> (Set<SensorKind>?, Bool) in
      let isDue = known.readAt.map { now - $0 >= 1_000 } ?? true
      return (known.kinds[sensor], isDue)
    }
    if let cached { return cached }
    guard mayRead else { return nil }
    let kinds = (try? environment.database.read { try SensorStore($0).kindsBySensor() }) ?? [:]
    known.withLock { known in
      known.kinds = kinds
      known.readAt = now
    }
    return kinds[sensor]
  }
}

import AtriumAPI
import AtriumDomain
import Foundation

/// A value as it was last read from the server, and when: a screen shows a saved copy's age.
public struct SavedCopy<Value: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
  public let value: Value
  public let savedAt: Date

  public init(value: Value, savedAt: Date) {
    self.value = value
    self.savedAt = savedAt
  }
}

/// Sensors, rules and templates. The list is kept with when it was read, so a screen opened
/// offline shows it and says how old it is.
public protocol SensorsRepository: Sendable {
  func cachedSensors() -> SavedCopy<SensorList>?
  func sensors() async throws(APIError) -> SensorList
  func sensor(_ id: String) async throws(APIError) -> SensorBody
  func series(_ id: String, range: SeriesRange) async throws(APIError) -> SensorSeriesBody
  func alertHistory(_ id: String) async throws(APIError) -> [AlertEventBody]
  func rules(sensorID: String?) async throws(APIError) -> [AlertRuleBody]
  func templates() async throws(APIError) -> [AlertTemplateBody]
  func createRule(_ rule: NewAlertRule) async throws(APIError) -> AlertRuleBody
  func updateRule(_ id: String, _ change: AlertRuleChange) async throws(APIError) -> AlertRuleBody
  func follow(rule id: String, _ follows: Bool) async throws(APIError)
  func register(_ sensor: NewSensor, idempotencyKey: String) async throws(APIError) -> RegisteredSensor
}

public struct LiveSensorsRepository: SensorsRepository {
  let session: ClientSession
  let cache: ClientCache
  let now: @Sendable () -> Date

  public init(session: ClientSession, cache: ClientCache, now: @escaping @Sendable () -> Date = Date.init) {
    self.session = session
    self.cache = cache
    self.now = now
  }

  public func cachedSensors() -> SavedCopy<SensorList>? { cache.get(SavedCopy<SensorList>.self, key: "sensors") }

  public func sensors() async throws(APIError) -> SensorList {
    let list = try await session.call { try await $0.sensors() }
    cache.put(SavedCopy(value: list, savedAt: now()), key: "sensors")
    return list
  }

  public func sensor(_ id: String) async throws(APIError) -> SensorBody {
    try await session.call { try await $0.sensor(id) }
  }

  public func series(_ id: String, range: SeriesRange) async throws(APIError) -> SensorSeriesBody {
    try await session.call { try await $0.sensorSeries(id, range: range) }
  }

  public func alertHistory(_ id: String) async throws(APIError) -> [AlertEventBody] {
    try await session.call { try await $0.sensorAlertHistory(id) }
  }

  public func rules(sensorID: String?) async throws(APIError) -> [AlertRuleBody] {
    try await session.call { try await $0.alertRules(sensorID: sensorID) }
  }

  public func templates() async throws(APIError) -> [AlertTemplateBody] {
    try await session.fetch(keepingAs: "alert-templates", in: cache) { try await $0.alertTemplates() }
  }

  public func createRule(_ rule: NewAlertRule) async throws(APIError) -> AlertRuleBody {
    let key = UUID().uuidString
    return try await session.call { try await $0.createAlertRule(rule, idempotencyKey: key) }
  }

  public func updateRule(_ id: String, _ change: AlertRuleChange) async throws(APIError) -> AlertRuleBody {
    let key = UUID().uuidString
    return try await session.call { try await $0.updateAlertRule(id, change, idempotencyKey: key) }
  }

  public func follow(rule id: String, _ follows: Bool) async throws(APIError) {
    let key = UUID().uuidString
    try await session.call { try await $0.followAlertRule(id, follows, idempotencyKey: key) }
  }

  /// A new password for the sensor (shown once); the old one stops working.
  public func rotatePassword(_ id: String) async throws(APIError) -> MQTTCredentials {
    try await session.call { try await $0.rotateSensorPassword(id) }
  }

  /// The key is the caller's, kept across its retries, so a lost answer makes no second sensor.
  public func register(_ sensor: NewSensor, idempotencyKey: String) async throws(APIError) -> RegisteredSensor {
    try await session.call { try await $0.registerSensor(sensor, idempotencyKey: idempotencyKey) }
  }
}

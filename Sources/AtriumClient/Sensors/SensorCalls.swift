import AtriumAPI
import AtriumDomain
import Foundation

/// The sensors section's calls.
extension APIClient {
  public func sensors(_ filter: SensorFilter = SensorFilter()) async throws(APIError) -> SensorList {
    try await send(.sensors(.list(filter)), as: SensorList.self)
  }

  public func sensor(_ id: String) async throws(APIError) -> SensorBody {
    try await send(.sensors(.show(id: id)), as: SensorBody.self)
  }

  /// Registers a sensor; the answer's password is shown once. Retried with the same key, the
  /// same sensor answers with a new password.
  public func registerSensor(_ sensor: NewSensor, idempotencyKey: String) async throws(APIError) -> RegisteredSensor {
    try await send(.sensors(.register), body: sensor, idempotencyKey: idempotencyKey, as: RegisteredSensor.self)
  }

  public func rotateSensorPassword(_ id: String) async throws(APIError) -> MQTTCredentials {
    try await send(.sensors(.rotatePassword(id: id)), as: MQTTCredentials.self)
  }

  public func sensorSeries(_ id: String, range: SeriesRange) async throws(APIError) -> SensorSeriesBody {
    try await send(.sensors(.series(id: id, range: range)), as: SensorSeriesBody.self)
  }

  public func sensorAlertHistory(_ id: String) async throws(APIError) -> [AlertEventBody] {
    try await send(.sensors(.alerts(id: id)), as: Page<AlertEventBody>.self).items
  }

  public func alertTemplates() async throws(APIError) -> [AlertTemplateBody] {
    try await send(.sensorAlerts(.templates), as: Page<AlertTemplateBody>.self).items
  }

  public func alertRules(sensorID: String? = nil) async throws(APIError) -> [AlertRuleBody] {
    try await send(.sensorAlerts(.rules(sensorId: sensorID)), as: Page<AlertRuleBody>.self).items
  }

  public func createAlertRule(_ rule: NewAlertRule, idempotencyKey: String) async throws(APIError) -> AlertRuleBody {
    try await send(.sensorAlerts(.createRule), body: rule, idempotencyKey: idempotencyKey, as: AlertRuleBody.self)
  }

  public func updateAlertRule(
    _ id: String, _ change: AlertRuleChange, idempotencyKey: String
  ) async throws(APIError) -> AlertRuleBody {
    try await send(
      .sensorAlerts(.updateRule(id: id)), body: change, idempotencyKey: idempotencyKey, as: AlertRuleBody.self)
  }

  public func followAlertRule(_ id: String, _ follows: Bool, idempotencyKey: String) async throws(APIError) {
    try await send(
      follows ? .sensorAlerts(.follow(id: id)) : .sensorAlerts(.unfollow(id: id)), idempotencyKey: idempotencyKey)
  }
}

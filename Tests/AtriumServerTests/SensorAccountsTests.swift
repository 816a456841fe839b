import AtriumMQTT
import AtriumServer
import AtriumServices
import AtriumTestSupport
import Foundation
import Testing

/// Sensors' accounts at a real broker, made, changed and deleted through Atrium's admin
/// connection (`SensorBroker.accounts`).
@Suite(.serialized, .checksBalanceRows) struct SensorAccountsTests {
  let broker: MosquittoBroker
  let atrium: SensorBroker

  init() throws {
    broker = try MosquittoBroker()
    let settings = try broker.atriumSettings(clientID: "atrium-accounts-test")
    atrium = SensorBroker(settings: settings, environment: try TestApp().environment)
    atrium.start()
  }

  func sensor(_ username: String, _ password: String) -> MQTTClient {
    let client = MQTTClient(
      MQTTConfiguration(
        host: "127.0.0.1", port: broker.port, clientID: username + "-" + password, username: username,
        password: password, retryDelay: .milliseconds(100), maximumRetryDelay: .milliseconds(300)))
    client.start()
    return client
  }

  func isRefused(_ client: MQTTClient) -> Bool {
    waitUntil({ if case .disconnected(.refused) = client.state { true } else { false } }, deadline: 10)
  }

  @Test func anAccountIsMade_itsPasswordChanged_andWhenDeletedItsConnectionEnds() throws {
    defer { atrium.stop() }
    #expect(atrium.waitUntilConnected())
    let accounts = atrium.accounts
    try accounts.create(sensorID: "x1", password: "first-password")
    #expect(throws: SensorAccountError.self) { try accounts.create(sensorID: "x1", password: "again") }
    let first = sensor("x1", "first-password")
    defer { first.stop() }
    #expect(first.waitUntilConnected())

    try accounts.setPassword(sensorID: "x1", password: "second-password")
    let old = sensor("x1", "first-password")
    defer { old.stop() }
    #expect(isRefused(old), "the old password no longer opens")
    let second = sensor("x1", "second-password")
    defer { second.stop() }
    #expect(second.waitUntilConnected())

    try accounts.delete(sensorID: "x1")
    #expect(waitUntil({ second.state != .connected }, deadline: 10), "kicked at once")
    #expect(isRefused(second), "and refused from then on")
    // Its name is free again: a sensor registered anew may take it.
    try accounts.create(sensorID: "x1", password: "third-password")
  }

  @Test func withoutTheBrokerTheAnswerSaysItIsUnavailable() throws {
    defer { atrium.stop() }
    #expect(atrium.waitUntilConnected())
    broker.stop()
    #expect(waitUntil({ !atrium.waitUntilConnected(timeout: .milliseconds(1)) }, deadline: 10))
    #expect(throws: SensorAccountError.unavailable(MQTTError.notConnected.description)) {
      try atrium.accounts.create(sensorID: "x2", password: "password")
    }
  }
}

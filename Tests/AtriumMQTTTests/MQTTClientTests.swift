import AtriumMQTT
import AtriumTestSupport
import Foundation
import Synchronization
import Testing

/// AtriumMQTT against a real Mosquitto with dynamic security: accounts made through the admin
/// API, what the broker lets each account do, sessions kept while a client is away, and the
/// client's own retries.
@Suite(.serialized) struct MQTTClientTests {
  /// Messages received, in order.
  final class Inbox: Sendable {
    let messages = Mutex<[MQTTMessage]>([])
    var texts: [String] { messages.withLock { $0.map { String(decoding: $0.payload, as: UTF8.self) } } }

    func wait(until condition: ([String]) -> Bool, seconds: Double = 10) async -> Bool {
      await eventually(deadline: seconds) { condition(texts) }
    }
  }

  func client(
    _ broker: MosquittoBroker, id: String, username: String, password: String, keepsSession: Bool = false
  ) -> MQTTClient {
    MQTTClient(
      MQTTConfiguration(
        host: "127.0.0.1", port: broker.port, clientID: id, username: username, password: password,
        keepsSession: keepsSession, retryDelay: .milliseconds(100), maximumRetryDelay: .milliseconds(500)))
  }

  /// The admin connection, listening to `filter` and answering dynamic-security commands.
  func admin(
    _ broker: MosquittoBroker, listening filter: String?, inbox: Inbox, id: String = "atrium-test"
  ) async throws -> (MQTTClient, DynamicSecurity) {
    let connection = client(
      broker, id: id, username: MosquittoBroker.adminUsername, password: broker.adminPassword, keepsSession: true)
    let security = DynamicSecurity(client: connection)
    connection.onMessage { message in
      if !security.take(message) { inbox.messages.withLock { $0.append(message) } }
    }
    if let filter { connection.subscribe(filter) }
    connection.start()
    try #require(await connection.connected(), "\(connection.state)")
    return (connection, security)
  }

  /// A sensor's account: it may publish under `sensors/<id>/` and nothing else.
  func makeSensor(_ id: String, password: String, with security: DynamicSecurity) async throws {
    try await security.run(.createRole("sensor-\(id)", acls: [.init(.publishClientSend, "sensors/\(id)/#")]))
    try await security.run(.createClient(username: id, password: password, roles: ["sensor-\(id)"]))
  }

  @Test func aSensorAccountPublishesOnItsOwnTopic_andTheBrokerDropsItsPublishOnAnothers() async throws {
    let broker = try MosquittoBroker()
    let inbox = Inbox()
    let (atrium, security) = try await admin(broker, listening: "sensors/+/readings", inbox: inbox)
    defer { atrium.stop() }
    try await makeSensor("a1", password: "secret-a1", with: security)
    try await makeSensor("b2", password: "secret-b2", with: security)
    await #expect(throws: MQTTError.rejected("Client already exists")) {
      try await security.run(.createClient(username: "a1", password: "x", roles: []))
    }
    let sensor = client(broker, id: "a1", username: "a1", password: "secret-a1")
    sensor.start()
    defer { sensor.stop() }
    #expect(await sensor.connected())
    try await sensor.publish("sensors/b2/readings", Array(#"{"kind":"co2","value":9999}"#.utf8))
    try await sensor.publish("sensors/a1/readings", Array(#"{"kind":"co2","value":812}"#.utf8))
    #expect(await inbox.wait { $0.contains(#"{"kind":"co2","value":812}"#) }, "\(broker.log)")
    // The broker keeps one client's messages in order: the refused one would have come first.
    #expect(inbox.messages.withLock { $0.map(\.topic) } == ["sensors/a1/readings"])
  }

  @Test func aDeletedAccountIsKickedAndItsNextConnectionRefused_aWrongPasswordToo() async throws {
    let broker = try MosquittoBroker()
    let (atrium, security) = try await admin(broker, listening: nil, inbox: Inbox())
    defer { atrium.stop() }
    try await makeSensor("c3", password: "secret-c3", with: security)
    let sensor = client(broker, id: "c3", username: "c3", password: "secret-c3")
    sensor.start()
    defer { sensor.stop() }
    #expect(await sensor.connected())
    try await security.run(.deleteClient(username: "c3"))
    #expect(await eventually(deadline: 10) { sensor.state != .connected }, "kicked at once")
    #expect(await eventually(deadline: 10) { if case .disconnected(.refused) = sensor.state { true } else { false } })
    let wrong = client(broker, id: "someone", username: MosquittoBroker.adminUsername, password: "not-it")
    wrong.start()
    defer { wrong.stop() }
    #expect(await eventually(deadline: 10) { if case .disconnected(.refused) = wrong.state { true } else { false } })
  }

  @Test func theFirstConnectionIsRetriedUntilTheBrokerIsThere() async throws {
    let broker = try MosquittoBroker(starts: false)
    let early = client(broker, id: "early", username: MosquittoBroker.adminUsername, password: broker.adminPassword)
    early.start()
    defer { early.stop() }
    #expect(
      await eventually(deadline: 10) { if case .disconnected(.unreachable) = early.state { true } else { false } })
    try broker.start()
    #expect(await early.connected(), "\(early.state)")
  }

  /// Readings sent while Atrium is away wait in its kept session, and come when it is back.
  @Test func messagesPublishedWhileTheSubscriberIsAwayArriveWhenItReturns() async throws {
    let broker = try MosquittoBroker()
    let first = Inbox()
    let (atrium, security) = try await admin(broker, listening: "sensors/+/readings", inbox: first)
    try await makeSensor("d4", password: "secret-d4", with: security)
    atrium.stop()
    let sensor = client(broker, id: "d4", username: "d4", password: "secret-d4")
    sensor.start()
    defer { sensor.stop() }
    #expect(await sensor.connected())
    for number in 1...50 { try await sensor.publish("sensors/d4/readings", Array("\(number)".utf8)) }
    let back = Inbox()
    let (again, _) = try await admin(broker, listening: "sensors/+/readings", inbox: back)
    defer { again.stop() }
    #expect(await back.wait { $0.count >= 50 }, "\(back.texts.count) of 50")
    #expect(back.texts == (1...50).map(String.init))
  }

  /// A broker stopped gracefully saves its queues; every reading it acknowledged reaches the
  /// subscriber, whose client reconnects by itself.
  @Test func aGracefulBrokerRestartUnderASteadyPublishLosesNoAcknowledgedMessage() async throws {
    let broker = try MosquittoBroker()
    let inbox = Inbox()
    let (atrium, security) = try await admin(broker, listening: "sensors/+/readings", inbox: inbox)
    defer { atrium.stop() }
    try await makeSensor("e5", password: "secret-e5", with: security)
    let sensor = client(broker, id: "e5", username: "e5", password: "secret-e5", keepsSession: true)
    sensor.start()
    defer { sensor.stop() }
    #expect(await sensor.connected())
    var acknowledged: [String] = []
    for number in 1...300 {
      if number == 100 { try broker.restart(graceful: true) }
      do {
        try await sensor.publish("sensors/e5/readings", Array("\(number)".utf8), timeout: .seconds(2))
        acknowledged.append("\(number)")
      } catch {
        try await Task.sleep(for: .milliseconds(20))
      }
    }
    #expect(acknowledged.count > 150, "the sensor reconnected and went on")
    #expect(
      await inbox.wait { Set($0).isSuperset(of: acknowledged) },
      "\(Set(acknowledged).subtracting(inbox.texts).sorted())")
  }
}

import AtriumAPI
import AtriumServices
import AtriumStore
import AtriumTestSupport
import Foundation
import Testing

/// How push delivery meets a push service's refusals and troubles: what it removes, what it
/// gives up, what it tries again and when (`PushDeliveryTests`' stand-in and helpers).
extension PushDeliveryTests {
  @Test(arguments: [404, 410])
  func aSubscriptionTheServiceForgotIsRemoved(status: Int) throws {
    let device = try subscribeBrowser("eva-old", for: eva)
    try service.answer("eva-old", [(status, [:], nil)])
    try approve(try ask())
    let round = try sender().sendDue()
    #expect(round.dead == 1 && round.devicesRemoved == 1)
    let devices = try JSONText.decode(
      Page<DeviceBody>.self, from: app.send(.settings(.devices), token: eva.accessToken))
    #expect(!devices.items.contains { $0.id == device }, "the device is gone from her Settings")
    #expect(try outbox().first?.status == "dead")
  }

  @Test func anEndpointInsideTheServersNetworkIsNeverPostedTo() throws {
    let device = try subscribeBrowser("eva-laptop", for: eva)
    try approve(try ask())
    var production = try #require(app.environment.push)
    production.allowsTestEndpoints = false
    let round = try PushSender(environment: app.environment, push: production, holder: "a").sendDue()
    #expect(round.devicesRemoved == 1)
    #expect(try service.received().isEmpty, "nothing reached 127.0.0.1")
    let devices = try JSONText.decode(
      Page<DeviceBody>.self, from: app.send(.settings(.devices), token: eva.accessToken))
    #expect(!devices.items.contains { $0.id == device })
    #expect(try outbox().first?.lastError?.contains("refused") == true)
  }

  @Test func aMessageTooLargeIsGivenUpAndTheDeviceStays() throws {
    let device = try subscribeBrowser("eva-laptop", for: eva)
    try service.answer("eva-laptop", [(413, [:], nil)])
    try approve(try ask())
    #expect(try sender().sendDue().dead == 1)
    let devices = try JSONText.decode(
      Page<DeviceBody>.self, from: app.send(.settings(.devices), token: eva.accessToken))
    #expect(devices.items.contains { $0.id == device })
  }

  @Test func aBusyServiceIsTriedAgainNoSoonerThanItAsked() throws {
    try subscribeBrowser("eva-laptop", for: eva)
    try service.answer("eva-laptop", [(429, ["Retry-After": "600"], nil), (503, [:], nil)])
    try approve(try ask())
    let before = app.environment.now().milliseconds
    #expect(try sender().sendDue().retried == 1)
    let row = try #require(try outbox().first)
    #expect(row.status == "pending" && row.attempts == 1)
    #expect(row.nextAttemptAt >= before + 600_000, "not before its Retry-After")
    #expect(row.lastError?.contains("429") == true)
    // Due again (as when the wait has passed): a 5xx is tried again later too, then it goes.
    try app.database.write { try $0.execute("UPDATE notification_outbox SET next_attempt_at = 0") }
    #expect(try sender().sendDue().retried == 1)
    try app.database.write { try $0.execute("UPDATE notification_outbox SET next_attempt_at = 0") }
    #expect(try sender().sendDue().sent == 1)
    #expect(try service.received().map(\.answered) == [429, 503, 201])
  }

  @Test(arguments: [(410, "Unregistered"), (400, "BadDeviceToken")])
  func aPhoneAPNsNoLongerKnowsIsRemoved(status: Int, reason: String) throws {
    let device = try registerPhone(Self.marioPhone, for: mario)
    try service.answer(Self.marioPhone, [(status, [:], reason)])
    _ = try ask()
    #expect(try sender().sendDue().devicesRemoved == 1)
    let devices = try JSONText.decode(
      Page<DeviceBody>.self, from: app.send(.settings(.devices), token: mario.accessToken))
    #expect(!devices.items.contains { $0.id == device })
  }

  @Test func anExpiredProviderTokenIsMadeAnewAndTriedOnce() throws {
    try registerPhone(Self.marioPhone, for: mario)
    try service.answer(Self.marioPhone, [(403, [:], "ExpiredProviderToken")])
    _ = try ask()
    #expect(try sender().sendDue().sent == 1)
    #expect(try service.received().map(\.answered) == [403, 200])
  }

  @Test(arguments: [429, 500, 503])
  func aPhonePushAPNsCannotTakeNowIsTriedAgain(status: Int) throws {
    try registerPhone(Self.marioPhone, for: mario)
    try service.answer(Self.marioPhone, [(status, [:], status == 429 ? "TooManyRequests" : "InternalServerError")])
    _ = try ask()
    #expect(try sender().sendDue().retried == 1)
    try app.database.write { try $0.execute("UPDATE notification_outbox SET next_attempt_at = 0") }
    #expect(try sender().sendDue().sent == 1)
  }
}

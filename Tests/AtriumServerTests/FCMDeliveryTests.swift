import AtriumAPI
import AtriumServices
import AtriumStore
import AtriumTestSupport
import Foundation
import Testing

/// Issue 18: Android apps through FCM's HTTP v1 API, against a stand-in of Google's token
/// endpoint (which checks the service account's RS256 JWT with `cryptography`) and of FCM's send
/// endpoint (which takes only the access tokens it issued).
@Suite(.serialized) struct FCMDeliveryTests {
  let service: PushServiceStandIn
  let app: TestApp
  let eva: SessionTokens
  let keys = TemporaryDirectory(prefix: "atrium-fcm")
  static let pixel = "fcm-registration-token-of-evas-pixel"

  init() throws {
    try OpenSSL.run([
      "genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", keys.path + "/key.pem",
    ])
    try OpenSSL.run(["pkey", "-in", keys.path + "/key.pem", "-pubout", "-out", keys.path + "/public.pem"])
    service = try PushServiceStandIn(fcmPublicKey: keys.path + "/public.pem")
    let fcm = FCMSettings(
      url: service.url, projectID: "atrium-demo", clientEmail: "push@atrium-demo.iam.gserviceaccount.com",
      privateKey: try String(contentsOfFile: keys.path + "/key.pem", encoding: .utf8), privateKeyID: "key-1",
      tokenURL: service.url + "/token", caFile: service.certificatePath)
    app = try TestApp { $0.push = PushSettings(fcm: fcm) }
    try service.setClock(app.environment.now())
    eva = try app.login("eva")
    let registered = app.send(
      .settings(.registerDevice), json: #"{"platform": "fcm", "token": "\#(Self.pixel)", "name": "Pixel"}"#,
      token: eva.accessToken)
    try #require(registered.status == 201)
  }

  func sender() throws -> PushSender {
    try PushSender(environment: app.environment, push: try #require(app.environment.push), holder: "instance-a")
  }

  /// Eva asks for a day off and Mario approves it; returns the request's id.
  @discardableResult
  func approvedRequest(_ day: String = "2026-04-06") throws -> String {
    let created = app.send(.leave(.create), json: #"{"start": "\#(day)", "end": "\#(day)"}"#, token: eva.accessToken)
    let id = try JSONText.decode(SavedLeave.self, from: created).request.id
    let approved = app.send(.approvals(.approve(id: id)), json: "{}", token: try app.login("mario").accessToken)
    try #require(approved.status == 200)
    return id
  }

  func devices() throws -> [DeviceBody] {
    try JSONText.decode(Page<DeviceBody>.self, from: app.send(.settings(.devices), token: eva.accessToken)).items
  }

  @Test func anApprovalReachesEvasPhoneAndTheTokenIsReused() throws {
    // One sender, as each instance runs one.
    let sender = try sender()
    let id = try approvedRequest()
    #expect(try sender.sendDue().sent == 1)
    try approvedRequest("2026-04-13")
    #expect(try sender.sendDue().sent == 1)

    let received = try service.received()
    let tokenRequests = received.filter { $0.service == "fcm-token" }
    #expect(tokenRequests.count == 1, "one access token for both pushes")
    #expect(tokenRequests.first?.error == nil, "the JWT verifies with the service account's key")
    #expect(tokenRequests.first?.jwtHeader?["alg"] == "RS256" && tokenRequests.first?.jwtHeader?["kid"] == "key-1")
    #expect(tokenRequests.first?.vapid?["iss"]?.string == "push@atrium-demo.iam.gserviceaccount.com")

    let pushes = received.filter { $0.service == "fcm" }
    try #require(pushes.count == 2)
    let first = pushes[0]
    #expect(first.name == Self.pixel && first.answered == 200)
    #expect(first.payload?["notification"]?["title"]?.string?.hasPrefix("Mario López approved your request") == true)
    #expect(first.payload?["data"]?["path"]?.string == "/time-off/requests/\(id)")
    #expect(first.payload?["data"]?["kind"]?.string == "leaveDecisions")
    #expect(first.payload?["android"]?["collapse_key"]?.string == "leaveDecisions")
    #expect(first.payload?["android"]?["notification"]?["tag"]?.string == "leaveDecisions")
  }

  @Test(arguments: [(404, "UNREGISTERED"), (400, "INVALID_ARGUMENT")])
  func aTokenFCMNoLongerTakesRemovesTheDevice(status: Int, code: String) throws {
    try service.answer(Self.pixel, [(status, [:], code)])
    try approvedRequest()
    #expect(try sender().sendDue().devicesRemoved == 1)
    #expect(try devices().isEmpty)
  }

  @Test func aRefusedAccessTokenIsReplacedOnce() throws {
    try service.answer(Self.pixel, [(401, [:], "THIRD_PARTY_AUTH_ERROR")])
    try approvedRequest()
    #expect(try sender().sendDue().sent == 1)
    let received = try service.received()
    #expect(received.filter { $0.service == "fcm-token" }.count == 2)
    #expect(received.filter { $0.service == "fcm" }.map(\.answered) == [401, 200])
  }

  @Test(arguments: [429, 503])
  func aBusyFCMIsTriedAgain(status: Int) throws {
    try service.answer(Self.pixel, [(status, ["Retry-After": "30"], "UNAVAILABLE")])
    try approvedRequest()
    #expect(try sender().sendDue().retried == 1)
    #expect(try devices().count == 1)
    try app.database.write { try $0.execute("UPDATE notification_outbox SET next_attempt_at = 0") }
    #expect(try sender().sendDue().sent == 1)
  }
}

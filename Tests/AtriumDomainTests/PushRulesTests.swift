import AtriumDomain
import Testing

/// Issue 18: what each push service's answer means, and which browser subscriptions Atrium
/// pushes to.
@Suite struct PushRulesTests {
  @Test(
    arguments: [
      (201, nil, PushResponse.delivered),
      (202, nil, .delivered),
      (404, nil, .deviceGone("the push service no longer knows the subscription (404)")),
      (410, nil, .deviceGone("the push service no longer knows the subscription (410)")),
      (413, nil, .giveUp("the message is too large for the push service (413)")),
      (429, "120", .retry("the push service asks to slow down (429)", afterSeconds: 120)),
      (429, "Wed, 21 Oct 2026 07:28:00 GMT", .retry("the push service asks to slow down (429)", afterSeconds: nil)),
      (503, "999999", .retry("the push service failed (503)", afterSeconds: 86_400)),
      (400, nil, .giveUp("the push service refused the message (400)")),
    ] as [(Int, String?, PushResponse)])
  func webPush(status: Int, retryAfter: String?, meaning: PushResponse) {
    #expect(PushResponse.webPush(status: status, retryAfter: retryAfter) == meaning)
  }

  @Test(
    arguments: [
      (200, nil, "delivered"), (410, "Unregistered", "deviceGone"), (400, "BadDeviceToken", "deviceGone"),
      (400, "DeviceTokenNotForTopic", "deviceGone"), (403, "ExpiredProviderToken", "renewCredentials"),
      (429, "TooManyRequests", "retry"), (500, "InternalServerError", "retry"), (503, "ServiceUnavailable", "retry"),
      (400, "PayloadTooLarge", "giveUp"), (413, "PayloadTooLarge", "giveUp"), (403, "TopicDisallowed", "giveUp"),
    ] as [(Int, String?, String)])
  func apns(status: Int, reason: String?, meaning: String) {
    #expect(name(of: PushResponse.apns(status: status, reason: reason, retryAfter: nil)) == meaning)
  }

  @Test(
    arguments: [
      (200, nil, "delivered"), (404, "UNREGISTERED", "deviceGone"), (400, "INVALID_ARGUMENT", "deviceGone"),
      (401, "THIRD_PARTY_AUTH_ERROR", "renewCredentials"), (429, "QUOTA_EXCEEDED", "retry"),
      (503, "UNAVAILABLE", "retry"), (403, "SENDER_ID_MISMATCH", "giveUp"),
    ] as [(Int, String?, String)])
  func fcm(status: Int, errorCode: String?, meaning: String) {
    #expect(name(of: PushResponse.fcm(status: status, errorCode: errorCode, retryAfter: nil)) == meaning)
  }

  func name(of response: PushResponse) -> String {
    switch response {
    case .delivered: "delivered"
    case .deviceGone: "deviceGone"
    case .renewCredentials: "renewCredentials"
    case .retry: "retry"
    case .giveUp: "giveUp"
    }
  }

  /// A real subscription's keys (RFC 8291's example).
  static let p256dh = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
  static let auth = "BTBZMqHH6r4Tts7J_aSIgg"

  func subscription(_ endpoint: String, p256dh: String = p256dh, auth: String = auth) -> String {
    #"{"endpoint": "\#(endpoint)", "expirationTime": null, "keys": {"p256dh": "\#(p256dh)", "auth": "\#(auth)"}}"#
  }

  @Test func aBrowsersSubscriptionIsRead() throws {
    let read = try #require(
      WebPushSubscription(token: subscription("https://push.example.net/push/abc"), allowsLoopbackHTTP: false))
    #expect(read.endpoint == "https://push.example.net/push/abc")
    #expect(read.p256dh.count == 65 && read.p256dh.first == 4 && read.auth.count == 16)
  }

  @Test(
    arguments: [
      ("http://push.example.net/x", false), ("http://127.0.0.1:9000/x", false), ("ftp://push.example.net/x", false),
      ("https://user:secret@push.example.net/x", false), ("https:///x", false), ("push.example.net/x", false),
      ("http://127.0.0.1:9000/x", true), ("http://[::1]:9000/x", true), ("http://10.0.0.1/x", true),
    ] as [(String, Bool)])
  func anEndpointMustBeHTTPS(endpoint: String, loopbackAllowed: Bool) {
    let accepted = WebPushSubscription(token: subscription(endpoint), allowsLoopbackHTTP: loopbackAllowed) != nil
    let expected = loopbackAllowed && (endpoint.contains("127.0.0.1") || endpoint.contains("[::1]"))
    #expect(accepted == expected, "\(endpoint)")
  }

  @Test func keysOfTheWrongSizeAreRefused() {
    #expect(
      WebPushSubscription(token: subscription("https://p.example/x", auth: "AAAA"), allowsLoopbackHTTP: false) == nil)
    #expect(
      WebPushSubscription(token: subscription("https://p.example/x", p256dh: Self.auth), allowsLoopbackHTTP: false)
        == nil)
    #expect(WebPushSubscription(token: "not json", allowsLoopbackHTTP: false) == nil)
    #expect(WebPushSubscription(token: #"{"endpoint": "https://p.example/x"}"#, allowsLoopbackHTTP: false) == nil)
  }
}

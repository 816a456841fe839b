/// What an answer from a push service means for the message and the device: the rule for Web
/// Push (RFC 8030), APNs and FCM, each in its own words.
public enum PushResponse: Sendable, Equatable {
  /// The service took the message.
  case delivered
  /// The device is gone for good (uninstalled, unsubscribed, a token that never was): remove
  /// it, and its messages go nowhere.
  case deviceGone(String)
  /// The credentials Atrium signs with were refused as stale: make new ones and try once more.
  case renewCredentials(String)
  /// Try again later; `afterSeconds` when the service said when (`Retry-After`).
  case retry(String, afterSeconds: Int?)
  /// This message will never be taken (too large, malformed): give it up, keep the device.
  case giveUp(String)

  /// A Web Push service's answer (RFC 8030 §5, §8.4).
  public static func webPush(status: Int, retryAfter: String?) -> PushResponse {
    switch status {
    case 200..<300: .delivered
    case 404, 410: .deviceGone("the push service no longer knows the subscription (\(status))")
    case 413: .giveUp("the message is too large for the push service (413)")
    case 429: .retry("the push service asks to slow down (429)", afterSeconds: seconds(retryAfter))
    case 500..<600: .retry("the push service failed (\(status))", afterSeconds: seconds(retryAfter))
    default: .giveUp("the push service refused the message (\(status))")
    }
  }

  /// APNs' answer: its status and the `reason` of its JSON body.
  public static func apns(status: Int, reason: String?, retryAfter: String?) -> PushResponse {
    let said = reason.map { "\(status) \($0)" } ?? "\(status)"
    switch (status, reason) {
    case (200, _): return .delivered
    case (410, _), (400, "BadDeviceToken"), (400, "DeviceTokenNotForTopic"):
      return .deviceGone("APNs no longer takes this device's token (\(said))")
    case (403, "ExpiredProviderToken"), (403, "InvalidProviderToken"):
      return .renewCredentials("APNs refused the provider token (\(said))")
    case (429, _), (500..<600, _):
      return .retry("APNs asks to try later (\(said))", afterSeconds: seconds(retryAfter))
    default:
      return .giveUp("APNs refused the message (\(said))")
    }
  }

  /// FCM HTTP v1's answer: its status and the `errorCode` of its error details.
  public static func fcm(status: Int, errorCode: String?, retryAfter: String?) -> PushResponse {
    let said = errorCode.map { "\(status) \($0)" } ?? "\(status)"
    switch (status, errorCode) {
    case (200, _): return .delivered
    case (404, _), (_, "UNREGISTERED"), (400, "INVALID_ARGUMENT"):
      return .deviceGone("FCM no longer takes this device's token (\(said))")
    case (401, _): return .renewCredentials("FCM refused the access token (\(said))")
    case (429, _), (500..<600, _):
      return .retry("FCM asks to try later (\(said))", afterSeconds: seconds(retryAfter))
    default:
      return .giveUp("FCM refused the message (\(said))")
    }
  }

  /// `Retry-After` in seconds (the date form is rare from push services and read as absent),
  /// at most a day.
  static func seconds(_ header: String?) -> Int? {
    guard let header, let value = Int(header.trimmingWhitespace), value >= 0 else { return nil }
    return min(value, 86_400)
  }
}

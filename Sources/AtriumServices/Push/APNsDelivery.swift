import AtriumCrypto
import AtriumCurl
import AtriumDomain
import AtriumStore
import Foundation
import Synchronization

/// A push to an iPhone app through APNs over HTTP/2, with token-based authentication: an ES256
/// provider token (`kid` the key's id, `iss` the team, `iat` when made) reused for 40 minutes
/// (Apple refuses one older than an hour, and one made more often than every 20 minutes), and
/// made anew at once when APNs calls it expired.
struct APNsDelivery: PushDelivery {
  let settings: APNsSettings
  let timeoutSeconds: Int
  let now: @Sendable () -> Date
  private let providerToken: ProviderToken

  init(settings: APNsSettings, timeoutSeconds: Int, now: @escaping @Sendable () -> Date) {
    self.settings = settings
    self.timeoutSeconds = timeoutSeconds
    self.now = now
    providerToken = ProviderToken(settings: settings)
  }

  /// How long APNs keeps an alert for a phone that is off: a day.
  static let expirySeconds = 86_400

  func deliver(_ message: PushMessage, to device: SettingsStore.Device) -> PushResponse {
    guard device.token.allSatisfy(\.isHexDigit), (64...200).contains(device.token.count) else {
      return .deviceGone("the device's token is not an APNs device token")
    }
    let first = send(message, to: device.token, token: providerToken.current(at: now()))
    guard case .renewCredentials = first else { return first }
    return send(message, to: device.token, token: providerToken.renewed(at: now()))
  }

  private func send(_ message: PushMessage, to deviceToken: String, token: String) -> PushResponse {
    let seconds = Int(now().timeIntervalSince1970)
    let request = HTTPClientRequest(
      url: settings.url + "/3/device/" + deviceToken,
      headers: [
        ("authorization", "bearer " + token), ("apns-topic", settings.topic), ("apns-push-type", "alert"),
        ("apns-priority", "10"), ("apns-expiration", String(seconds + Self.expirySeconds)),
        ("apns-collapse-id", String(message.kind.prefix(64))), ("content-type", "application/json"),
      ], body: Self.payload(message), requiresHTTP2: true, caFile: settings.caFile,
      connectTimeoutSeconds: min(10, timeoutSeconds), timeoutSeconds: timeoutSeconds)
    do {
      let response = try HTTPClient.send(request)
      let reason = (try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])?["reason"]
      return .apns(status: response.status, reason: reason as? String, retryAfter: response.header("retry-after"))
    } catch {
      return .retry("APNs did not answer: \(error)", afterSeconds: nil)
    }
  }

  /// The alert in the person's language, the badge, and Atrium's own keys for the app's deep
  /// link (`NotificationPayload` in the SDK reads them), within APNs' 4,096 bytes.
  static func payload(_ message: PushMessage) -> [UInt8] {
    message.fitted(within: 4096) { message in
      let object: [String: Any] = [
        "aps": [
          "alert": ["title": message.title, "body": message.body], "badge": message.badge, "sound": "default",
          "thread-id": message.kind,
        ] as [String: Any],
        "atrium": ["kind": message.kind, "path": message.path, "count": message.count] as [String: Any],
      ]
      return Array((try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data())
    }
  }
}

/// The provider token shared by every push of this instance.
private final class ProviderToken: Sendable {
  let settings: APNsSettings
  private let kept = Mutex<(token: String, madeAt: Int)?>(nil)
  static let reuseSeconds = 40 * 60

  init(settings: APNsSettings) {
    self.settings = settings
  }

  func current(at instant: Date) -> String {
    let seconds = Int(instant.timeIntervalSince1970)
    return kept.withLock { kept in
      if let token = kept, seconds - token.madeAt < Self.reuseSeconds, token.madeAt <= seconds { return token.token }
      let token = make(at: seconds)
      kept = (token, seconds)
      return token
    }
  }

  func renewed(at instant: Date) -> String {
    let seconds = Int(instant.timeIntervalSince1970)
    let token = make(at: seconds)
    kept.withLock { $0 = (token, seconds) }
    return token
  }

  private func make(at seconds: Int) -> String {
    guard let key = P256Key(privateKey: settings.privateKey) else { return "" }
    return JSONWebToken.es256(
      header: ["kid": settings.keyID], claims: ["iss": settings.teamID, "iat": seconds], key: key)
  }
}

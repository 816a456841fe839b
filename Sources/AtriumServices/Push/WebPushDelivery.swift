import AtriumCrypto
import AtriumCurl
import AtriumDomain
import AtriumStore
import Foundation
import Synchronization

/// Web Push to a browser (RFC 8030): the message encrypted for the subscription (RFC 8291),
/// the VAPID `Authorization` (RFC 8292), and `Topic` set to the kind, so a push service still
/// holding an undelivered one of the same kind for an offline browser replaces it.
struct WebPushDelivery: PushDelivery {
  let settings: PushSettings
  let vapid: VapidSigner
  /// How long a push service keeps a message for a browser that is offline: a day.
  static let timeToLive = 86_400

  func deliver(_ message: PushMessage, to device: SettingsStore.Device) -> PushResponse {
    guard
      let subscription = WebPushSubscription(token: device.token, allowsLoopbackHTTP: settings.allowsTestEndpoints),
      let audience = VapidToken.audience(of: subscription.endpoint)
    else { return .deviceGone("the device's token is not a push subscription Atrium can use") }
    if !settings.allowsTestEndpoints, let url = URL(string: subscription.endpoint),
      let refusal = FeedAddressPolicy().refusal(for: url)
    {
      // Push services are on the internet; an endpoint inside the server's network is not one.
      return .deviceGone("the subscription's endpoint is refused: \(refusal.text(in: .en))")
    }
    let body: [UInt8]
    do {
      body = try WebPushEncryption.encrypt(
        message.webPushPayload(), to: subscription.p256dh, authSecret: subscription.auth)
    } catch {
      return .deviceGone("the subscription's keys cannot encrypt a message (\(error))")
    }
    let request = HTTPClientRequest(
      url: subscription.endpoint,
      headers: [
        ("Authorization", vapid.token(for: audience).authorization), ("TTL", String(Self.timeToLive)),
        ("Urgency", "normal"), ("Topic", message.kind.filter { $0.isLetter || $0.isNumber }.prefix(32).description),
        ("Content-Encoding", "aes128gcm"), ("Content-Type", "application/octet-stream"),
      ], body: body, caFile: settings.caFile, connectTimeoutSeconds: min(10, settings.timeoutSeconds),
      timeoutSeconds: settings.timeoutSeconds)
    do {
      let response = try HTTPClient.send(request)
      return .webPush(status: response.status, retryAfter: response.header("Retry-After"))
    } catch {
      return .retry("the push service did not answer: \(error)", afterSeconds: nil)
    }
  }
}

/// The installation's VAPID key and the tokens it signed, one per push service origin, each
/// reused for up to an hour (a push service checks one signature instead of one per message).
final class VapidSigner: Sendable {
  let key: P256Key
  let contact: String?
  let now: @Sendable () -> Date
  private let tokens = Mutex<[String: (token: VapidToken, madeAt: Int)]>([:])
  /// A token is made anew after this many seconds; it is valid for twelve hours.
  static let reuseSeconds = 3600

  init(key: P256Key, contact: String?, now: @escaping @Sendable () -> Date) {
    self.key = key
    self.contact = contact
    self.now = now
  }

  func token(for audience: String) -> VapidToken {
    let seconds = Int(now().timeIntervalSince1970)
    return tokens.withLock { tokens in
      if let kept = tokens[audience], seconds - kept.madeAt < Self.reuseSeconds, kept.madeAt <= seconds {
        return kept.token
      }
      let token = VapidToken(audience: audience, subject: contact, expiresAt: seconds + 12 * 3600, key: key)
      tokens[audience] = (token, seconds)
      return token
    }
  }
}

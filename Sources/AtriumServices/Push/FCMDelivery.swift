import AtriumCurl
import AtriumDomain
import AtriumStore
import Foundation
import Synchronization

/// FCM's HTTP v1 API, for Android apps: a push is `POST …/v1/projects/<project>/messages:send`
/// with an OAuth 2.0 access token, which a service account's RS256 JWT is exchanged for at its
/// token endpoint and kept until shortly before it expires (or until FCM refuses it: then one
/// new token and one more try).
struct FCMDelivery: PushDelivery {
  let settings: FCMSettings
  let timeoutSeconds: Int
  let now: @Sendable () -> Date
  private let accessToken = KeptToken()

  init(settings: FCMSettings, timeoutSeconds: Int, now: @escaping @Sendable () -> Date) {
    self.settings = settings
    self.timeoutSeconds = timeoutSeconds
    self.now = now
  }

  /// What FCM asks for: the scope of the token.
  static let scope = "https://www.googleapis.com/auth/firebase.messaging"

  func deliver(_ message: PushMessage, to device: SettingsStore.Device) -> PushResponse {
    let first = send(message, to: device.token, renewing: false)
    guard case .renewCredentials = first else { return first }
    return send(message, to: device.token, renewing: true)
  }

  private func send(_ message: PushMessage, to deviceToken: String, renewing: Bool) -> PushResponse {
    let token: String
    do {
      token = try currentToken(renewing: renewing)
    } catch {
      return .retry("no access token from \(settings.tokenURL): \(error)", afterSeconds: nil)
    }
    let request = HTTPClientRequest(
      url: settings.url + "/v1/projects/\(settings.projectID)/messages:send",
      headers: [("Authorization", "Bearer " + token), ("Content-Type", "application/json; charset=utf-8")],
      body: Self.payload(message, to: deviceToken), caFile: settings.caFile,
      connectTimeoutSeconds: min(10, timeoutSeconds), timeoutSeconds: timeoutSeconds)
    do {
      let response = try HTTPClient.send(request)
      return .fcm(
        status: response.status, errorCode: Self.errorCode(response.body),
        retryAfter: response.header("Retry-After"))
    } catch {
      return .retry("FCM did not answer: \(error)", afterSeconds: nil)
    }
  }

  /// The kept access token, or a new one when there is none, it is about to expire, or FCM
  /// refused it.
  private func currentToken(renewing: Bool) throws -> String {
    let instant = now()
    if !renewing, let kept = accessToken.kept.withLock({ $0 }), kept.until > instant { return kept.token }
    let seconds = Int(instant.timeIntervalSince1970)
    guard
      let assertion = JSONWebToken.rs256(
        header: settings.privateKeyID.map { ["kid": $0] } ?? [:],
        claims: [
          "iss": settings.clientEmail, "scope": Self.scope, "aud": settings.tokenURL, "iat": seconds,
          "exp": seconds + 3600,
        ], pem: settings.privateKey)
    else { throw TokenFailure(description: "the service account's private key is not an RSA key") }
    let form = "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion=" + assertion
    let response = try HTTPClient.send(
      HTTPClientRequest(
        url: settings.tokenURL, headers: [("Content-Type", "application/x-www-form-urlencoded")],
        body: Array(form.utf8), caFile: settings.caFile, connectTimeoutSeconds: min(10, timeoutSeconds),
        timeoutSeconds: timeoutSeconds))
    let answer = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
    guard response.status == 200, let token = answer?["access_token"] as? String else {
      throw TokenFailure(description: "the token endpoint answered \(response.status)")
    }
    let lifetime = (answer?["expires_in"] as? Int) ?? 3600
    // A minute's margin, so a token is not used as it expires.
    accessToken.kept.withLock { $0 = (token, instant.addingTimeInterval(Double(max(lifetime - 60, 0)))) }
    return token
  }

  /// The notification in the person's language, Atrium's keys for the app's deep link (FCM's
  /// `data` takes strings only), and Android's collapse key and tag of the kind.
  static func payload(_ message: PushMessage, to token: String) -> [UInt8] {
    // FCM's ceiling is 4,096 bytes of the message, not counting the token.
    message.fitted(within: 4000 + token.utf8.count) { message in
      let object: [String: Any] = [
        "message": [
          "token": token,
          "notification": ["title": message.title, "body": message.body],
          "data": ["kind": message.kind, "path": message.path, "count": String(message.count)],
          "android": [
            "collapse_key": message.kind, "priority": "HIGH", "ttl": "86400s",
            "notification": ["tag": message.kind, "notification_count": message.badge] as [String: Any],
          ] as [String: Any],
        ] as [String: Any]
      ]
      return Array((try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data())
    }
  }

  /// The `errorCode` of FCM's error details (`UNREGISTERED`), else the error's `status`.
  static func errorCode(_ body: [UInt8]) -> String? {
    guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
      let error = object["error"] as? [String: Any]
    else { return nil }
    let details = error["details"] as? [[String: Any]] ?? []
    return details.compactMap { $0["errorCode"] as? String }.first ?? error["status"] as? String
  }
}

/// The access token this instance holds, shared by its pushes.
private final class KeptToken: Sendable {
  let kept = Mutex<(token: String, until: Date)?>(nil)
}

private struct TokenFailure: Error, CustomStringConvertible {
  let description: String
}

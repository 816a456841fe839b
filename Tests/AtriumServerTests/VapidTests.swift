import AtriumAPI
import AtriumCrypto
import AtriumServices
import AtriumTestSupport
import Foundation
import Testing

/// Issue 18 (first slice): the installation's VAPID key, one for every instance, and the
/// RFC 8292 token push requests carry.
@Suite(.checksBalanceRows) struct VapidTests {
  @Test func everyInstanceOffersTheSameKey() throws {
    let app = try TestApp()
    let eva = try app.login("eva").accessToken
    let first = try JSONText.decode(VapidPublicKey.self, from: app.send(.settings(.vapidPublicKey), token: eva))
    let again = try JSONText.decode(VapidPublicKey.self, from: app.send(.settings(.vapidPublicKey), token: eva))
    let other = try TestApp(secondInstanceOf: app)
    let there = try JSONText.decode(
      VapidPublicKey.self, from: other.send(.settings(.vapidPublicKey), token: try other.login("mario").accessToken))
    #expect(first == again && first == there)
    let point = try #require(Base64URL.decode(first.key))
    #expect(point.count == 65 && point.first == 4, "an uncompressed P-256 point")
    #expect(app.send(.settings(.vapidPublicKey)).status == 401)
  }

  @Test func theTokenNamesThePushServiceAndVerifiesWithTheKey() throws {
    let key = P256Key()
    let token = VapidToken(
      audience: "https://push.example.net", subject: "mailto:admin@atrium-demo.example", expiresAt: 1_772_500_000,
      key: key)
    let parts = token.jwt.split(separator: ".").map(String.init)
    try #require(parts.count == 3)
    let header =
      try JSONSerialization.jsonObject(with: Data(try #require(Base64URL.decode(parts[0])))) as? [String: Any]
    let claims =
      try JSONSerialization.jsonObject(with: Data(try #require(Base64URL.decode(parts[1])))) as? [String: Any]
    #expect(header?["alg"] as? String == "ES256" && header?["typ"] as? String == "JWT")
    #expect(claims?["aud"] as? String == "https://push.example.net")
    #expect(claims?["exp"] as? Int == 1_772_500_000)
    #expect(claims?["sub"] as? String == "mailto:admin@atrium-demo.example")
    let signature = try #require(Base64URL.decode(parts[2]))
    #expect(P256Key.verifyES256(signature, of: Array("\(parts[0]).\(parts[1])".utf8), publicKey: key.publicKey))
    #expect(token.authorization == "vapid t=\(token.jwt), k=\(Base64URL.encode(key.publicKey))")
    #expect(VapidToken.audience(of: "https://fcm.googleapis.com/fcm/send/abc:def") == "https://fcm.googleapis.com")
    #expect(VapidToken.audience(of: "http://127.0.0.1:8443/push/1") == "http://127.0.0.1:8443")
  }
}

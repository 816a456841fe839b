import AtriumCrypto
import AtriumServices
import AtriumTestSupport
import Foundation
import Testing

/// Issue 18: how `atrium serve` reads its push settings, and Apple's `.p8` key.
@Suite struct PushSettingsTests {
  @Test func webPushIsOnWithTheMailAddressAsContact() throws {
    let push = try PushSettings.from(environment: [:], mailFrom: "atrium@atrium-demo.example", publicURL: nil)
    #expect(push.contact == "mailto:atrium@atrium-demo.example")
    #expect(push.platforms == ["webpush"] && !push.allowsTestEndpoints)
    let bare = try PushSettings.from(environment: [:], mailFrom: nil, publicURL: "https://atrium.example.com")
    #expect(bare.contact == "https://atrium.example.com")
    #expect(throws: PushSettingsProblem.self) {
      try PushSettings.from(environment: ["ATRIUM_PUSH_CONTACT": "ops@example.com"], mailFrom: nil, publicURL: nil)
    }
    #expect(throws: PushSettingsProblem.self) {
      try PushSettings.from(environment: ["ATRIUM_PUSH_INSECURE_ENDPOINTS": "yes"], mailFrom: nil, publicURL: nil)
    }
  }

  @Test func apnsTakesApplesKeyFile() throws {
    let folder = TemporaryDirectory(prefix: "atrium-p8")
    let path = folder.path + "/AuthKey_KEY1234567.p8"
    // What Apple hands out: a PKCS#8 PEM of a P-256 key.
    _ = try OpenSSL.run(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", path])
    let environment = [
      "ATRIUM_APNS_KEY_FILE": path, "ATRIUM_APNS_KEY_ID": "KEY1234567", "ATRIUM_APNS_TEAM_ID": "TEAM123456",
      "ATRIUM_APNS_TOPIC": "com.example.atrium", "ATRIUM_APNS_URL": "sandbox",
    ]
    let push = try PushSettings.from(environment: environment, mailFrom: nil, publicURL: nil)
    let apns = try #require(push.apns)
    #expect(apns.url == "https://api.sandbox.push.apple.com")
    #expect(push.platforms == ["webpush", "apns"])
    // The key read is the file's: its public point is the one openssl derives.
    let point = try OpenSSL.run(["pkey", "-in", path, "-pubout", "-outform", "DER"])
    #expect(Array(point.suffix(65)) == P256Key(privateKey: apns.privateKey)?.publicKey)

    var partial = environment
    partial["ATRIUM_APNS_TOPIC"] = nil
    #expect(throws: PushSettingsProblem.self) {
      try PushSettings.from(environment: partial, mailFrom: nil, publicURL: nil)
    }
    try "not a key".write(toFile: path, atomically: true, encoding: .utf8)
    #expect(throws: PushSettingsProblem.self) {
      try PushSettings.from(environment: environment, mailFrom: nil, publicURL: nil)
    }
  }

  @Test func fcmTakesAServiceAccountsKeyFile() throws {
    let folder = TemporaryDirectory(prefix: "atrium-fcm")
    let keyPath = folder.path + "/key.pem"
    _ = try OpenSSL.run(["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", keyPath])
    let account: [String: String] = [
      "type": "service_account", "project_id": "atrium-demo", "private_key_id": "key-1",
      "private_key": try String(contentsOfFile: keyPath, encoding: .utf8),
      "client_email": "push@atrium-demo.iam.gserviceaccount.com", "token_uri": "https://oauth2.googleapis.com/token",
    ]
    let path = folder.path + "/service-account.json"
    try JSONSerialization.data(withJSONObject: account).write(to: URL(fileURLWithPath: path))
    let push = try PushSettings.from(
      environment: ["ATRIUM_FCM_SERVICE_ACCOUNT": path], mailFrom: nil, publicURL: nil)
    #expect(push.fcm?.projectID == "atrium-demo" && push.fcm?.clientEmail == "push@atrium-demo.iam.gserviceaccount.com")
    #expect(push.fcm?.url == "https://fcm.googleapis.com" && push.platforms == ["webpush", "fcm"])
    try #"{"project_id": "x"}"#.write(toFile: path, atomically: true, encoding: .utf8)
    #expect(throws: PushSettingsProblem.self) {
      try PushSettings.from(environment: ["ATRIUM_FCM_SERVICE_ACCOUNT": path], mailFrom: nil, publicURL: nil)
    }
  }

}

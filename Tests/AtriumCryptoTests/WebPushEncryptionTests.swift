import AtriumCrypto
import Testing

/// RFC 8291's worked example (section 5, intermediate values in appendix A), byte for byte.
@Suite struct WebPushEncryptionTests {
  func bytes(_ text: String) throws -> [UInt8] { try #require(Base64URL.decode(text)) }

  @Test func theRFC8291ExampleEncryptsToTheSameBytes() throws {
    let sender = try #require(P256Key(privateKey: try bytes("yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw")))
    #expect(
      sender.publicKey
        == (try bytes("BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8")))
    let subscriber = try bytes(
      "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4")
    #expect(sender.sharedSecret(with: subscriber) == (try bytes("kyrL1jIIOHEzg3sM2ZWRHDRB62YACZhhSlknJ672kSs")))
    // Appendix A's intermediate values, each from the one before.
    let secret = try #require(sender.sharedSecret(with: subscriber))
    let auth = try bytes("BTBZMqHH6r4Tts7J_aSIgg")
    let keyPRK = HKDF.extract(salt: auth, keyMaterial: secret)
    #expect(keyPRK == (try bytes("Snr3JMxaHVDXHWJn5wdC52WjpCtd2EIEGBykDcZW32k")))
    let ikm = HKDF.expand(
      keyPRK, info: Array("WebPush: info".utf8) + [0] + subscriber + sender.publicKey, length: 32)
    #expect(ikm == (try bytes("S4lYMb_L0FxCeq0WhDx813KgSYqU26kOyzWUdsXYyrg")))
    let prk = HKDF.extract(salt: try bytes("DGv6ra1nlYgDCS1FRnbzlw"), keyMaterial: ikm)
    #expect(prk == (try bytes("09_eUZGrsvxChDCGRCdkLiDXrReGOEVeSCdCcPBSJSc")))
    let cek = HKDF.expand(prk, info: Array("Content-Encoding: aes128gcm".utf8) + [0], length: 16)
    #expect(cek == (try bytes("oIhVW04MRdy2XN9CiKLxTg")))
    let nonce = HKDF.expand(prk, info: Array("Content-Encoding: nonce".utf8) + [0], length: 12)
    #expect(Base64URL.encode(nonce).hasPrefix("4h_95klXJ5E"))

    let body = try WebPushEncryption.encrypt(
      Array("When I grow up, I want to be a watermelon".utf8), to: subscriber,
      authSecret: try bytes("BTBZMqHH6r4Tts7J_aSIgg"), sender: sender, salt: try bytes("DGv6ra1nlYgDCS1FRnbzlw"))
    #expect(
      Base64URL.encode(body)
        == "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"
    )
  }

  @Test func eachMessageHasItsOwnKeyAndSalt_andBadSubscriptionsAreRefused() throws {
    let browser = P256Key()
    let auth = Crypto.randomBytes(16)
    let first = try WebPushEncryption.encrypt(Array("hi".utf8), to: browser.publicKey, authSecret: auth)
    let second = try WebPushEncryption.encrypt(Array("hi".utf8), to: browser.publicKey, authSecret: auth)
    #expect(first != second && first.count == 86 + 2 + 1 + 16)
    #expect(throws: WebPushEncryption.Failure.badSubscription) {
      try WebPushEncryption.encrypt([1], to: [4] + [UInt8](repeating: 7, count: 64), authSecret: auth)
    }
    #expect(throws: WebPushEncryption.Failure.tooLong) {
      try WebPushEncryption.encrypt(
        [UInt8](repeating: 0, count: WebPushEncryption.maximumPlaintext + 1), to: browser.publicKey, authSecret: auth)
    }
  }

  @Test func anES256SignatureIsRawRAndS_verifies_andNothingElseDoes() {
    let key = P256Key()
    let first = key.signES256(Array("header.payload".utf8))
    let second = key.signES256(Array("header.payload".utf8))
    #expect(first.count == 64 && second.count == 64 && first != second, "ECDSA signs with a new nonce each time")
    let message = Array("header.payload".utf8)
    #expect(P256Key.verifyES256(first, of: message, publicKey: key.publicKey))
    #expect(P256Key.verifyES256(second, of: message, publicKey: key.publicKey))
    #expect(!P256Key.verifyES256(first, of: Array("header.payloae".utf8), publicKey: key.publicKey))
    #expect(!P256Key.verifyES256(first, of: message, publicKey: P256Key().publicKey), "another key's")
    var flipped = first
    flipped[40] ^= 1
    #expect(!P256Key.verifyES256(flipped, of: message, publicKey: key.publicKey))
    #expect(P256Key(privateKey: key.privateKey)?.publicKey == key.publicKey)
    #expect(P256Key(privateKey: [UInt8](repeating: 0, count: 32)) == nil, "zero is not a key")
  }
}

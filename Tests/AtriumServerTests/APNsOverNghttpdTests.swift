import AtriumAPI
import AtriumCrypto
import AtriumServices
import AtriumTestSupport
import Foundation
import Testing

/// Issue 18: the APNs client against nghttpd (Debian's nghttp2-server), an HTTP/2 server of
/// another make than the stand-in's: it speaks HTTP/2 over TLS, and its frame log shows the
/// request line and headers APNs reads.
@Suite(.serialized) struct APNsOverNghttpdTests {
  @Test func theAlertGoesOverHTTP2WithAPNsHeaders() throws {
    let folder = TemporaryDirectory(prefix: "atrium-nghttpd")
    let port = try FreePort.loopback()
    try OpenSSL.loopbackCertificate(in: folder.path)
    let log = folder.path + "/frames.log"
    FileManager.default.createFile(atPath: log, contents: nil)
    let server = Process()
    server.executableURL = URL(fileURLWithPath: "/usr/sbin/nghttpd")
    // --echo-upload answers a POST with 200 and its body: APNs' answer to a push it took.
    server.arguments = [
      "--address=127.0.0.1", "--verbose", "--echo-upload", String(port), folder.path + "/key.pem",
      folder.path + "/cert.pem",
    ]
    server.standardOutput = FileHandle(forWritingAtPath: log)
    server.standardError = FileHandle.nullDevice
    try server.run()
    defer {
      kill(server.processIdentifier, SIGKILL)
      server.waitUntilExit()
    }
    #expect(waitUntil({ canConnect(port) }, deadline: 10), "nghttpd listens")

    let key = P256Key()
    let app = try TestApp {
      $0.push = PushSettings(
        apns: APNsSettings(
          url: "https://127.0.0.1:\(port)", privateKey: key.privateKey, keyID: "KEY1234567", teamID: "TEAM123456",
          topic: "com.example.atrium", caFile: folder.path + "/cert.pem"))
    }
    let phone = String(repeating: "c0", count: 32)
    let mario = try app.login("mario")
    #expect(
      app.send(
        .settings(.registerDevice), json: #"{"platform": "apns", "token": "\#(phone)"}"#, token: mario.accessToken
      )
      .status == 201)
    let asked = app.send(
      .leave(.create), json: #"{"start": "2026-04-06", "end": "2026-04-10"}"#, token: try app.login("eva").accessToken)
    #expect(asked.status == 201)
    let round = try PushSender(environment: app.environment, push: try #require(app.environment.push), holder: "a")
      .sendDue()
    #expect(round.sent == 1, "nghttpd's 200 is a push APNs took")

    var frames = ""
    _ = waitUntil(
      {
        frames = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return frames.contains("apns-topic")
      }, deadline: 10)
    #expect(frames.contains("recv SETTINGS frame"), "an HTTP/2 connection")
    #expect(frames.contains(":method: POST"))
    #expect(frames.contains(":path: /3/device/\(phone)"))
    #expect(frames.contains("apns-topic: com.example.atrium"))
    #expect(frames.contains("apns-push-type: alert"))
    #expect(frames.contains("apns-collapse-id: approvalsWaiting"))
    #expect(frames.contains("authorization: bearer ey"))
  }

  func canConnect(_ port: Int) -> Bool {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
  }

}

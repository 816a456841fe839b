import AtriumHTTP
import Foundation
import Testing

@Suite struct AccessLogTests {
  @Test func lineIsValidJSONEvenWithHostileText() throws {
    let entry = AccessLogEntry(
      method: "GET", path: "/a\"b\\c\n\u{1}é", status: 404, durationMs: 1.25, requestId: "abc", error: "gone \"early\"")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(entry.line.utf8)) as? [String: Any])
    #expect(object["path"] as? String == "/a\"b\\c\n\u{1}é")
    #expect(object["status"] as? Int == 404)
    #expect(object["durationMs"] as? Double == 1.25)
    #expect(object["error"] as? String == "gone \"early\"")
    let plain = AccessLogEntry(method: "GET", path: "/", status: 200, durationMs: 0.5, requestId: "x", error: nil)
    #expect(plain.line == #"{"durationMs":0.5,"method":"GET","path":"/","requestId":"x","status":200}"#)
  }
}

import AtriumAPI
import AtriumLog
import AtriumServer
import AtriumServices
import AtriumTestSupport
import AtriumWeb
import Foundation
import Testing

/// The `atrium` executable as an operator runs it: a real process, stopped by a signal.
@Suite(.serialized) struct ProcessTests {
  static func executable() throws -> URL { try AtriumBinary.url() }

  @Test func serveDemoSignsInAndStopsOnSIGTERM() throws {
    let directory = TemporaryDirectory()
    let process = Process()
    process.executableURL = try Self.executable()
    process.arguments = ["serve", "--demo", "--data", directory.path + "/data", "--port", "0"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer { if process.isRunning { process.terminate() } }

    let lines = LineReader(output.fileHandleForReading)
    let running = try #require(lines.next { $0.hasPrefix("Atrium is running at http://127.0.0.1:") })
    let port = try #require(
      Int(running.split(separator: ":")[2].prefix { $0.isNumber }))
    #expect(try lines.next { $0.contains("eva (employee)") } != nil)

    let client = try RawHTTPClient(port: port)
    let login = try client.request(
      "POST", "/api/v1/auth/login", headers: ["Content-Type: application/json"],
      body: Array(#"{"username":"eva","password":"atrium-demo"}"#.utf8))
    #expect(login.status == 200)
    let tokens = try JSONDecoder().decode(SessionTokens.self, from: Data(login.body))
    #expect(
      try client.request("GET", "/api/v1/me", headers: ["Authorization: Bearer \(tokens.accessToken)"]).status == 200)

    kill(process.processIdentifier, SIGTERM)
    #expect(try lines.next { $0 == "Stopped." } != nil)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)

    // The key stays private and survives a restart: tokens signed before still verify.
    let attributes = try FileManager.default.attributesOfItem(atPath: directory.path + "/data/signing.key")
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let key = try DataDirectory(path: directory.path + "/data").signingKey()
    #expect(try DataDirectory(path: directory.path + "/data").signingKey() == key)
  }

  @Test func refusesABadPort() throws {
    let process = Process()
    process.executableURL = try Self.executable()
    process.arguments = ["serve", "--port", "99999"]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 2)
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(message.contains("--port must be a whole number from 0 to 65535"))
  }
}

/// Reads a pipe line by line, waiting (up to a generous deadline) for a line that matches.
final class LineReader {
  private let handle: FileHandle
  private var buffer = Data()

  init(_ handle: FileHandle) {
    self.handle = handle
  }

  func next(deadline seconds: Double = 60, where matches: (String) -> Bool) throws -> String? {
    let end = Date().addingTimeInterval(seconds)
    while Date() < end {
      while let newline = buffer.firstIndex(of: 0x0a) {
        let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
        buffer.removeSubrange(buffer.startIndex...newline)
        if matches(line) { return line }
      }
      let chunk = handle.availableData
      if chunk.isEmpty { return nil }
      buffer.append(chunk)
    }
    return nil
  }
}

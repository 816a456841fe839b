import AtriumTestSupport
import Foundation
import Synchronization
import Testing

/// `atrium serve` gives a sign-in's password hash (argon2, 19 MB) back to the system once it is
/// done: left to glibc's own threshold, each thread that hashed kept one such block, about
/// 19 MB of RSS a thread for as long as the server ran (`Sources/atrium/LargeAllocations.swift`).
@Suite(.serialized) struct SignInMemoryProcessTests {
  @Test func signInsOnEveryWorkerLeaveTheServersMemoryWhereItWas() throws {
    let directory = TemporaryDirectory()
    let data = directory.path + "/data"
    let seed = Process()
    seed.executableURL = try AtriumBinary.url()
    seed.arguments = ["seed", "--data", data, "--employees", "223", "--requests-per-employee", "1"]
    seed.standardOutput = FileHandle.nullDevice
    try seed.run()
    seed.waitUntilExit()
    try #require(seed.terminationStatus == 0)

    let server = Process()
    server.executableURL = try AtriumBinary.url()
    server.arguments = [
      "serve", "--data", data, "--host", "127.0.0.1", "--port", "0", "--threads", "4", "--workers", "4",
    ]
    let output = Pipe()
    server.standardOutput = output
    server.standardError = FileHandle.nullDevice
    try server.run()
    defer {
      if server.isRunning { kill(server.processIdentifier, SIGKILL) }
      server.waitUntilExit()
    }
    let running = try #require(LineReader(output.fileHandleForReading).next { $0.contains("running at http://") })
    let port = try #require(Int(running.split(separator: ":")[2].prefix { $0.isNumber }))

    @Sendable func signIn(_ username: String) throws -> Int {
      let body = #"{"username":"\#(username)","password":"atrium-bench"}"#
      return try RawHTTPClient(port: port, timeout: 60).request(
        "POST", "/api/v1/auth/login", headers: ["Content-Type: application/json"], body: Array(body.utf8)
      ).status
    }
    // One sign-in first, so what every server holds after its first (the code, the database's
    // pages, the first hash's own arena) is in the figure compared with.
    #expect(try signIn("report.1") == 200)
    let before = try residentMegabytes(of: server.processIdentifier)
    // Sign-ins at once on every thread that hashes, twice over.
    let statuses = Mutex<[Int]>([])
    DispatchQueue.concurrentPerform(iterations: 8) { index in
      let status = (try? signIn("report.\(index + 2)")) ?? 0
      statuses.withLock { $0.append(status) }
    }
    #expect(statuses.withLock { $0 } == Array(repeating: 200, count: 8))
    let after = try residentMegabytes(of: server.processIdentifier)
    // Kept blocks would add about 19 MB for each thread past the first that hashed (57 MB or
    // more with four workers); what the server holds now for eight more sessions is far less.
    #expect(after - before < 30, "RSS went from \(before) MB to \(after) MB")
  }

  private func residentMegabytes(of pid: Int32) throws -> Double {
    let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
    let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
    let kilobytes = try #require(Double(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
    return kilobytes / 1024
  }
}

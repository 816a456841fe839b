import AtriumTestSupport
import Foundation
import Testing

/// `atrium serve` on a system that allows fewer open files than `--max-connections` asks for:
/// it says so, serves what fits, and answers the connections past that with 503 instead of
/// leaving them unaccepted.
@Suite(.serialized) struct ConnectionLimitProcessTests {
  @Test func aLowOpenFileLimitIsSaid_andConnectionsPastItAreAnswered503() throws {
    let directory = TemporaryDirectory()
    let process = Process()
    // `ulimit -n` in the shell lowers both limits before exec, as a strict system would.
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [
      "-c", #"ulimit -n 200 && exec "$0" "$@""#, try AtriumBinary.url().path, "serve", "--data",
      directory.path + "/data", "--host", "127.0.0.1", "--port", "0", "--threads", "1", "--workers", "1",
      "--max-connections", "1000",
    ]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    defer {
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      process.waitUntilExit()
    }
    let lines = LineReader(output.fileHandleForReading)
    let running = try #require(lines.next { $0.hasPrefix("Atrium is running at http://127.0.0.1:") })
    let port = try #require(Int(running.split(separator: ":")[2].prefix { $0.isNumber }))
    let warning = try #require(LineReader(errors.fileHandleForReading).next { $0.contains("open") })
    #expect(warning.contains("lets Atrium open 200 files"), "\(warning)")
    let served = try #require(
      warning.split(separator: "serving at most ").last.flatMap { Int($0.prefix { $0.isNumber }) })
    #expect((16..<200).contains(served))

    // As many pages as fit, each served and kept open...
    let open = try (0..<served).map { _ in try RawHTTPClient(port: port, timeout: 10) }
    for client in open { #expect(try client.request("GET", "/healthz").status == 200) }
    // ...and the next one is told to come back instead of waiting for an accept that never comes.
    let next = try RawHTTPClient(port: port, timeout: 10)
    let refused = try next.request("GET", "/healthz")
    #expect(refused.status == 503)
    #expect(refused.header("Retry-After") == "5")
    #expect(refused.header("Content-Type")?.hasPrefix("application/problem+json") == true)
  }
}

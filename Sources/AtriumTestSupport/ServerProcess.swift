import AtriumLog
import AtriumServices
import Foundation

/// `atrium serve` as a real process on 127.0.0.1 and a free port, for tests that kill it,
/// restart it, or run other `atrium` commands beside it. Stopped by its process id.
public final class ServerProcess: @unchecked Sendable {
  public let process = Process()
  public let port: Int
  public let dataPath: String
  private let output = Pipe()

  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }

  /// Starts the server with the demo company (created when the database is empty) and waits
  /// until it says where it listens.
  /// - Parameters:
  ///   - databaseURL: A PostgreSQL database instead of the SQLite file in `dataPath`.
  ///   - environment: Variables added to the test's own (`ATRIUM_SMTP_URL`…).
  public init(
    dataPath: String, databaseURL: String? = nil, demo: Bool = true, arguments: [String] = [],
    environment: [String: String] = [:], deadline: TimeInterval = 60
  ) throws {
    self.dataPath = dataPath
    process.executableURL = try AtriumBinary.url()
    process.arguments =
      ["serve", "--data", dataPath, "--host", "127.0.0.1", "--port", "0"] + (demo ? ["--demo"] : [])
      + (databaseURL.map { ["--database", $0] } ?? []) + arguments
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    process.standardOutput = output
    // ATRIUM_TEST_ECHO_LOG=1 shows what the server logs (see `LogRecorder`).
    let echoes = ProcessInfo.processInfo.environment["ATRIUM_TEST_ECHO_LOG"] == "1"
    // Otherwise with its output: a server that does not start says why in the failure.
    process.standardError = echoes ? FileHandle.standardError : output
    try process.run()
    var buffer = Data()
    let end = Date().addingTimeInterval(deadline)
    var found: Int?
    while found == nil, Date() < end {
      // Waits a second at a time, never past the deadline: a server that died says nothing
      // more, and its output may give no end of file (a server started at the same moment can
      // hold the pipe too), where reading would wait for ever.
      var waiting = pollfd(fd: output.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&waiting, 1, Int32(max(1, min(1000, end.timeIntervalSinceNow * 1000)))) > 0 else {
        if process.isRunning { continue } else { break }
      }
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      buffer.append(chunk)
      let text = String(decoding: buffer, as: UTF8.self)
      if let range = text.range(of: "Atrium is running at http://127.0.0.1:") {
        found = Int(text[range.upperBound...].prefix { $0.isNumber })
      }
    }
    guard let found else {
      // A server whose output ended is on its way out: a moment to learn how it ended.
      let exiting = Date().addingTimeInterval(2)
      while process.isRunning, Date() < exiting { Thread.sleep(forTimeInterval: 0.01) }
      let ended = process.isRunning ? "still running" : "ended with status \(process.terminationStatus)"
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      throw Failure(description: "atrium serve did not start (\(ended)): \(String(decoding: buffer, as: UTF8.self))")
    }
    port = found
    // Keep reading so the server never blocks on a full pipe.
    output.fileHandleForReading.readabilityHandler = { handle in
      let data = handle.availableData
      if echoes { FileHandle.standardError.write(data) }
    }
  }

  /// Kills the server at once (no shutdown of any kind) and waits for it to be gone.
  public func crash() {
    output.fileHandleForReading.readabilityHandler = nil
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }

  deinit { crash() }

  /// Runs another `atrium` command to its end; returns its exit code and what it printed.
  public static func run(
    _ arguments: [String], environment: [String: String] = [:]
  ) throws -> (
    status: Int32, output: String
  ) {
    let command = Process()
    command.executableURL = try AtriumBinary.url()
    command.arguments = arguments
    if !environment.isEmpty {
      command.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    let pipe = Pipe()
    command.standardOutput = pipe
    command.standardError = pipe
    try command.run()
    let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    command.waitUntilExit()
    return (command.terminationStatus, text)
  }
}

import Foundation

/// Runs a script of `browser-tests/` (headless Chromium through selenium) with the `.venv`'s
/// Python, which `make test` installs.
public enum BrowserScript {
  /// The repository's root.
  public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Where the scripts save their screenshots.
  public static var screenshots: String { root.appendingPathComponent("test-output/screenshots").path }

  public struct Missing: Error, CustomStringConvertible {
    public let description: String
  }

  public struct Outcome: Sendable {
    public let status: Int32
    public let output: String

    /// Exited 0 and said so.
    public var passed: Bool { status == 0 && output.contains("all steps passed") }
  }

  /// Runs `name` with `arguments` until it exits; throws when the `.venv` is missing.
  public static func run(_ name: String, _ arguments: [String]) throws -> Outcome {
    let python = root.appendingPathComponent(".venv/bin/python3")
    guard FileManager.default.isExecutableFile(atPath: python.path) else {
      throw Missing(description: "\(python.path) is missing: run make test")
    }
    let process = Process()
    process.executableURL = python
    process.arguments = [root.appendingPathComponent("browser-tests/\(name)").path] + arguments
    var environment = ProcessInfo.processInfo.environment
    environment["SE_OFFLINE"] = "true"
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return Outcome(status: process.terminationStatus, output: text)
  }
}

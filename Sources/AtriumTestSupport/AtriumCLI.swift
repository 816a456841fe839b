import Foundation

/// The `atrium` command-line client run as a person runs it: a real process with its own
/// config folder, against a server on a loopback port.
public enum AtriumCLI {
  public struct Run: Sendable, CustomStringConvertible {
    public let status: Int32
    public let output: String
    public let errors: String

    public var description: String { "exit \(status)\n\(output)\n\(errors)" }
  }

  /// - Parameters:
  ///   - config: The folder that holds the session and the cache (`XDG_CONFIG_HOME`).
  ///   - server: The port of the server to use (`ATRIUM_SERVER`); the last sign-in's when nil.
  public static func run(
    _ arguments: [String], config: String, input: String = "", server: Int? = nil, language: String = "en_US.UTF-8"
  ) throws -> Run {
    let process = Process()
    process.executableURL = try AtriumBinary.url()
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_CONFIG_HOME"] = config
    environment["LANG"] = language
    environment["ATRIUM_SERVER"] = server.map { "http://127.0.0.1:\($0)" }
    process.environment = environment
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let output = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let errors = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return Run(status: process.terminationStatus, output: output, errors: errors)
  }
}

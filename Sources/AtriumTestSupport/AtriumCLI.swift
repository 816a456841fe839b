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
  ///   - launcher: A command that runs the client (`faketime -f +1d`: a clock a day ahead).
  public static func run(
    _ arguments: [String], config: String, input: String = "", server: Int? = nil, language: String = "en_US.UTF-8",
    launcher: [String] = []
  ) throws -> Run {
    let process = try self.process(arguments, config: config, server: server, language: language, launcher: launcher)
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

  /// Starts the client and kills it (SIGKILL, as a crash or a dead battery would) after
  /// `delay`, or lets it finish when it is quicker.
  /// - Returns: Whether it had finished on its own, with success, before the kill.
  public static func runKilled(_ arguments: [String], config: String, after delay: Duration) throws -> Bool {
    let process = try self.process(arguments, config: config, server: nil, language: "en_US.UTF-8", launcher: [])
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = ContinuousClock.now + delay
    while process.isRunning, ContinuousClock.now < deadline { usleep(1_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    return process.terminationReason == .exit && process.terminationStatus == 0
  }

  private static func process(
    _ arguments: [String], config: String, server: Int?, language: String, launcher: [String]
  ) throws -> Process {
    let process = Process()
    let binary = try AtriumBinary.url()
    if let command = launcher.first {
      process.executableURL = URL(fileURLWithPath: command)
      process.arguments = launcher.dropFirst() + [binary.path] + arguments
    } else {
      process.executableURL = binary
      process.arguments = arguments
    }
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_CONFIG_HOME"] = config
    environment["LANG"] = language
    environment["ATRIUM_SERVER"] = server.map { "http://127.0.0.1:\($0)" }
    process.environment = environment
    return process
  }
}

import Foundation

/// Runs a program that a test server needs (initdb, slapadd, chown) to its end.
enum Command {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// Runs `executable` with `arguments`, as `user` (through runuser) when given; throws with
  /// what it wrote to standard error when it fails.
  static func run(_ executable: String, _ arguments: [String], as user: String? = nil) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: user == nil ? executable : "/usr/sbin/runuser")
    process.arguments = user.map { ["-u", $0, "--", executable] + arguments } ?? arguments
    let errors = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    try process.run()
    let output = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure(
        description: "\(executable) \(arguments.joined(separator: " ")) failed: "
          + String(decoding: output, as: UTF8.self))
    }
  }
}

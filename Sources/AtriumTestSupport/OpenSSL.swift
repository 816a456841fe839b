import Foundation

/// The `openssl` command, for the keys and certificates tests hand to servers and to Atrium.
public enum OpenSSL {
  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }

  /// Runs `openssl` with `arguments`; returns what it wrote to standard output.
  @discardableResult
  public static func run(_ arguments: [String]) throws -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let bytes = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure(description: "openssl \(arguments.joined(separator: " ")) failed")
    }
    return Array(bytes)
  }

  /// A self-signed certificate for 127.0.0.1 and its key, valid a day, in `folder` as
  /// `cert.pem` and `key.pem`: a loopback TLS server's, and the authority its clients trust.
  public static func loopbackCertificate(in folder: String) throws {
    try run([
      "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1", "-addext",
      "subjectAltName=IP:127.0.0.1", "-keyout", folder + "/key.pem", "-out", folder + "/cert.pem",
    ])
  }
}

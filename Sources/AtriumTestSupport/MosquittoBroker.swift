import Foundation

/// A throwaway Mosquitto broker for tests: Debian's `mosquitto` on 127.0.0.1 and a free port,
/// with the dynamic-security plugin (initialised by `mosquitto_ctrl dynsec init` with an admin
/// account), persistence in a temporary folder, and a queue large enough that nothing is
/// dropped while a client is away. Stopped by its process id: `restart(graceful:)` stops it
/// with SIGTERM (it saves its queued messages) or SIGKILL.
public final class MosquittoBroker: @unchecked Sendable {
  public static let adminUsername = "atrium-admin"
  public let adminPassword = "admin-" + UUID().uuidString.prefix(12).lowercased()
  public let port: Int
  public var url: String { "mqtt://127.0.0.1:\(port)" }
  private let folder = TemporaryDirectory(prefix: "atrium-mosquitto")
  private var process: UnmaskedProcess?

  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }

  /// - Parameter starts: Whether it starts now (a test may start it later, to see a client
  ///   wait for it).
  public init(starts: Bool = true) throws {
    port = try FreePort.loopback()
    try Command.run(
      "/usr/bin/mosquitto_ctrl",
      ["dynsec", "init", folder.path + "/dynamic-security.json", Self.adminUsername, adminPassword])
    try configuration().write(toFile: folder.path + "/mosquitto.conf", atomically: true, encoding: .utf8)
    if starts { try start() }
  }

  deinit { process?.kill() }

  /// What the broker wrote to its log (for a failing test's message).
  public var log: String {
    (try? String(contentsOfFile: folder.path + "/mosquitto.log", encoding: .utf8)) ?? ""
  }

  /// Starts the broker and waits until it accepts connections.
  public func start() throws {
    guard process == nil else { return }
    process = try UnmaskedProcess(
      "/usr/sbin/mosquitto", ["-c", folder.path + "/mosquitto.conf"], log: folder.path + "/mosquitto.log")
    let deadline = Date().addingTimeInterval(15)
    while Date() < deadline {
      if (try? RawHTTPClient(port: port, timeout: 1)) != nil { return }
      usleep(20_000)
    }
    process?.kill()
    process = nil
    throw Failure(description: "mosquitto did not start on port \(port): \(log)")
  }

  /// Stops the broker: gracefully (SIGTERM, it saves its sessions and queued messages first)
  /// or at once (SIGKILL).
  public func stop(graceful: Bool = false) {
    guard let running = process else { return }
    process = nil
    if graceful { running.terminate() } else { running.kill() }
  }

  public func restart(graceful: Bool) throws {
    stop(graceful: graceful)
    try start()
  }

  private func configuration() throws -> String {
    let plugin = ["x86_64-linux-gnu", "aarch64-linux-gnu"].map { "/usr/lib/\($0)/mosquitto_dynamic_security.so" }
      .first { FileManager.default.fileExists(atPath: $0) }
    guard let plugin else { throw Failure(description: "mosquitto's dynamic-security plugin is missing") }
    return """
      per_listener_settings false
      listener \(port) 127.0.0.1
      allow_anonymous false
      plugin \(plugin)
      plugin_opt_config_file \(folder.path)/dynamic-security.json
      persistence true
      persistence_location \(folder.path)/
      autosave_interval 1
      autosave_on_changes true
      max_queued_messages 100000
      log_dest stdout
      log_type error
      log_type warning
      log_type notice
      \(getuid() == 0 ? "user root" : "")

      """
  }
}

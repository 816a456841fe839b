import AtriumPostgres
import Foundation
import Synchronization

/// A throwaway PostgreSQL cluster for tests: Debian's `initdb` and `postgres` in a temporary
/// folder, on 127.0.0.1 and a free port, stopped by its process id. `fsync=off` spares the
/// disk: a commit still reaches the operating system before it is acknowledged, so a killed
/// server loses nothing acknowledged (only a machine crash would). As root the server runs as
/// the `postgres` user (PostgreSQL refuses root).
///
/// A watchdog process stops the server when the test process ends in any way, a crash
/// included, so no cluster outlives the tests that started it.
public final class PostgresServer: @unchecked Sendable {
  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }

  public let port: Int
  private let folder: TemporaryDirectory
  private let binaries: String
  private var server: Process?
  private var watchdog: Process?
  private let databases = Atomic<Int>(0)

  /// The cluster the tests of this process share (each test takes a database of its own),
  /// started on first use.
  public static func shared() throws -> PostgresServer {
    try sharedServer.withLock { server in
      if let server { return server }
      let started = try PostgresServer()
      server = started
      return started
    }
  }

  private static let sharedServer = Mutex<PostgresServer?>(nil)

  /// Makes a new cluster and starts it.
  public init() throws {
    let bin = try Self.binaries()
    binaries = bin
    folder = TemporaryDirectory(prefix: "atrium-postgres")
    port = try FreePort.loopback()
    let data = folder.path + "/data"
    if Self.isRoot {
      chmod(folder.path, 0o755)
      try Command.run("/bin/chown", ["postgres:postgres", folder.path])
    }
    try Command.run(
      bin + "/initdb",
      [
        "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync",
        "--no-instructions",
      ], as: Self.isRoot ? "postgres" : nil)
    try start()
  }

  deinit { stop() }

  /// Starts the server (again, after `stop`, on the same port and data) and waits until it
  /// accepts connections.
  public func start() throws {
    guard server == nil else { return }
    let data = folder.path + "/data"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.isRoot ? "/usr/sbin/runuser" : binaries + "/postgres")
    process.arguments =
      (Self.isRoot ? ["-u", "postgres", "--", binaries + "/postgres"] : [])
      + [
        "-D", data, "-p", "\(port)", "-h", "127.0.0.1", "-k", folder.path,
        "-c", "fsync=off", "-c", "full_page_writes=off",
        "-c", "max_connections=400", "-c", "shared_buffers=128MB", "-c", "logging_collector=off",
      ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle(forWritingAtPath: "/dev/null")
    try process.run()
    server = process
    watchdog = try Watchdog.stopWhenThisProcessEnds(
      pidFile: data + "/postmaster.pid", signal: "QUIT", removing: folder.path)
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline {
      if (try? PostgresConnection(url: url(database: "postgres"))) != nil { return }
      guard process.isRunning else { break }
      usleep(50_000)
    }
    stop()
    throw Failure(description: "PostgreSQL did not start on port \(port)")
  }

  /// The address of `database` in this cluster, as the `postgres` superuser.
  public func url(database: String) -> String {
    "postgres://postgres@127.0.0.1:\(port)/\(database)"
  }

  /// Creates a database of its own for one test, empty or a copy of `template`, and returns
  /// its address.
  public func makeDatabase(template: String? = nil) throws -> String {
    let name = "test_\(getpid())_\(databases.add(1, ordering: .relaxed).newValue)"
    let admin = try PostgresConnection(url: url(database: "postgres"))
    // A file copy: with fsync off it is much faster than the default, logged, copy.
    try admin.executeScript(
      "CREATE DATABASE \(name)" + (template.map { " TEMPLATE \($0) STRATEGY FILE_COPY" } ?? ""))
    return url(database: name)
  }

  /// Stops the server at once (an immediate shutdown: the data is a throwaway) and waits for
  /// it to exit.
  public func stop() {
    guard let server else { return }
    self.server = nil
    if server.isRunning {
      if let pid = postmasterPID { kill(pid, SIGQUIT) } else { kill(server.processIdentifier, SIGQUIT) }
      let deadline = Date().addingTimeInterval(10)
      while server.isRunning && Date() < deadline { usleep(20_000) }
      if server.isRunning, let pid = postmasterPID { kill(pid, SIGKILL) }
    }
    server.waitUntilExit()
    if let watchdog, watchdog.isRunning {
      kill(watchdog.processIdentifier, SIGKILL)
      watchdog.waitUntilExit()
    }
    watchdog = nil
  }

  /// The server's own process id, from the file it writes (under runuser, the child of ours).
  private var postmasterPID: Int32? {
    guard let text = try? String(contentsOfFile: folder.path + "/data/postmaster.pid", encoding: .utf8),
      let line = text.split(separator: "\n").first
    else { return nil }
    return Int32(line)
  }

  // MARK: - Private

  private static var isRoot: Bool { getuid() == 0 }

  /// The folder of the newest PostgreSQL server programs that Debian installed.
  private static func binaries() throws -> String {
    let root = "/usr/lib/postgresql"
    let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
    guard
      let newest = versions.compactMap(Int.init).sorted().last(where: {
        FileManager.default.isExecutableFile(atPath: "\(root)/\($0)/bin/postgres")
      })
    else { throw Failure(description: "PostgreSQL is not installed (apt-get install postgresql)") }
    return "\(root)/\(newest)/bin"
  }
}

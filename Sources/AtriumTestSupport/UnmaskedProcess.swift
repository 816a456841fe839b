import Foundation

/// A server process started with no signal blocked: a child of the test runner started by
/// `Process` inherits its blocked signal mask and never sees SIGTERM, so a test that needs a
/// graceful stop (mosquitto saves its queued messages on SIGTERM) starts the server this way.
/// Stopped by its process id.
public final class UnmaskedProcess: @unchecked Sendable {
  public let pid: pid_t
  private var isRunning = true

  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }

  /// Starts `path` with `arguments`; its output goes to `log` (a file) or nowhere.
  public init(_ path: String, _ arguments: [String], log: String? = nil) throws {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGTERM, SIGINT, SIGHUP, SIGUSR1, SIGPIPE] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, log ?? "/dev/null", O_WRONLY | O_CREAT | O_APPEND, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let code = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
    guard code == 0 else { throw Failure(description: "\(path) did not start: \(String(cString: strerror(code)))") }
    self.pid = pid
  }

  deinit { kill() }

  /// Asks it to stop (SIGTERM) and waits until it has.
  public func terminate() { stop(with: SIGTERM) }

  /// Stops it at once (SIGKILL) and waits until it has.
  public func kill() { stop(with: SIGKILL) }

  private func stop(with signal: Int32) {
    guard isRunning else { return }
    isRunning = false
    Glibc.kill(pid, signal)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1, errno == EINTR {}
  }
}

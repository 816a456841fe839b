import Foundation

/// A throwaway nginx (Debian's) in front of several Atrium instances, round-robin, on
/// 127.0.0.1 and a free port, with its configuration, logs and buffers in a temporary folder;
/// stopped by its process id. Each answer says which instance gave it (`X-Upstream`), so a
/// test can tell that every instance served.
public final class NginxProxy: @unchecked Sendable {
  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }

  public let port: Int
  private let folder = TemporaryDirectory(prefix: "atrium-nginx")
  private let process = Process()
  private var watchdog: Process?

  /// Starts nginx in front of the instances listening on `upstreams` (ports on 127.0.0.1).
  public init(upstreams: [Int]) throws {
    port = try FreePort.loopback()
    // The workers may run as another user (nobody, under root): they must write their buffers.
    try FileManager.default.createDirectory(
      atPath: folder.path + "/tmp", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o777])
    chmod(folder.path, 0o755)
    try Self.configuration(folder: folder.path, port: port, upstreams: upstreams)
      .write(toFile: folder.path + "/nginx.conf", atomically: true, encoding: .utf8)
    process.executableURL = URL(fileURLWithPath: "/usr/sbin/nginx")
    process.arguments = ["-p", folder.path, "-c", folder.path + "/nginx.conf", "-e", folder.path + "/error.log"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    watchdog = try Watchdog.stopWhenThisProcessEnds(pidFile: folder.path + "/nginx.pid", signal: "TERM")
    let deadline = Date().addingTimeInterval(15)
    while Date() < deadline {
      if (try? RawHTTPClient(port: port, timeout: 1)) != nil { return }
      guard process.isRunning else { break }
      usleep(20_000)
    }
    let log = (try? String(contentsOfFile: folder.path + "/error.log", encoding: .utf8)) ?? ""
    stop()
    throw Failure(description: "nginx did not start on port \(port): \(log)")
  }

  deinit { stop() }

  /// Stops nginx (its master ends its workers) and waits for it to exit.
  public func stop() {
    if process.isRunning {
      kill(process.processIdentifier, SIGTERM)
      let deadline = Date().addingTimeInterval(10)
      while process.isRunning && Date() < deadline { usleep(20_000) }
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      process.waitUntilExit()
    }
    if let watchdog, watchdog.isRunning {
      kill(watchdog.processIdentifier, SIGKILL)
      watchdog.waitUntilExit()
    }
    watchdog = nil
  }

  /// The configuration the README recommends, with test paths and the upstream's address
  /// added to each answer.
  static func configuration(folder: String, port: Int, upstreams: [Int]) -> String {
    """
    daemon off;
    worker_processes 1;
    pid \(folder)/nginx.pid;
    error_log \(folder)/error.log warn;
    events { worker_connections 512; }
    http {
      access_log off;
      client_body_temp_path \(folder)/tmp/body;
      proxy_temp_path \(folder)/tmp/proxy;
      fastcgi_temp_path \(folder)/tmp/fastcgi;
      uwsgi_temp_path \(folder)/tmp/uwsgi;
      scgi_temp_path \(folder)/tmp/scgi;
      client_max_body_size 25m;
      upstream atrium {
    \(upstreams.map { "    server 127.0.0.1:\($0) max_fails=1 fail_timeout=10s;" }.joined(separator: "\n"))
        keepalive 16;
      }
      server {
        listen 127.0.0.1:\(port);
        location / {
          proxy_pass http://atrium;
          proxy_http_version 1.1;
          proxy_set_header Connection "";
          proxy_set_header Host $http_host;
          proxy_set_header X-Forwarded-For $remote_addr;
          proxy_set_header X-Forwarded-Proto $scheme;
          # Live events (text/event-stream) go through as they are written.
          proxy_buffering off;
          proxy_read_timeout 1h;
          add_header X-Upstream $upstream_addr always;
        }
      }
    }

    """
  }
}

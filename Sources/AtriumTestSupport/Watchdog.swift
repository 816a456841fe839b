import Foundation

/// Stops a server a test started when the test process ends in any way, a crash included:
/// a small shell waits for this process to be gone, then signals the process whose id the
/// server wrote to `pidFile`, and then removes `folder` (the server's throwaway data) once
/// the server is gone. So no server, and no data of one, outlives the tests that started it.
enum Watchdog {
  static func stopWhenThisProcessEnds(
    pidFile: String, signal: String, removing folder: String? = nil
  ) throws
    -> Process
  {
    var script = """
      while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done
      pid=$(head -n 1 '\(pidFile)' 2>/dev/null) && kill -\(signal) "$pid"
      """
    if let folder {
      script += """

        while [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; do sleep 0.2; done
        rm -rf '\(folder)'
        """
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }
}

import Dispatch
import Foundation

/// How a server process learns it should stop: SIGINT (Ctrl-C) or SIGTERM (`kill`, systemd).
public enum StopSignal {
  /// Blocks the calling thread until the process gets SIGINT or SIGTERM, which from the first
  /// call on no longer end it by themselves: the caller stops its work, then returns or exits.
  public static func wait() {
    let stopped = DispatchSemaphore(value: 0)
    var sources: [any DispatchSourceSignal] = []
    for signalNumber in [SIGINT, SIGTERM] {
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
      source.setEventHandler { stopped.signal() }
      source.resume()
      sources.append(source)
    }
    stopped.wait()
    withExtendedLifetime(sources) {}
  }
}

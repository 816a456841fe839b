import AtriumHTTP
import AtriumHTTPTypes
import AtriumLog
import AtriumServices
import Synchronization

/// Collects log lines in memory so a test can read what was logged.
public final class LogRecorder: Sendable {
  private let storage = Mutex<[String]>([])

  public init() {}

  public var lines: [String] { storage.withLock { $0 } }

  public var sink: LogSink {
    LogSink { line in self.storage.withLock { $0.append(line) } }
  }
}

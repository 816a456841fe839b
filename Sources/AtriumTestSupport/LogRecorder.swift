import AtriumHTTP
import AtriumHTTPTypes
import AtriumLog
import AtriumServices
import Foundation
import Synchronization

/// Collects log lines in memory so a test can read what was logged.
public final class LogRecorder: Sendable {
  private let storage = Mutex<[String]>([])

  public init() {}

  public var lines: [String] { storage.withLock { $0 } }

  public var sink: LogSink {
    LogSink { line in
      self.storage.withLock { $0.append(line) }
      if Self.echoes { FileHandle.standardError.write(Data((line + "\n").utf8)) }
    }
  }

  /// `ATRIUM_TEST_ECHO_LOG=1` also writes every line to standard error, to see why a test's
  /// server answered 500.
  private static let echoes = ProcessInfo.processInfo.environment["ATRIUM_TEST_ECHO_LOG"] == "1"
}

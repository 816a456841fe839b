import Foundation

/// Where log lines go: standard error by default, captured in tests.
public struct LogSink: Sendable {
  public let write: @Sendable (String) -> Void

  public init(_ write: @escaping @Sendable (String) -> Void) {
    self.write = write
  }

  /// Writes each line to standard error in one `write` call, so lines from several threads
  /// never interleave.
  public static let standardError = LogSink { line in
    var line = line
    line += "\n"
    line.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = Foundation.write(2, bytes.baseAddress! + offset, bytes.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0 && errno == EINTR {
          continue
        } else {
          return  // standard error is gone or full: a log line is not worth blocking a request
        }
      }
    }
  }

  /// Drops every line.
  public static let discard = LogSink { _ in }
}

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
    let data = Data((line + "\n").utf8)
    FileHandle.standardError.write(data)
  }

  /// Drops every line.
  public static let discard = LogSink { _ in }
}

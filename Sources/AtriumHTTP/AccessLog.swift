import Foundation

/// One JSON line per finished request, for people and log collectors alike.
public struct AccessLogEntry: Sendable, Encodable {
  public let method: String
  public let path: String
  public let status: Int
  public let durationMs: Double
  public let requestId: String
  /// Set when the client went away or the connection failed before the response was sent.
  public let error: String?

  /// The entry as one line of JSON, keys sorted.
  public var line: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(self) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }
}

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

import AtriumHTTPTypes
import Foundation

/// One JSON line per finished request, for people and log collectors alike.
public struct AccessLogEntry: Sendable {
  public let method: String
  public let path: String
  public let status: Int
  public let durationMs: Double
  public let requestId: String
  /// Set when the client went away or the connection failed before the response was sent.
  public let error: String?

  public init(method: String, path: String, status: Int, durationMs: Double, requestId: String, error: String?) {
    self.method = method
    self.path = path
    self.status = status
    self.durationMs = durationMs
    self.requestId = requestId
    self.error = error
  }

  /// The entry as one line of JSON, keys sorted. Written by hand: it runs once per request,
  /// and a Foundation encoder per line cost more than many a request (perf, `bench/`).
  public var line: String {
    var line = "{\"durationMs\":"
    line.reserveCapacity(160 + path.utf8.count)
    line += durationMs.description
    if let error {
      line += ",\"error\":"
      Self.appendQuoted(error, to: &line)
    }
    line += ",\"method\":"
    Self.appendQuoted(method, to: &line)
    line += ",\"path\":"
    Self.appendQuoted(path, to: &line)
    line += ",\"requestId\":"
    Self.appendQuoted(requestId, to: &line)
    line += ",\"status\":"
    line += status.description
    line += "}"
    return line
  }

  /// Appends `text` as a JSON string literal: quotes, backslashes and control characters
  /// escaped. Most texts need no escape and are appended whole
  /// (`make bench-cost`: a scalar at a time was a third of the engine's own work per request).
  static func appendQuoted(_ text: String, to result: inout String) {
    result += "\""
    if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
      result += text
      return result += "\""
    }
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\u{0}"..."\u{1F}":
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    result += "\""
  }
}

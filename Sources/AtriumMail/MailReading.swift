import Foundation

/// A mail Atrium wrote, read back for people (the demo's admin page shows its mail folder):
/// the recipient, the subject and the text part, decoded. It reads what `MailMessage` writes
/// (quoted-printable parts, `B` encoded words), not every mail there is.
public struct MailReading: Sendable, Hashable {
  public let to: String
  public let subject: String
  public let text: String

  public init(_ raw: String) {
    let normalized = raw.replacingLineEnds()
    let halves = normalized.components(separatedBy: "\n\n")
    let headers = Self.headers(halves.first ?? "")
    to = headers["to"].map(Self.decodeWords) ?? ""
    subject = headers["subject"].map(Self.decodeWords) ?? ""
    let body = halves.dropFirst().joined(separator: "\n\n")
    if let type = headers["content-type"], let range = type.range(of: "boundary=\"") {
      let boundary = type[range.upperBound...].prefix { $0 != "\"" }
      let parts = body.components(separatedBy: "--\(boundary)")
      let plain = parts.first { $0.contains("Content-Type: text/plain") } ?? ""
      text = Self.decodeQuotedPrintable(plain.components(separatedBy: "\n\n").dropFirst().joined(separator: "\n\n"))
    } else {
      text = Self.decodeQuotedPrintable(body)
    }
  }

  /// Header names (lowercased) to values, folded lines joined.
  private static func headers(_ block: String) -> [String: String] {
    var headers: [String: String] = [:]
    var last: String?
    for line in block.components(separatedBy: "\n") {
      if line.hasPrefix(" ") || line.hasPrefix("\t"), let name = last {
        headers[name, default: ""] += line
      } else if let colon = line.firstIndex(of: ":") {
        let name = line[..<colon].lowercased()
        headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        last = name
      }
    }
    return headers
  }

  /// `=?UTF-8?B?…?=` words decoded; the folding space between two encoded words dropped.
  private static func decodeWords(_ value: String) -> String {
    var bytes: [UInt8] = []
    var rest = Substring(value)
    while let start = rest.range(of: "=?UTF-8?B?"), let end = rest[start.upperBound...].range(of: "?=") {
      let before = rest[..<start.lowerBound]
      if !before.allSatisfy(\.isWhitespace) || bytes.isEmpty { bytes += Array(before.utf8) }
      bytes += Data(base64Encoded: String(rest[start.upperBound..<end.lowerBound])).map(Array.init) ?? []
      rest = rest[end.upperBound...]
    }
    bytes += Array(rest.utf8)
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func decodeQuotedPrintable(_ text: String) -> String {
    var bytes: [UInt8] = []
    let lines = text.components(separatedBy: "\n")
    for (index, line) in lines.enumerated() {
      var scalars = Array(line.utf8)[...]
      var soft = false
      while let byte = scalars.first {
        scalars = scalars.dropFirst()
        guard byte == UInt8(ascii: "=") else {
          bytes.append(byte)
          continue
        }
        if scalars.isEmpty {
          soft = true
          break
        }
        let hex = String(decoding: scalars.prefix(2), as: UTF8.self)
        if let value = UInt8(hex, radix: 16) {
          bytes.append(value)
          scalars = scalars.dropFirst(2)
        } else {
          bytes.append(byte)
        }
      }
      if !soft && index < lines.count - 1 { bytes.append(UInt8(ascii: "\n")) }
    }
    return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .newlines)
  }
}

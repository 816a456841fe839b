import Foundation

/// A mailbox: an address and the name shown beside it.
public struct MailAddress: Sendable, Hashable, Codable, CustomStringConvertible {
  public var address: String
  public var name: String?

  public init(_ address: String, name: String? = nil) {
    self.address = address
    self.name = name
  }

  /// Whether `address` is one a server can be asked to deliver to: a local part and a domain,
  /// no spaces, brackets or line breaks (nothing that could add a header or a recipient).
  public var isDeliverable: Bool {
    let parts = address.split(separator: "@", omittingEmptySubsequences: false)
    return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !parts[1].hasPrefix(".")
      && !parts[1].hasSuffix(".") && address.utf8.count <= 254
      && address.unicodeScalars.allSatisfy {
        $0.value > 32 && $0.value < 127 && !"<>()[]\\,;:\"".unicodeScalars.contains($0)
      }
  }

  /// For people: `Name <address>`, or the address alone.
  public var description: String {
    guard let name, !name.isEmpty else { return address }
    return "\(name) <\(address)>"
  }

  var header: String {
    guard let name, !name.isEmpty else { return "<\(address)>" }
    return MIMEEncoding.displayName(name) + " <\(address)>"
  }
}

/// One mail as Atrium writes it: a text part and, when given, an HTML part of the same content
/// (`multipart/alternative`), in UTF-8, ready for any server.
public struct MailMessage: Sendable {
  public var from: MailAddress
  public var to: MailAddress
  public var subject: String
  public var text: String
  public var html: String?
  /// Without angle brackets. Atrium derives it from the outbox row's idempotency key, so a mail
  /// sent again after a crash carries the same id and mail clients show it once.
  public var messageID: String
  /// Milliseconds since 1970.
  public var date: Int64
  /// Further headers, such as `List-Unsubscribe`, in order. Line breaks in names or values are
  /// removed: no value can start a header of its own.
  public var headers: [(name: String, value: String)]

  public init(
    from: MailAddress, to: MailAddress, subject: String, text: String, html: String? = nil, messageID: String,
    date: Int64, headers: [(name: String, value: String)] = []
  ) {
    self.from = from
    self.to = to
    self.subject = subject
    self.text = text
    self.html = html
    self.messageID = messageID
    self.date = date
    self.headers = headers
  }

  /// The message as RFC 5322 text with CRLF line ends: what is sent, and what a `.eml` holds.
  public func rendered() -> String {
    var lines = [
      "From: \(from.header)",
      "To: \(to.header)",
      "Subject: \(MIMEEncoding.headerText(subject))",
      "Date: \(Self.dateHeader(date))",
      "Message-ID: <\(Self.oneLine(messageID))>",
      "MIME-Version: 1.0",
    ]
    for header in headers {
      lines.append("\(Self.oneLine(header.name)): \(MIMEEncoding.headerText(header.value))")
    }
    guard let html else {
      lines += textPartHeaders("plain") + ["", MIMEEncoding.quotedPrintable(text)]
      return lines.joined(separator: "\r\n") + "\r\n"
    }
    // "=_" cannot occur in quoted-printable text, so the boundary never occurs in a part.
    // Made from the id (FNV-1a), so one message renders alike every time.
    let hash = messageID.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    let boundary = "=_atrium_" + String(hash, radix: 36)
    lines.append("Content-Type: multipart/alternative; boundary=\"\(boundary)\"")
    lines += ["", "--\(boundary)"] + textPartHeaders("plain") + ["", MIMEEncoding.quotedPrintable(text)]
    lines += ["--\(boundary)"] + textPartHeaders("html") + ["", MIMEEncoding.quotedPrintable(html)]
    lines.append("--\(boundary)--")
    return lines.joined(separator: "\r\n") + "\r\n"
  }

  private func textPartHeaders(_ subtype: String) -> [String] {
    ["Content-Type: text/\(subtype); charset=utf-8", "Content-Transfer-Encoding: quoted-printable"]
  }

  private static func oneLine(_ value: String) -> String {
    value.replacingLineEnds().replacingOccurrences(of: "\n", with: "")
  }

  /// RFC 5322 date-time in UTC, such as `Wed, 02 Dec 2026 08:00:00 +0000`.
  static func dateHeader(_ milliseconds: Int64) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
    return formatter.string(from: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
  }
}

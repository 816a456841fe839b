import AtriumDomain

/// Writes iCalendar (RFC 5545) text: CRLF line ends, lines folded at 75 octets, text escaped.
package struct ICalendar {
  package struct Event {
    package let uid: String
    /// RFC 3339 milliseconds of the last change.
    package let stamp: Int64
    package let start: CalendarDate
    /// The last day, included (DTEND is the day after).
    package let end: CalendarDate
    package let summary: String
    package let isTentative: Bool
  }

  package let name: String
  package let events: [Event]

  package var text: String {
    var lines = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Atrium//Time off//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH",
      "X-WR-CALNAME:\(Self.escape(name))",
    ]
    for event in events {
      lines += [
        "BEGIN:VEVENT",
        "UID:\(Self.escape(event.uid))",
        "DTSTAMP:\(Self.stamp(event.stamp))",
        "DTSTART;VALUE=DATE:\(Self.date(event.start))",
        "DTEND;VALUE=DATE:\(Self.date(event.end.adding(days: 1)))",
        "SUMMARY:\(Self.escape(event.summary))",
        "STATUS:\(event.isTentative ? "TENTATIVE" : "CONFIRMED")",
        "TRANSP:TRANSPARENT",
        "END:VEVENT",
      ]
    }
    lines.append("END:VCALENDAR")
    return lines.map(Self.fold).joined(separator: "\r\n") + "\r\n"
  }

  /// Escapes TEXT values (backslash, semicolon, comma, line breaks).
  package static func escape(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "\\": result += "\\\\"
      case ";": result += "\\;"
      case ",": result += "\\,"
      case "\n", "\r\n", "\r": result += "\\n"
      default: result.append(character)
      }
    }
    return result
  }

  /// Folds a content line into pieces of at most 75 octets, never splitting a character.
  package static func fold(_ line: String) -> String {
    var pieces: [String] = []
    var current = ""
    var octets = 0
    for character in line {
      let size = String(character).utf8.count
      let limit = pieces.isEmpty ? 75 : 74
      if octets + size > limit {
        pieces.append(current)
        current = ""
        octets = 0
      }
      current.append(character)
      octets += size
    }
    pieces.append(current)
    return pieces.joined(separator: "\r\n ")
  }

  private static func date(_ date: CalendarDate) -> String {
    date.description.replacingOccurrences(of: "-", with: "")
  }

  /// `20260302T090000Z`.
  private static func stamp(_ milliseconds: Int64) -> String {
    let text = Instant.text(milliseconds)  // 2026-03-02T09:00:00.000Z
    return String(text.prefix(19)).replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "")
      + "Z"
  }
}

import Foundation

/// One event from `/api/v1/events`: `notice` (something new on one's board), `approvals`
/// (the approvals list changed) or `reset` (too much was missed: reload everything).
public struct ServerEvent: Equatable, Sendable {
  /// Pass back as `lastEventID` when reconnecting, to get what was missed.
  public var id: String?
  public var name: String
  public var data: String

  public init(id: String?, name: String, data: String) {
    self.id = id
    self.name = name
    self.data = data
  }
}

/// The text/event-stream format (WHATWG HTML, "server-sent events"): lines of `field: value`,
/// an empty line ends an event, lines starting with `:` are comments (heartbeats). Pieces of
/// the body may split lines, and even UTF-8 characters, anywhere.
public struct ServerSentEventParser: Sendable {
  private var buffer: [UInt8] = []
  private var name = ""
  private var data: [String] = []
  /// The last id seen, kept across events as the format says.
  public private(set) var lastEventID: String?

  public init() {}

  /// The events completed by this piece of the body.
  public mutating func feed(_ piece: Data) -> [ServerEvent] {
    buffer.append(contentsOf: piece)
    var events: [ServerEvent] = []
    while let end = buffer.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) {
      let line = String(decoding: buffer[..<end], as: UTF8.self)
      // CRLF counts as one line end; a lone CR at the end of the piece waits for what follows.
      var next = end + 1
      if buffer[end] == 0x0D {
        if next == buffer.count { break }
        if buffer[next] == 0x0A { next += 1 }
      }
      buffer.removeFirst(next)
      if let event = take(line) { events.append(event) }
    }
    return events
  }

  private mutating func take(_ line: String) -> ServerEvent? {
    if line.isEmpty {
      defer { (name, data) = ("", []) }
      guard !data.isEmpty else { return nil }
      return ServerEvent(id: lastEventID, name: name.isEmpty ? "message" : name, data: data.joined(separator: "\n"))
    }
    if line.hasPrefix(":") { return nil }
    let field: Substring
    var value: Substring
    if let colon = line.firstIndex(of: ":") {
      field = line[..<colon]
      value = line[line.index(after: colon)...]
      if value.hasPrefix(" ") { value = value.dropFirst() }
    } else {
      (field, value) = (line[...], "")
    }
    switch field {
    case "event": name = String(value)
    case "data": data.append(String(value))
    case "id" where !value.contains("\0"): lastEventID = String(value)
    default: break
    }
    return nil
  }
}

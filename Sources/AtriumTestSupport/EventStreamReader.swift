import AtriumServices
import Foundation

/// Reads a server-sent event stream (`GET /api/v1/events`) over a raw connection, event by
/// event, as a browser's EventSource would.
public final class EventStreamReader {
  public struct Event: Sendable, Hashable {
    public let id: String?
    /// The `event:` name, or `comment` for a block of comment lines (heartbeats).
    public let name: String
    public let data: String
  }

  /// The server ended the stream.
  public struct StreamEnded: Error {}

  public let head: RawHTTPClient.Response
  private let client: RawHTTPClient
  private var text = ""

  /// Opens the stream; `head` holds the status and headers (an error's body is not read).
  public init(
    port: Int, token: String?, lastEventID: String? = nil, path: String = "/api/v1/events", timeout: Int = 30
  ) throws {
    client = try RawHTTPClient(port: port, timeout: timeout)
    var request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
    if let token { request += "Authorization: Bearer \(token)\r\n" }
    if let lastEventID { request += "Last-Event-ID: \(lastEventID)\r\n" }
    client.send(request + "\r\n")
    head = try client.readHead()
  }

  /// The next event or comment block; throws when the stream ends or a read times out.
  public func next() throws -> Event {
    while true {
      if let end = text.range(of: "\n\n") {
        let block = String(text[..<end.lowerBound])
        text.removeSubrange(..<end.upperBound)
        if let event = Self.parse(block) { return event }
        continue
      }
      guard let chunk = try client.readChunk() else {
        throw StreamEnded()
      }
      text += String(decoding: chunk, as: UTF8.self)
    }
  }

  /// No event of the name asked for came before the deadline.
  public struct NoSuchEvent: Error, CustomStringConvertible {
    public let name: String
    public var description: String { "no \(name) event came within the deadline" }
  }

  /// The next event called `name`, skipping others. Gives up (throws `NoSuchEvent`) once
  /// `deadline` has passed, checked at every event the stream sends (heartbeats included), so
  /// a missing event fails the test instead of hanging it.
  public func next(named name: String, within deadline: Duration = .seconds(10)) throws -> Event {
    let clock = ContinuousClock()
    let end = clock.now + deadline
    while clock.now < end {
      let event = try next()
      if event.name == name { return event }
    }
    throw NoSuchEvent(name: name)
  }

  /// Whether the stream ended (the server sent its last chunk) before any other event.
  public func endsBeforeAnyEvent() -> Bool {
    do {
      while true {
        if try next().name != "comment" { return false }
      }
    } catch {
      return error is StreamEnded
    }
  }

  private static func parse(_ block: String) -> Event? {
    var id: String?
    var name: String?
    var data: [String] = []
    var comments: [String] = []
    for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix(":") {
        comments.append(line.dropFirst().trimmingCharacters(in: .whitespaces))
        continue
      }
      let (field, value) =
        line.firstIndex(of: ":").map {
          (String(line[..<$0]), String(line[line.index(after: $0)...]).trimmingPrefix(" "))
        } ?? (String(line), "")
      switch field {
      case "id": id = String(value)
      case "event": name = String(value)
      case "data": data.append(String(value))
      default: break
      }
    }
    if name == nil && data.isEmpty {
      return comments.isEmpty ? nil : Event(id: nil, name: "comment", data: comments.joined(separator: "\n"))
    }
    return Event(id: id, name: name ?? "message", data: data.joined(separator: "\n"))
  }
}

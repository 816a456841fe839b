import AtriumMessages
import AtriumStore
import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Reads an RSS 2.0 or Atom document into timeline items, with FoundationXML's streaming
/// parser. Summaries become plain text, links that are not http(s) are dropped, and an item
/// without an id is known by its link or its text, so fetching the same feed again adds
/// nothing.
package enum FeedParser {
  package struct Failure: Error, CustomStringConvertible {
    package let trouble: FeedTrouble
    package var description: String { trouble.text(in: .en) }
  }

  /// At most this many items are taken from one document (the newest, as feeds list them).
  package static let itemLimit = 200

  /// - Parameters:
  ///   - now: The date given to items that carry none (milliseconds since 1970).
  ///   - address: Where the feed was fetched from: relative links resolve against it (or
  ///     against an `xml:base` inside the document).
  package static func items(from data: [UInt8], now: Int64, address: String? = nil) throws -> [FeedStore.Item] {
    let delegate = Collector(base: address.flatMap { URL(string: $0) })
    let parser = XMLParser(data: Data(data))
    parser.shouldProcessNamespaces = false
    parser.shouldResolveExternalEntities = false
    parser.delegate = delegate
    // libxml2 recovers from some errors (a mismatched end tag) and reports success; the
    // collector notices those itself.
    guard parser.parse(), !delegate.isBroken else {
      let line = parser.lineNumber
      throw Failure(trouble: .notWellFormed(line: line))
    }
    guard let kind = delegate.kind else {
      throw Failure(trouble: .notAFeed)
    }
    return delegate.entries.prefix(itemLimit).compactMap { $0.item(kind: kind, now: now) }
  }

  package enum Kind {
    case rss, atom
  }

  /// The fields of one `<item>` or `<entry>` as they were read.
  package struct Entry {
    package var id = ""
    package var title = ""
    package var link = ""
    package var summary = ""
    package var content = ""
    package var author = ""
    package var published = ""
    package var updated = ""

    package func item(kind: Kind, now: Int64) -> FeedStore.Item? {
      let text = HTMLPlainText.text(of: summary.isEmpty ? content : summary)
      let cleanTitle = HTMLPlainText.text(of: title, limit: 300)
      let safeLink = FeedParser.isWebAddress(link) ? link.trimmingWhitespace : ""
      guard !text.isEmpty || !cleanTitle.isEmpty else { return nil }
      let guid = id.trimmingWhitespace.isEmpty ? (safeLink.isEmpty ? cleanTitle + "\n" + text : safeLink) : id
      let date = FeedDates.milliseconds(published) ?? FeedDates.milliseconds(updated) ?? now
      return FeedStore.Item(
        guid: String(guid.prefix(1_000)), title: cleanTitle, link: safeLink, summary: text,
        author: String(HTMLPlainText.text(of: author, limit: 200)), publishedAt: date)
    }
  }

  package static func isWebAddress(_ text: String) -> Bool {
    guard let url = URL(string: text.trimmingWhitespace), let scheme = url.scheme?.lowercased() else { return false }
    return (scheme == "http" || scheme == "https") && url.host != nil
  }

  /// Collects entries as the parser streams through the document.
  private final class Collector: NSObject, XMLParserDelegate {
    package var kind: Kind?
    package var entries: [Entry] = []
    /// End tags that did not match, or elements left open at the end.
    package var isBroken = false
    private var current: Entry?
    private var text = ""
    private var path: [String] = []
    /// The base address of each open element (`xml:base`, else its parent's, else the feed's).
    private var bases: [URL?]
    /// Inside Atom content of `type="xhtml"`: its child elements are markup to keep, as text.
    private var xhtmlDepth = 0

    init(base: URL?) {
      bases = [base]
    }

    /// A link as written in the document, made absolute against the current base.
    private func resolved(_ link: String) -> String {
      let trimmed = link.trimmingWhitespace
      guard let base = bases.last ?? nil, let url = URL(string: trimmed, relativeTo: base) else { return trimmed }
      return url.absoluteString
    }

    package func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      if xhtmlDepth > 0 {
        // Markup inside xhtml content: kept for its block structure, read as text later.
        xhtmlDepth += 1
        path.append(name)
        bases.append(bases.last ?? nil)
        text += "<\(name)>"
        return
      }
      bases.append(
        attributes["xml:base"].flatMap { URL(string: $0, relativeTo: bases.last ?? nil) } ?? bases.last ?? nil)
      if path.isEmpty {
        switch name {
        case "rss", "rdf:RDF": kind = .rss
        case "feed": kind = .atom
        default: parser.abortParsing()
        }
      }
      path.append(name)
      text = ""
      if current != nil, name == "content" || name == "summary", attributes["type"] == "xhtml" {
        xhtmlDepth = 1
      }
      if name == "item" || name == "entry" {
        current = Entry()
      } else if name == "link", current != nil, kind == .atom {
        // Atom: <link rel="alternate" href="..."/>, the default relation being alternate.
        let relation = attributes["rel"] ?? "alternate"
        if relation == "alternate", let href = attributes["href"], current?.link.isEmpty == true {
          current?.link = resolved(href)
        }
      }
    }

    package func parserDidEndDocument(_ parser: XMLParser) {
      if !path.isEmpty { isBroken = true }
    }

    package func parser(_ parser: XMLParser, foundCharacters string: String) {
      // Inside xhtml content the text sits between kept tags: escaped, so "a < b" stays text.
      text +=
        xhtmlDepth > 1
        ? string.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
          .replacingOccurrences(of: ">", with: "&gt;")
        : string
    }

    package func parser(_ parser: XMLParser, foundCDATA block: Data) {
      text += String(decoding: block, as: UTF8.self)
    }

    package func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?)
    {
      if path.last != name { isBroken = true }
      if xhtmlDepth > 1 {
        xhtmlDepth -= 1
        if !path.isEmpty { path.removeLast() }
        bases.removeLast()
        text += "</\(name)>"
        return
      }
      xhtmlDepth = 0
      defer {
        if !path.isEmpty { path.removeLast() }
        if bases.count > 1 { bases.removeLast() }
        text = ""
      }
      guard var entry = current else { return }
      if name == "item" || name == "entry" {
        entries.append(entry)
        current = nil
        return
      }
      let value = text.trimmingWhitespace
      switch name {
      case "guid", "id": if entry.id.isEmpty { entry.id = value }
      case "title": entry.title = value
      case "link": if kind == .rss { entry.link = resolved(value) }
      case "description", "summary": entry.summary = value
      case "content", "content:encoded": entry.content = value
      case "author", "dc:creator", "name": if entry.author.isEmpty || name == "name" { entry.author = value }
      case "pubDate", "published", "dc:date": entry.published = value
      case "updated": entry.updated = value
      default: break
      }
      current = entry
    }
  }
}

/// The dates feeds use: RFC 822 in RSS (`Mon, 02 Mar 2026 09:00:00 +0000`), RFC 3339 in Atom.
package enum FeedDates {
  package static func milliseconds(_ text: String) -> Int64? {
    let value = text.trimmingWhitespace
    guard !value.isEmpty else { return nil }
    for formatter in rfc3339 {
      if let date = formatter.date(from: value) { return Int64(date.timeIntervalSince1970 * 1000) }
    }
    for format in rfc822Formats {
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = TimeZone(identifier: "UTC")
      formatter.dateFormat = format
      if let date = formatter.date(from: value) { return Int64(date.timeIntervalSince1970 * 1000) }
    }
    return nil
  }

  private static let rfc822Formats = [
    "EEE, dd MMM yyyy HH:mm:ss Z", "EEE, dd MMM yyyy HH:mm:ss zzz", "dd MMM yyyy HH:mm:ss Z",
    "EEE, dd MMM yyyy HH:mm Z", "EEE, d MMM yyyy HH:mm:ss Z",
  ]

  private static var rfc3339: [ISO8601DateFormatter] {
    let plain = ISO8601DateFormatter()
    let fractional = ISO8601DateFormatter()
    fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return [plain, fractional]
  }
}

/// The readable text of an HTML fragment, as feeds carry in their summaries (a Mastodon
/// post's `<description>` is HTML): tags dropped, block ends turned into line breaks,
/// character references decoded, whitespace collapsed. The result is plain text, escaped
/// again by whoever shows it, so no markup from a feed ever reaches a page.
package enum HTMLPlainText {
  package static func text(of html: String, limit: Int = 2_000) -> String {
    var output = ""
    var index = html.startIndex
    while index < html.endIndex {
      let character = html[index]
      if character == "<", let close = html[index...].firstIndex(of: ">") {
        let tag = html[html.index(after: index)..<close].lowercased()
        let name = tag.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }
        if ["br", "p", "div", "li", "h1", "h2", "h3", "h4", "blockquote"].contains(String(name)) { output += "\n" }
        // The text inside these is not for reading.
        if !tag.hasPrefix("/"), name == "script" || name == "style",
          let end = html[close...].range(of: "</\(name)", options: .caseInsensitive)
        {
          index = html[end.upperBound...].firstIndex(of: ">").map { html.index(after: $0) } ?? html.endIndex
          continue
        }
        index = html.index(after: close)
        continue
      }
      if character == "&", let semicolon = html[index...].prefix(12).firstIndex(of: ";"),
        let decoded = decode(html[html.index(after: index)..<semicolon])
      {
        output += decoded
        index = html.index(after: semicolon)
        continue
      }
      output.append(character)
      index = html.index(after: index)
    }
    return collapse(output, limit: limit)
  }

  private static func decode(_ reference: Substring) -> String? {
    if let text = HTMLEntities.named[reference] { return text }
    guard reference.first == "#" else { return nil }
    let digits = reference.dropFirst()
    let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
    guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
    return String(Character(scalar))
  }

  /// Runs of spaces become one space and runs of blank lines one line break; the text is cut
  /// at `limit` characters with an ellipsis.
  private static func collapse(_ text: String, limit: Int) -> String {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: true).map {
      $0.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
    }.filter { !$0.isEmpty }
    let joined = lines.joined(separator: "\n")
    return joined.count > limit ? String(joined.prefix(limit - 1)) + "…" : joined
  }
}

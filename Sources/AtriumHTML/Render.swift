extension Node {
  /// The node as HTML text.
  public func render() -> String {
    var output = ""
    output.reserveCapacity(4096)
    write(into: &output)
    return output
  }

  /// A whole page: the doctype, then the node (normally `html`).
  public func renderDocument() -> String {
    "<!doctype html>" + render()
  }

  private func write(into output: inout String) {
    switch self {
    case .text(let text):
      Self.escape(text, into: &output, inAttribute: false)
    case .trusted(let markup):
      output += markup
    case .fragment(let nodes):
      for node in nodes { node.write(into: &output) }
    case .void(let name, let attributes):
      output += "<" + name
      Self.write(attributes, into: &output)
      output += ">"
    case .element(let name, let attributes, let children):
      output += "<" + name
      Self.write(attributes, into: &output)
      output += ">"
      for child in children { child.write(into: &output) }
      output += "</" + name + ">"
    }
  }

  private static func write(_ attributes: [Attribute], into output: inout String) {
    for attribute in attributes where isSafeName(attribute.name) {
      output += " " + attribute.name
      if let value = attribute.value {
        output += "=\""
        escape(value, into: &output, inAttribute: true)
        output += "\""
      }
    }
  }

  /// Attribute names come from code, but a name that could break out of the tag is dropped.
  private static func isSafeName(_ name: String) -> Bool {
    !name.isEmpty
      && name.utf8.allSatisfy {
        ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D
          || $0 == 0x5F || $0 == 0x3A
      }
  }

  /// Text is appended whole between the characters it escapes: appending a Unicode scalar
  /// at a time was half of a page's instructions (`make bench-cost`, the board's row).
  static func escape(_ text: String, into output: inout String, inAttribute: Bool) {
    func replacement(for byte: UInt8) -> String? {
      switch byte {
      case UInt8(ascii: "&"): "&amp;"
      case UInt8(ascii: "<"): "&lt;"
      case UInt8(ascii: ">"): "&gt;"
      case UInt8(ascii: "\"") where inAttribute: "&quot;"
      case UInt8(ascii: "'") where inAttribute: "&#39;"
      default: nil
      }
    }
    let plain =
      text.utf8.withContiguousStorageIfAvailable { bytes in !bytes.contains { replacement(for: $0) != nil } }
      ?? false
    guard !plain else {
      output += text
      return
    }
    // Each escaped character is ASCII, so the indices around it are character boundaries.
    let utf8 = text.utf8
    var runStart = utf8.startIndex
    var index = utf8.startIndex
    while index != utf8.endIndex {
      if let replacement = replacement(for: utf8[index]) {
        output += text[runStart..<index]
        output += replacement
        runStart = utf8.index(after: index)
      }
      index = utf8.index(after: index)
    }
    output += text[runStart...]
  }
}

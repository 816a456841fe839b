extension Node {
  /// The node as HTML text.
  public func render() -> String {
    String(decoding: renderBytes(), as: UTF8.self)
  }

  /// A whole page: the doctype, then the node (normally `html`).
  public func renderDocument() -> String {
    String(decoding: renderDocumentBytes(), as: UTF8.self)
  }

  /// A whole page as the bytes of its UTF-8 text, as a response body is sent: written into
  /// one byte buffer, where appending to a `String` (and the page's copy into bytes after)
  /// cost about a third of a page's rendering (`make bench-cost`).
  public func renderDocumentBytes() -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(16_384)
    output.appendUTF8("<!doctype html>")
    write(into: &output)
    return output
  }

  /// The node as the bytes of its UTF-8 text.
  public func renderBytes() -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(4096)
    write(into: &output)
    return output
  }

  private func write(into output: inout [UInt8]) {
    switch self {
    case .text(let text):
      Self.escape(text, into: &output, inAttribute: false)
    case .trusted(let markup):
      output.appendUTF8(markup)
    case .fragment(let nodes):
      for node in nodes { node.write(into: &output) }
    case .void(let name, let attributes):
      output.append(UInt8(ascii: "<"))
      output.appendUTF8(name)
      Self.write(attributes, into: &output)
      output.append(UInt8(ascii: ">"))
    case .element(let name, let attributes, let children):
      output.append(UInt8(ascii: "<"))
      output.appendUTF8(name)
      Self.write(attributes, into: &output)
      output.append(UInt8(ascii: ">"))
      for child in children { child.write(into: &output) }
      output.append(UInt8(ascii: "<"))
      output.append(UInt8(ascii: "/"))
      output.appendUTF8(name)
      output.append(UInt8(ascii: ">"))
    }
  }

  private static func write(_ attributes: [Attribute], into output: inout [UInt8]) {
    for attribute in attributes where attribute.hasSafeName {
      output.append(UInt8(ascii: " "))
      output.appendUTF8(attribute.name)
      if let value = attribute.value {
        output.append(UInt8(ascii: "="))
        output.append(UInt8(ascii: "\""))
        escape(value, into: &output, inAttribute: true)
        output.append(UInt8(ascii: "\""))
      }
    }
  }

  /// Bytes below 64 that text escapes (`&`, `<`, `>`), one bit each.
  private static let escapedInText: UInt64 = 1 << 0x26 | 1 << 0x3C | 1 << 0x3E
  /// Bytes below 64 that an attribute value escapes: the quotes too.
  private static let escapedInAttribute: UInt64 = escapedInText | 1 << 0x22 | 1 << 0x27

  /// Text is appended in runs between the characters it escapes, which a bit mask finds: a
  /// byte at a time through a `switch` was most of the cost of writing a tag (`make
  /// bench-cost`), and appending a Unicode scalar at a time half of a page's instructions.
  static func escape(_ text: String, into output: inout [UInt8], inAttribute: Bool) {
    let escaped = inAttribute ? escapedInAttribute : escapedInText
    var text = text
    text.withUTF8 { bytes in
      var runStart = 0
      for index in 0..<bytes.count {
        let byte = bytes[index]
        guard byte < 64, escaped & (1 << UInt64(byte)) != 0 else { continue }
        let replacement: StaticString =
          switch byte {
          case UInt8(ascii: "&"): "&amp;"
          case UInt8(ascii: "<"): "&lt;"
          case UInt8(ascii: ">"): "&gt;"
          case UInt8(ascii: "\""): "&quot;"
          default: "&#39;"
          }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        output.append(
          contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
        runStart = index + 1
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }
  }
}

extension [UInt8] {
  /// A string's bytes appended from its storage in one copy, where appending its `utf8` view
  /// goes through the generic path of `append(contentsOf:)`.
  fileprivate mutating func appendUTF8(_ string: String) {
    var string = string
    string.withUTF8 { append(contentsOf: $0) }
  }
}

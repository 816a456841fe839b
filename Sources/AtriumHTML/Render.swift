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
    var output = ByteWriter(capacity: 16_384)
    output.append("<!doctype html>" as StaticString)
    write(into: &output)
    return output.bytes()
  }

  /// The node as the bytes of its UTF-8 text.
  public func renderBytes() -> [UInt8] {
    var output = ByteWriter(capacity: 4096)
    write(into: &output)
    return output.bytes()
  }

  /// The markup before the node's `hole` and after it (all of it before, when it has none):
  /// a frame around pages' content, rendered once and kept.
  public func renderAroundHole() -> (before: String, after: String) {
    var output = ByteWriter(capacity: 4096)
    write(into: &output)
    let (before, after) = output.split(at: output.holeOffset ?? output.count)
    return (String(decoding: before, as: UTF8.self), String(decoding: after, as: UTF8.self))
  }

  private func write(into output: inout ByteWriter) {
    switch self {
    case .hole:
      output.markHole()
    case .text(let text):
      Self.escape(text, into: &output, inAttribute: false)
    case .trusted(let markup):
      output.append(markup)
    case .fragment(let nodes):
      nodes.withUnsafeBufferPointer { nodes in
        for index in nodes.indices { nodes[index].write(into: &output) }
      }
    case .void(let name, let attributes):
      output.append(UInt8(ascii: "<"))
      output.append(name)
      Self.write(attributes, into: &output)
      output.append(UInt8(ascii: ">"))
    case .element(let name, let attributes, let children):
      output.append(UInt8(ascii: "<"))
      output.append(name)
      Self.write(attributes, into: &output)
      output.append(UInt8(ascii: ">"))
      children.withUnsafeBufferPointer { children in
        for index in children.indices { children[index].write(into: &output) }
      }
      output.append("</" as StaticString)
      output.append(name)
      output.append(UInt8(ascii: ">"))
    }
  }

  private static func write(_ attributes: [Attribute], into output: inout ByteWriter) {
    attributes.withUnsafeBufferPointer { attributes in
      for index in attributes.indices where attributes[index].hasSafeName {
        output.append(UInt8(ascii: " "))
        output.append(attributes[index].name)
        if let value = attributes[index].value {
          output.append("=\"" as StaticString)
          escape(value, into: &output, inAttribute: true)
          output.append(UInt8(ascii: "\""))
        }
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
  static func escape(_ text: String, into output: inout ByteWriter, inAttribute: Bool) {
    let escaped = inAttribute ? escapedInAttribute : escapedInText
    func escape(_ bytes: UnsafeBufferPointer<UInt8>) {
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
        output.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        output.append(replacement)
        runStart = index + 1
      }
      output.append(UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }
    if text.utf8.withContiguousStorageIfAvailable(escape) == nil {
      var text = text
      text.withUTF8(escape)
    }
  }
}

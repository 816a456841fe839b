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
    for attribute in attributes where isSafeName(attribute.name) {
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

  /// Attribute names come from code, but a name that could break out of the tag is dropped.
  private static func isSafeName(_ name: String) -> Bool {
    !name.isEmpty
      && name.utf8.allSatisfy {
        ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D
          || $0 == 0x5F || $0 == 0x3A
      }
  }

  /// Text is appended in runs between the characters it escapes: appending a Unicode scalar
  /// at a time was half of a page's instructions (`make bench-cost`, the board's row).
  static func escape(_ text: String, into output: inout [UInt8], inAttribute: Bool) {
    func replacement(for byte: UInt8) -> StaticString? {
      switch byte {
      case UInt8(ascii: "&"): "&amp;"
      case UInt8(ascii: "<"): "&lt;"
      case UInt8(ascii: ">"): "&gt;"
      case UInt8(ascii: "\"") where inAttribute: "&quot;"
      case UInt8(ascii: "'") where inAttribute: "&#39;"
      default: nil
      }
    }
    var text = text
    text.withUTF8 { bytes in
      var runStart = 0
      for index in bytes.indices {
        guard let replacement = replacement(for: bytes[index]) else { continue }
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

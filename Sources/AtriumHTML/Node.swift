/// A piece of HTML as a value. Text and attribute values are escaped when rendered, so data
/// from people (a name, a notice, a bio) can never become markup; the only way to emit raw
/// markup is `Node.trusted`, which is named so it stands out in review.
///
/// Not `indirect`: children are held in arrays, already a reference, so a node needs no box
/// of its own; boxing every node cost a tenth of the `/time-off` page (`make bench-cost`).
public enum Node: Sendable, Hashable {
  case element(String, [Attribute], [Node])
  /// An element without content or end tag (`input`, `img`, `meta`, `link`, `br`).
  case void(String, [Attribute])
  case text(String)
  case fragment([Node])
  /// Markup produced by trusted code (the Markdown renderer, or markup kept after being
  /// rendered from nodes), inserted as it is.
  case trusted(String)
  /// Where a frame's content goes: renders as nothing, and `renderAroundHole()` splits the
  /// frame's markup there, so that a frame rendered once can be kept and filled many times.
  case hole

  public static let empty = Node.fragment([])
}

extension Node: ExpressibleByStringLiteral {
  public init(stringLiteral value: String) {
    self = .text(value)
  }
}

/// One attribute; a nil value is a boolean attribute (`required`, `checked`).
public struct Attribute: Sendable, Hashable {
  public let name: String
  public let value: String?
  /// Names come from code, but a name that could break out of the tag is not written. Checked
  /// once here, and not at all for the names of `Elements.swift`, where checking at each write
  /// was a tenth of writing a tag.
  let hasSafeName: Bool

  public init(_ name: String, _ value: String?) {
    self.init(name, value, hasSafeName: Self.isSafeName(name))
  }

  /// An attribute whose name is one of the literals of `Elements.swift`.
  init(known name: String, _ value: String?) {
    self.init(name, value, hasSafeName: true)
  }

  private init(_ name: String, _ value: String?, hasSafeName: Bool) {
    self.name = name
    self.value = value
    self.hasSafeName = hasSafeName
  }

  private static func isSafeName(_ name: String) -> Bool {
    !name.isEmpty
      && name.utf8.allSatisfy {
        ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D
          || $0 == 0x5F || $0 == 0x3A
      }
  }
}

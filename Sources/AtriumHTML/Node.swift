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
  /// Markup produced by trusted code (the Markdown renderer), inserted as it is.
  case trusted(String)

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

  public init(_ name: String, _ value: String?) {
    self.name = name
    self.value = value
  }
}

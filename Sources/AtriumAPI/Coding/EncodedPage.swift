/// An object whose members were encoded once (`StreamingJSONEncoder.encodeMembers`): written
/// again, it copies them.
package protocol EncodedMembers: JSONStreamable, Sendable {
  var members: [UInt8] { get }
}

extension EncodedMembers {
  package func write(to object: inout JSONObjectWriter) throws {
    object.members(members)
  }
}

/// A page of objects encoded once, the bytes of a `Page` of them.
package struct EncodedPage<Item: EncodedMembers>: JSONStreamable, Sendable {
  package let items: [Item]
  package let nextCursor: String?

  package init(items: [Item], nextCursor: String?) {
    self.items = items
    self.nextCursor = nextCursor
  }

  /// How many bytes the page takes, about (reserved at once, so the output is not copied as
  /// it grows).
  package var sizeEstimate: Int {
    items.reduce(96 + (nextCursor?.utf8.count ?? 0)) { $0 + $1.members.count + 3 }
  }

  package func write(to object: inout JSONObjectWriter) throws {
    try object.field("items", objects: items)
    object.field("nextCursor", nextCursor)
  }
}

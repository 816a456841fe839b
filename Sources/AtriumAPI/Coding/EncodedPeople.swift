/// Someone in the directory (`PersonSummary`'s members), encoded once: a directory page
/// written again from kept people copies them, where writing each person cost some 4,600
/// instructions, and making the strings it is written from as much again (`make bench-cost`).
package struct EncodedPersonSummary: JSONStreamable, Sendable {
  package let members: [UInt8]

  package init(_ summary: PersonSummary) throws {
    members = try StreamingJSONEncoder().encodeMembers { try summary.write(to: &$0) }
  }

  package func write(to object: inout JSONObjectWriter) throws {
    object.members(members)
  }
}

/// A directory page, the bytes of `Page<PersonSummary>`.
package struct EncodedDirectoryPage: JSONStreamable, Sendable {
  package let items: [EncodedPersonSummary]
  package let nextCursor: String?

  package init(items: [EncodedPersonSummary], nextCursor: String?) {
    self.items = items
    self.nextCursor = nextCursor
  }

  /// How many bytes the page takes, about (reserved at once, so the output is not copied as
  /// it grows).
  package var sizeEstimate: Int {
    items.reduce(64 + (nextCursor?.utf8.count ?? 0)) { $0 + $1.members.count + 3 }
  }

  package func write(to object: inout JSONObjectWriter) throws {
    try object.field("items", objects: items)
    object.field("nextCursor", nextCursor)
  }
}

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

/// The size of a page of objects encoded once, about.
package enum EncodedPageSize {
  package static func estimate(_ items: [some EncodedMembers], nextCursor: String?) -> Int {
    items.reduce(96 + (nextCursor?.utf8.count ?? 0)) { $0 + $1.members.count + 3 }
  }
}

import AtriumDomain

/// A request's JSON, encoded once: the members before its `type` and those after it. The
/// type's name is left out because an admin may rename a type without touching its requests;
/// it is written in when the request is (`EncodedRequestItem`).
package struct EncodedRequest: Sendable {
  package let typeID: String
  package let membersBeforeType: [UInt8]
  package let membersAfterType: [UInt8]

  package init(_ body: LeaveRequestBody) {
    let encoder = StreamingJSONEncoder()
    typeID = body.type.id
    membersBeforeType = encoder.encodeMembers { body.writeMembersBeforeType(to: &$0) }
    membersAfterType = encoder.encodeMembers { body.writeMembersAfterType(to: &$0) }
  }

  /// About how many bytes it takes written, with some for the type's reference.
  var sizeEstimate: Int { membersBeforeType.count + membersAfterType.count + 96 }
}

/// A request as `LeaveRequestBody` writes it, from its encoding and its type.
package struct EncodedRequestItem: JSONStreamable, Sendable {
  package let request: EncodedRequest
  package let type: Reference

  package init(request: EncodedRequest, type: Reference) {
    self.request = request
    self.type = type
  }

  /// The request with its type named from `names` (by type id); a type no longer there is
  /// named "".
  package init(request: EncodedRequest, names: [String: String]) {
    self.init(request: request, type: Reference(id: request.typeID, name: names[request.typeID] ?? ""))
  }

  package func write(to object: inout JSONObjectWriter) throws {
    object.members(request.membersBeforeType)
    try object.field("type", object: type)
    object.members(request.membersAfterType)
  }
}

/// An item of the approvals list (`ApprovalItem`'s bytes): its members, encoded once, so a
/// list written again from kept items copies them.
package struct EncodedApprovalItem: EncodedMembers {
  package let members: [UInt8]

  /// The item of `item`, asked by `employee`.
  package init(item: EncodedRequestItem, employee: EmployeeSummary) throws {
    members = try StreamingJSONEncoder().encodeMembers { object in
      try item.write(to: &object)
      try object.field("employee", object: employee)
    }
  }
}

/// A page of the approvals list, the bytes of `Page<ApprovalItem>`.
///
/// This and `EncodedDirectoryPage` are two types, not one generic page: a generic page made in
/// this module and written from another was not specialized there, and each of its items was
/// written through a witness table: the approvals list and the search cost 5-6% more
/// instructions (`make bench-cost`).
package struct EncodedApprovalsPage: JSONStreamable, Sendable {
  package let items: [EncodedApprovalItem]
  package let nextCursor: String?

  package init(items: [EncodedApprovalItem], nextCursor: String?) {
    self.items = items
    self.nextCursor = nextCursor
  }

  /// How many bytes the page takes, about (reserved at once, so the output is not copied as
  /// it grows).
  package var sizeEstimate: Int { EncodedPageSize.estimate(items, nextCursor: nextCursor) }

  package func write(to object: inout JSONObjectWriter) throws {
    try object.field("items", objects: items)
    object.field("nextCursor", nextCursor)
  }
}

/// Someone in the directory (`PersonSummary`'s members), encoded once: a directory page
/// written again from kept people copies them, where writing each person cost some 4,600
/// instructions, and making the strings it is written from as much again (`make bench-cost`).
package struct EncodedPersonSummary: EncodedMembers {
  package let members: [UInt8]

  package init(_ summary: PersonSummary) throws {
    members = try StreamingJSONEncoder().encodeMembers { try summary.write(to: &$0) }
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
  package var sizeEstimate: Int { EncodedPageSize.estimate(items, nextCursor: nextCursor) }

  package func write(to object: inout JSONObjectWriter) throws {
    try object.field("items", objects: items)
    object.field("nextCursor", nextCursor)
  }
}

/// A year of leave, the bytes of `LeaveYear`: its balance, then its requests from their
/// encodings.
package struct EncodedLeaveYear: JSONStreamable, Sendable {
  /// The year's balance and whose it is (its `requests` are not written).
  package var balance: LeaveYear
  package let requests: [EncodedRequestItem]

  package init(balance: LeaveYear, requests: [EncodedRequestItem]) {
    self.balance = balance
    self.requests = requests
  }

  package var sizeEstimate: Int { requests.reduce(512) { $0 + $1.request.sizeEstimate } }

  package func write(to object: inout JSONObjectWriter) throws {
    balance.writeBalance(to: &object)
    try object.field("requests", objects: requests)
    if let employee = balance.employee { try object.field("employee", object: employee) }
  }
}

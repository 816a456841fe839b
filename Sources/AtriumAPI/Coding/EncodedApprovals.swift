import AtriumDomain

/// A request's JSON, encoded once: the members before its `type` and those after it. The
/// type's name is left out because an admin may rename a type without touching its requests;
/// it is written in when the request is (`EncodedApprovalItem`).
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
}

/// An item of the approvals list (`ApprovalItem`'s bytes), written from an encoded request.
package struct EncodedApprovalItem: JSONStreamable, Sendable {
  package let request: EncodedRequest
  package let type: Reference
  package let employee: EmployeeSummary

  package init(request: EncodedRequest, type: Reference, employee: EmployeeSummary) {
    self.request = request
    self.type = type
    self.employee = employee
  }

  package func write(to object: inout JSONObjectWriter) throws {
    object.members(request.membersBeforeType)
    try object.field("type", object: type)
    object.members(request.membersAfterType)
    try object.field("employee", object: employee)
  }
}

/// A page of the approvals list, the bytes of `Page<ApprovalItem>`.
package struct EncodedApprovalsPage: JSONStreamable, Sendable {
  package let items: [EncodedApprovalItem]
  package let nextCursor: String?

  package init(items: [EncodedApprovalItem], nextCursor: String?) {
    self.items = items
    self.nextCursor = nextCursor
  }

  /// About how many bytes the page takes: its requests' kept members, and some for the
  /// type and requester of each (reserved at once, so the output is not copied as it grows).
  package var sizeEstimate: Int {
    items.reduce(64) { $0 + $1.request.membersBeforeType.count + $1.request.membersAfterType.count + 256 }
  }

  package func write(to object: inout JSONObjectWriter) throws {
    try object.field("items", objects: items)
    object.field("nextCursor", nextCursor)
  }
}

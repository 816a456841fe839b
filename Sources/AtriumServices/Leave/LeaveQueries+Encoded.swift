import AtriumAPI
import AtriumDomain
import AtriumStore

/// The API's leave reads, written from the requests' encodings (`LeaveContext.encoded`): the
/// bytes of `myLeave`, `personLeave` and `approvals` encoded, each request read and encoded
/// only when it changed since this instance last did.
extension LeaveQueries {
  package func encodedMyLeave(year: Int?, principal: Principal) throws -> EncodedLeaveYear {
    try readYear(of: nil, year: year, principal: principal) { try $0.encodedYear($1, of: $2, today: $3) }
  }

  package func encodedPersonLeave(id: String, year: Int?, principal: Principal) throws -> EncodedLeaveYear {
    try readYear(of: id, year: year, principal: principal) { context, year, employee, today in
      var result = try context.encodedYear(year, of: employee, today: today)
      result.balance.employee = context.summary(of: employee)
      return result
    }
  }

  /// Each requester's name, position and photo are those this instance read less than a
  /// second ago while nothing changed (`InstanceMemory.requesters`): a change shows at once
  /// on this instance, and within a second on the others, as the caller's own facts do.
  package func encodedApprovals(
    filter: ApprovalFilter, page: PageRequest, principal: Principal
  ) throws -> EncodedApprovalsPage {
    guard let scope = Self.scope(of: principal.employee) else { throw Problem.forbidden(.onlyDecidersDecide) }
    return try environment.database.read { connection in
      let kept = environment.memory?.encodedApprovalItems
      // One lookup a row, as it is read: `known` is asked once for each entry, in order.
      var found: [EncodedApprovalItems.Found?] = []
      found.reserveCapacity(page.limit)
      let result = try ApprovalsStore(connection).entries(
        scope: scope, status: filter.status, limit: page.limit, after: page.cursor,
        known: { revision in
          let item = kept?.found(revision: revision)
          found.append(item)
          return item?.entry
        },
        requesters: environment.memory.map { memory in
          { ids in try memory.requesters.values(for: ids) { try ApprovalsStore(connection).requesters(ids: $0) } }
        })
      let items = try LeaveContext(connection: connection, environment: environment)
        .approvalItems(result.entries, found: found)
      return EncodedApprovalsPage(items: items, nextCursor: result.nextCursor)
    }
  }
}

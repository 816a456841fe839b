import AtriumAPI
import AtriumDomain
import AtriumStore

extension LeaveQueries {
  /// The approvals list as the API sends it (the bytes of `approvals` encoded), written from
  /// what this instance encoded of each request before: only the requests whose revision
  /// moved since are read in full and encoded again. The requester's name, position and
  /// photo and the type's name are read for every page, so their changes show at once.
  package func encodedApprovals(
    filter: ApprovalFilter, page: PageRequest, principal: Principal
  ) throws -> EncodedApprovalsPage {
    guard let scope = Self.scope(of: principal.employee) else { throw Problem.forbidden(.onlyDecidersDecide) }
    return try environment.database.read { connection in
      let result = try ApprovalsStore(connection).entries(
        scope: scope, status: filter.status, limit: page.limit, after: page.cursor)
      let entries = result.entries
      let kept = environment.memory?.encodedRequests
      var encoded =
        kept?.encoded(entries.map { ($0.requestID, $0.revision) })
        ?? Array(repeating: nil, count: entries.count)
      let missing = entries.indices.filter { encoded[$0] == nil }
      if !missing.isEmpty {
        let context = LeaveContext(connection: connection, environment: environment)
        let stored = try context.requests.requests(ids: missing.map { entries[$0].requestID })
        let fresh = zip(stored, try context.bodies(stored)).map { stored, body in
          (id: stored.request.id, revision: stored.revision, encoded: EncodedRequest(body))
        }
        kept?.keep(fresh)
        let byID = Dictionary(fresh.map { ($0.id, $0.encoded) }, uniquingKeysWith: { first, _ in first })
        for index in missing { encoded[index] = byID[entries[index].requestID] }
      }
      let types = Dictionary(
        try environment.recall(\.leaveTypes, .leaveTypes) { try LeaveSettingsStore(connection).leaveTypes() }
          .map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
      // A manager's list repeats the same few people: each one's summary is made once.
      var summaries: [String: EmployeeSummary] = [:]
      let items = zip(entries, encoded).compactMap { entry, request -> EncodedApprovalItem? in
        guard let request else { return nil }
        let id = entry.employee.id
        let summary =
          summaries[id]
          ?? EmployeeSummary(
            id: id, displayName: entry.employee.displayName, position: entry.position,
            photoURL: PhotoService.address(of: id, photoID: entry.photoID))
        summaries[id] = summary
        return EncodedApprovalItem(
          request: request, type: Reference(id: request.typeID, name: types[request.typeID] ?? ""), employee: summary)
      }
      return EncodedApprovalsPage(items: items, nextCursor: result.nextCursor)
    }
  }
}

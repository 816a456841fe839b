import AtriumAPI
import AtriumDomain
import AtriumStore

/// Requests as the API sends them, written from what this instance made of each before
/// (`KeptRequests`, by revision): only those whose revision moved since are read in full and
/// made again. The approvals list, the year views and the time-off page share them.
extension LeaveContext {
  /// What this instance made of each request, for these ids and revisions, making what it had
  /// not (and keeping it); nil for one no longer there.
  package func kept(_ keys: [(id: String, revision: Int64)]) throws -> [KeptRequest?] {
    let memory = environment.memory?.keptRequests
    var kept = memory?.kept(keys) ?? Array(repeating: nil, count: keys.count)
    let missing = keys.indices.filter { kept[$0] == nil }
    guard !missing.isEmpty else { return kept }
    let stored = try requests.requests(ids: missing.map { keys[$0].id })
    let fresh = zip(stored, try bodies(stored)).map { stored, body in
      (revision: stored.revision, kept: KeptRequest(body: body))
    }
    memory?.keep(fresh)
    let byID = Dictionary(fresh.map { ($0.kept.body.id, $0.kept) }, uniquingKeysWith: { first, _ in first })
    for index in missing { kept[index] = byID[keys[index].id] }
    return kept
  }

  /// Each request's encoding, for these ids and revisions; nil for one no longer there.
  package func encoded(_ keys: [(id: String, revision: Int64)]) throws -> [EncodedRequest?] {
    try kept(keys).map { $0?.encoded }
  }

  /// Each leave type's name by id, from the instance's memory.
  package func typeNames() throws -> [String: String] {
    try environment.recall(\.leaveTypeNames, .leaveTypeNames) {
      Dictionary(
        try environment.recall(\.leaveTypes, .leaveTypes) { try settings.leaveTypes() }.map { ($0.id, $0.name) },
        uniquingKeysWith: { first, _ in first })
    }
  }

  /// The approvals list's items of `entries`: those this instance wrote before, while their
  /// requester and the types' names are unchanged (`EncodedApprovalItems`); the others written
  /// from the requests' encodings, and kept. `found` is what the page found kept for each entry
  /// as it read it (`EncodedApprovalItems.found(revision:)`), in the entries' order.
  package func approvalItems(
    _ entries: [ApprovalsStore.Entry], found: [EncodedApprovalItems.Found?]
  ) throws -> [EncodedApprovalItem] {
    let names = try typeNames()
    let kept = environment.memory?.encodedApprovalItems
    let namesVersion = kept?.version(of: names) ?? 0
    if let all = kept?.allItems(entries, found: found, namesVersion: namesVersion) { return all }
    var items =
      kept?.items(entries, found: found, namesVersion: namesVersion) ?? Array(repeating: nil, count: entries.count)
    let missing = items.indices.filter { items[$0] == nil }
    guard !missing.isEmpty else { return items.compactMap { $0 } }
    let requests = try encoded(missing.map { (entries[$0].requestID, entries[$0].revision) })
    // A manager's list repeats the same few people: each one's summary is made once.
    var summaries: [String: EmployeeSummary] = [:]
    var written: [(entry: ApprovalsStore.Entry, item: EncodedApprovalItem)] = []
    for (index, request) in zip(missing, requests) {
      guard let request else { continue }
      let entry = entries[index]
      let requester = entry.requester
      let summary =
        summaries[requester.id]
        ?? EmployeeSummary(
          id: requester.id, displayName: requester.displayName, position: requester.position,
          photoURL: PhotoService.address(of: requester.id, photoID: requester.photoID))
      summaries[requester.id] = summary
      let item = try EncodedApprovalItem(item: EncodedRequestItem(request: request, names: names), employee: summary)
      items[index] = item
      written.append((entry, item))
    }
    kept?.keep(written, namesVersion: namesVersion)
    return items.compactMap { $0 }
  }
}

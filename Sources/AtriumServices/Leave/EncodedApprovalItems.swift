import AtriumAPI
import AtriumStore

/// What this instance wrote of the approvals list's items, by request revision, with what
/// each was written from besides the request: its type's name and its requester.
///
/// The revision covers the request (`EncodedRequests`); the type's name and the requester can
/// change without it, so an item is used only while both are still what the list reads now.
/// A page of kept items is then copies: no request, requester or type is encoded again.
package final class EncodedApprovalItems: Sendable {
  /// A class, so that handing one out of the lock retains it once rather than each of its
  /// strings.
  private final class Kept: Sendable {
    let requestID: String
    let requester: ApprovalsStore.Requester
    let typeID: String
    let typeName: String
    let item: EncodedApprovalItem

    init(
      requestID: String, requester: ApprovalsStore.Requester, typeID: String, typeName: String,
      item: EncodedApprovalItem
    ) {
      self.requestID = requestID
      self.requester = requester
      self.typeID = typeID
      self.typeName = typeName
      self.item = item
    }
  }

  private let kept: TwoGenerations<Int64, Kept>

  package init(limit: Int = 10_000) {
    kept = TwoGenerations(limit: limit)
  }

  /// The item kept for each entry, nil where there is none or where its type's name (in
  /// `typeNames`, by type id) or its requester changed since it was written.
  package func items(_ entries: [ApprovalsStore.Entry], typeNames: [String: String]) -> [EncodedApprovalItem?] {
    zip(entries, kept.values(for: entries.map(\.revision))).map { entry, kept in
      guard let kept, kept.requestID == entry.requestID, kept.requester == entry.requester,
        kept.typeName == EncodedRequestItem.typeName(kept.typeID, in: typeNames)
      else { return nil }
      return kept.item
    }
  }

  /// Keeps `item`, written of `entry`'s request (`request`) with the type named `typeName`.
  package func keep(
    _ written: [(entry: ApprovalsStore.Entry, request: EncodedRequest, typeName: String, item: EncodedApprovalItem)]
  ) {
    kept.keep(
      written.map { written in
        let kept = Kept(
          requestID: written.entry.requestID, requester: written.entry.requester, typeID: written.request.typeID,
          typeName: written.typeName, item: written.item)
        return (key: written.entry.revision, value: kept)
      })
  }
}

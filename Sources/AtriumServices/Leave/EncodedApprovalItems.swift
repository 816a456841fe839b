import AtriumAPI
import AtriumStore

/// What this instance wrote of the approvals list's items, by request revision, with what
/// each was written from besides the request: the leave types' names and its requester.
///
/// The revision covers the request (`KeptRequests`); the types' names and the requester can
/// change without it, so an item is used only while both are still what the list reads now.
/// A page of kept items is then copies: no request, requester or type is encoded again.
package final class EncodedApprovalItems: Sendable {
  fileprivate typealias Kept = KeptEncoding<ApprovalsStore.Entry, EncodedApprovalItem>

  /// What a page found kept for one of its rows (`found(revision:)`), handed back to `items`.
  package struct Found {
    fileprivate let kept: Kept

    /// The entry the item was kept for: its request's id and requester as they were read then,
    /// which a row that still reads the same need not make again (`ApprovalsStore.entries(known:)`),
    /// and which `items` then finds equal at once.
    package var entry: ApprovalsStore.Entry { kept.source }
  }

  private let kept: TwoGenerations<Int64, Kept>
  /// The types' names the items are written with.
  private let names = NamesVersions<[String: String]>()

  package init(limit: Int = 10_000) {
    kept = TwoGenerations(limit: limit)
  }

  /// The version of `typeNames` (each leave type's name by id), a new one when they differ
  /// from the last names asked about (`NamesVersions`).
  package func version(of typeNames: [String: String]) -> Int {
    names.version(of: typeNames)
  }

  /// What was kept under `revision`, nil when nothing is.
  package func found(revision: Int64) -> Found? {
    kept.value(for: revision).map(Found.init)
  }

  /// The item kept for each entry, from what its page found for it (`found`, in the entries'
  /// order): nil where nothing was found, or the item was written with other types' names
  /// (`namesVersion`, from `version(of:)`) or of another request or requester.
  ///
  /// The page looked each row up as it read it; looking them all up again here took a tenth of
  /// the 840-row page's time (`perf`), on a lock and counts that every thread serving the list
  /// shares.
  package func items(
    _ entries: [ApprovalsStore.Entry], found: [Found?], namesVersion: Int
  ) -> [EncodedApprovalItem?] {
    entries.indices.map { Self.item(at: $0, of: entries, found: found, namesVersion: namesVersion) }
  }

  /// Every entry's item when each was kept, nil when one was not: the page as it is sent, made
  /// without the optionals `items` gives (each one more count to take and drop on a kept item's
  /// bytes, which every thread serving the list shares).
  package func allItems(
    _ entries: [ApprovalsStore.Entry], found: [Found?], namesVersion: Int
  ) -> [EncodedApprovalItem]? {
    var items: [EncodedApprovalItem] = []
    items.reserveCapacity(entries.count)
    for index in entries.indices {
      guard let item = Self.item(at: index, of: entries, found: found, namesVersion: namesVersion) else { return nil }
      items.append(item)
    }
    return items
  }

  private static func item(
    at index: Int, of entries: [ApprovalsStore.Entry], found: [Found?], namesVersion: Int
  ) -> EncodedApprovalItem? {
    guard index < found.count, let kept = found[index]?.kept, kept.namesVersion == namesVersion,
      kept.source == entries[index]
    else { return nil }
    return kept.item
  }

  /// Keeps each item, written of its entry's request with the names of `namesVersion`.
  package func keep(_ written: [(entry: ApprovalsStore.Entry, item: EncodedApprovalItem)], namesVersion: Int) {
    kept.keep(
      written.map { written in
        (
          key: written.entry.revision,
          value: Kept(source: written.entry, namesVersion: namesVersion, item: written.item)
        )
      })
  }
}

import AtriumAPI
import AtriumStore
import Synchronization

/// What this instance wrote of the approvals list's items, by request revision, with what
/// each was written from besides the request: the leave types' names and its requester.
///
/// The revision covers the request (`EncodedRequests`); the types' names and the requester can
/// change without it, so an item is used only while both are still what the list reads now.
/// A page of kept items is then copies: no request, requester or type is encoded again.
package final class EncodedApprovalItems: Sendable {
  /// A class, so that handing one out of the lock retains it once rather than each of its
  /// strings.
  private final class Kept: Sendable {
    let requestID: String
    let requester: ApprovalsStore.Requester
    let namesVersion: Int
    let item: EncodedApprovalItem

    init(requestID: String, requester: ApprovalsStore.Requester, namesVersion: Int, item: EncodedApprovalItem) {
      self.requestID = requestID
      self.requester = requester
      self.namesVersion = namesVersion
      self.item = item
    }
  }

  /// The types' names the items are written with, and their version: a number that moves
  /// whenever a page brings names unlike the last ones. An item records the version it was
  /// written with, so checking its type's name is comparing two numbers, where looking the name
  /// up by the type's id cost some 650 instructions a row (`make bench-cost`).
  private struct Names: Sendable {
    var names: [String: String] = [:]
    var version = 0
  }

  private let kept: TwoGenerations<Int64, Kept>
  private let names = Mutex(Names())

  package init(limit: Int = 10_000) {
    kept = TwoGenerations(limit: limit)
  }

  /// The version of `typeNames` (each leave type's name by id), a new one when they differ
  /// from the last names asked about. A version stands for one set of names only: names that
  /// come back after a change get a new version, which only makes kept items written again.
  package func version(of typeNames: [String: String]) -> Int {
    names.withLock { names in
      if names.names != typeNames {
        names = Names(names: typeNames, version: names.version + 1)
      }
      return names.version
    }
  }

  /// The entry an item was kept for under `revision`: its request's id and requester as they
  /// were read then, which a row that still reads the same need not make again
  /// (`ApprovalsStore.entries(known:)`), and which `items` then finds equal at once.
  package func entry(revision: Int64) -> ApprovalsStore.Entry? {
    kept.value(for: revision).map {
      ApprovalsStore.Entry(requestID: $0.requestID, revision: revision, requester: $0.requester)
    }
  }

  /// The item kept for each entry, nil where there is none or where it was written with other
  /// types' names (`namesVersion`, from `version(of:)`) or another requester.
  package func items(_ entries: [ApprovalsStore.Entry], namesVersion: Int) -> [EncodedApprovalItem?] {
    zip(entries, kept.values(for: entries.map(\.revision))).map { entry, kept in
      guard let kept, kept.namesVersion == namesVersion, kept.requestID == entry.requestID,
        kept.requester == entry.requester
      else { return nil }
      return kept.item
    }
  }

  /// Keeps each item, written of its entry's request with the names of `namesVersion`.
  package func keep(_ written: [(entry: ApprovalsStore.Entry, item: EncodedApprovalItem)], namesVersion: Int) {
    kept.keep(
      written.map { written in
        let kept = Kept(
          requestID: written.entry.requestID, requester: written.entry.requester, namesVersion: namesVersion,
          item: written.item)
        return (key: written.entry.revision, value: kept)
      })
  }
}

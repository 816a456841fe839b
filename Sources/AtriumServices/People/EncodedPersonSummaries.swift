import AtriumAPI
import AtriumStore
import Synchronization

/// What this instance wrote of the directory's people, by id, with the row each was written
/// from and the version of the department and location names it was written with.
///
/// A directory page reads every person's columns anyway (to choose the page), so a kept person
/// is used only when their row still reads the same (`PeopleStore.directory(known:)`) and the
/// place names are still the ones it was written with: a change anywhere, on any instance,
/// shows on the next page.
package final class EncodedPersonSummaries: Sendable {
  /// A class, so that handing one out of the lock retains it once rather than each of its
  /// strings.
  fileprivate final class Kept: Sendable {
    let row: PeopleStore.ListedRow
    let namesVersion: Int
    let summary: EncodedPersonSummary

    init(row: PeopleStore.ListedRow, namesVersion: Int, summary: EncodedPersonSummary) {
      self.row = row
      self.namesVersion = namesVersion
      self.summary = summary
    }
  }

  /// What one page found kept as it read its rows (`found(id:)`), by the kept row's identity:
  /// the store hands back that same row when the person still reads as it.
  package struct Found {
    private var kept: [ObjectIdentifier: Kept] = [:]

    /// - Parameter rows: How many rows the page reads, about (room made at once).
    package init(rows: Int) {
      kept.reserveCapacity(rows)
    }

    /// The row kept for `id`, noted for `summary(of:namesVersion:)`; nil when none is.
    package mutating func row(for id: String, in summaries: EncodedPersonSummaries?) -> PeopleStore.ListedRow? {
      guard let found = summaries?.kept.value(for: id) else { return nil }
      kept[ObjectIdentifier(found.row)] = found
      return found.row
    }

    /// The kept summary of a row the page holds, when it was written with these names.
    fileprivate func summary(of row: PeopleStore.ListedRow, namesVersion: Int) -> EncodedPersonSummary? {
      guard let found = kept[ObjectIdentifier(row)], found.row === row, found.namesVersion == namesVersion else {
        return nil
      }
      return found.summary
    }
  }

  /// The place names the people are written with, and their version: a number that moves
  /// whenever names unlike the last ones are read, so checking a kept person's names is
  /// comparing two numbers.
  private struct Names: Sendable {
    var names: PlaceNames?
    var version = 0
  }

  private let kept: TwoGenerations<String, Kept>
  private let names = Mutex(Names())

  /// - Parameter limit: People kept in each of two generations (some 600 bytes each).
  package init(limit: Int = 5_000) {
    kept = TwoGenerations(limit: limit)
  }

  /// The version of `names`, a new one when they differ from the last names asked about. A
  /// version stands for one set of names only: names that come back after a change get a new
  /// version, which only makes kept people written again.
  package func version(of placeNames: PlaceNames) -> Int {
    names.withLock { names in
      if names.names.map({ !$0.sameNames(as: placeNames) }) ?? true {
        names = Names(names: placeNames, version: names.version + 1)
      }
      return names.version
    }
  }

  /// Each row's summary: the kept one when the page found it (`found`) and it was written with
  /// the same names, otherwise `write`'s, which is kept.
  package func summaries(
    of rows: [PeopleStore.ListedRow], found: Found, namesVersion: Int,
    write: (PeopleStore.ListedRow) throws -> EncodedPersonSummary
  ) rethrows -> [EncodedPersonSummary] {
    var written: [(key: String, value: Kept)] = []
    let summaries = try rows.map { row in
      if let summary = found.summary(of: row, namesVersion: namesVersion) { return summary }
      let summary = try write(row)
      written.append((row.person.id, Kept(row: row, namesVersion: namesVersion, summary: summary)))
      return summary
    }
    kept.keep(written)
    return summaries
  }
}

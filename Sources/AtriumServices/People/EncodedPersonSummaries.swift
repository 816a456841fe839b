import AtriumAPI
import AtriumStore

/// What this instance wrote of the directory's people, by id, with the row each was written
/// from and the version of the department and location names it was written with.
///
/// A directory page reads every person's columns anyway (to choose the page), so a kept person
/// is used only when their row still reads the same (`PeopleStore.directory(known:)`) and the
/// place names are still the ones it was written with: a change anywhere, on any instance,
/// shows on the next page.
package final class EncodedPersonSummaries: Sendable {
  fileprivate typealias Kept = KeptEncoding<PeopleStore.ListedRow, EncodedPersonSummary>

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
      kept[ObjectIdentifier(found.source)] = found
      return found.source
    }

    /// The kept summary of a row the page holds, when it was written with these names. `kept`
    /// holds each found row, so no other row can have its identity while the page runs.
    fileprivate func summary(of row: PeopleStore.ListedRow, namesVersion: Int) -> EncodedPersonSummary? {
      guard let found = kept[ObjectIdentifier(row)], found.namesVersion == namesVersion else {
        return nil
      }
      return found.item
    }
  }

  private let kept: TwoGenerations<String, Kept>
  /// The department and location names the people are written with.
  private let names = NamesVersions<PlaceNames>()

  /// - Parameter limit: People kept in each of two generations (each their JSON, some 380
  ///   bytes, and their row's strings).
  package init(limit: Int = 5_000) {
    kept = TwoGenerations(limit: limit)
  }

  /// The version of `placeNames`, a new one when they differ from the last names asked about
  /// (`NamesVersions`).
  package func version(of placeNames: PlaceNames) -> Int {
    names.version(of: placeNames)
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
      written.append((row.person.id, Kept(source: row, namesVersion: namesVersion, item: summary)))
      return summary
    }
    kept.keep(written)
    return summaries
  }
}

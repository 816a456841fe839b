/// An item this instance encoded, with what it was read from and the version of the names it
/// was written with (`NamesVersions`): a later page uses it only while its rows still read as
/// `source` and the names have that version.
///
/// A class, so that handing one out of a lock retains it once rather than each of its strings.
package final class KeptEncoding<Source: Sendable, Item: Sendable>: Sendable {
  package let source: Source
  package let namesVersion: Int
  package let item: Item

  package init(source: Source, namesVersion: Int, item: Item) {
    self.source = source
    self.namesVersion = namesVersion
    self.item = item
  }
}

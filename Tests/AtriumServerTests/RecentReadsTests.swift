import AtriumServices
import Foundation
import Synchronization
import Testing

/// What an instance keeps of its hottest reads is used again only while nothing may have
/// changed, and never for a second or more.
@Suite struct RecentReadsTests {
  /// A read that counts how often it ran and answers that count.
  final class CountingRead: Sendable {
    private let count = Atomic<Int>(0)
    var runs: Int { count.load(ordering: .relaxed) }
    func callAsFunction() -> Int { count.add(1, ordering: .relaxed).newValue }
  }

  @Test func aValueIsReadOnceWhileNothingChanges() {
    let signal = ChangeSignal()
    let reads = RecentReads<String, Int>(signal: signal)
    let read = CountingRead()
    #expect(reads.value(for: "eva", read: read.callAsFunction) == 1)
    #expect(reads.value(for: "eva", read: read.callAsFunction) == 1)
    #expect(reads.value(for: "mario", read: read.callAsFunction) == 2, "another key is read for itself")
    #expect(read.runs == 2)
  }

  @Test func aChangeMakesEveryValueBeReadAgain() {
    let signal = ChangeSignal()
    let reads = RecentReads<String, Int>(signal: signal)
    let read = CountingRead()
    _ = reads.value(for: "eva", read: read.callAsFunction)
    _ = reads.value(for: "mario", read: read.callAsFunction)
    signal.changed()
    #expect(reads.value(for: "eva", read: read.callAsFunction) == 3)
    #expect(reads.value(for: "mario", read: read.callAsFunction) == 4)
    #expect(reads.value(for: "eva", read: read.callAsFunction) == 3)
  }

  @Test func aValueReadWhileAChangeCommittedIsNotUsedAgain() {
    let signal = ChangeSignal()
    let reads = RecentReads<String, Int>(signal: signal)
    let read = CountingRead()
    // The change lands while the value is being read: what was read may predate it.
    _ = reads.value(for: "eva") {
      signal.changed()
      return read()
    }
    #expect(reads.value(for: "eva", read: read.callAsFunction) == 2)
  }

  @Test func aValueReadInsideAWriteIsNotKept() {
    // It may be what the write has not committed yet.
    let signal = ChangeSignal()
    let reads = RecentReads<String, Int>(signal: signal)
    let read = CountingRead()
    signal.inWrite { _ = reads.value(for: "eva", read: read.callAsFunction) }
    #expect(reads.value(for: "eva", read: read.callAsFunction) == 2)
    #expect(reads.value(for: "eva", read: read.callAsFunction) == 2, "kept when read outside a write")
  }

  @Test func noValueIsKeptForASecond() {
    let reads = RecentReads<String, Int>(signal: ChangeSignal())
    let read = CountingRead()
    _ = reads.value(for: "eva", read: read.callAsFunction)
    Thread.sleep(forTimeInterval: 1)
    #expect(reads.value(for: "eva", read: read.callAsFunction) == 2)
  }

  @Test func aFullMemoryStartsAgainEmpty() {
    let reads = RecentReads<Int, Int>(signal: ChangeSignal(), limit: 3)
    let read = CountingRead()
    for key in 0..<3 { _ = reads.value(for: key, read: read.callAsFunction) }
    _ = reads.value(for: 3, read: read.callAsFunction)
    #expect(read.runs == 4)
    #expect(reads.value(for: 0, read: read.callAsFunction) == 5, "dropped when the fourth came")
    #expect(reads.value(for: 3, read: read.callAsFunction) == 4, "the fourth is kept")
  }
}

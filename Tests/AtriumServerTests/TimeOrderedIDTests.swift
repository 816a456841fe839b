import Foundation
import Testing

@testable import AtriumServices

@Suite struct TimeOrderedIDTests {
  @Test func idsAreVersionSevenUUIDsThatBeginWithTheirMillisecond() throws {
    let now = Date(timeIntervalSince1970: 1_796_083_200.123)
    let id = TimeOrderedID.next(now: now)
    let uuid = try #require(UUID(uuidString: id))
    #expect(id == id.lowercased())
    let bytes = withUnsafeBytes(of: uuid.uuid) { Array($0) }
    #expect(bytes[6] >> 4 == 7)
    #expect(bytes[8] >> 6 == 0b10)
    let milliseconds = bytes[0..<6].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    // Later than `now` only when an earlier test of this process made ids past it.
    #expect(milliseconds >= 1_796_083_200_123)
  }

  /// Ids made one after another sort in that order, in one millisecond too, and past the
  /// 4,096 a millisecond can count.
  @Test func idsSortInTheOrderTheyWereMade() {
    let now = Date()
    let sameMillisecond = (0..<10_000).map { _ in TimeOrderedID.next(now: now) }
    let later = (0..<1_000).map { _ in TimeOrderedID.next() }
    let all = sameMillisecond + later
    #expect(all == all.sorted())
    #expect(Set(all).count == all.count)
  }

  @Test func theTextHasTheRFCLayout() {
    #expect(
      TimeOrderedID.text(milliseconds: 0x0189_7a1b_2c3d, counter: 0xabc, random: .max)
        == "01897a1b-2c3d-7abc-bfff-ffffffffffff")
    #expect(
      TimeOrderedID.text(milliseconds: 1, counter: 0, random: 0) == "00000000-0001-7000-8000-000000000000")
  }
}

import AtriumHTTPTypes
import Foundation
import Synchronization
import Testing

@Suite struct RequestIDTests {
  @Test func idsAreSixteenHexDigits_andNoTwoAlike_evenFromManyThreadsAtOnce() {
    let made = Mutex<[String]>([])
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      let ids = (0..<5_000).map { _ in RequestID.make() }
      made.withLock { $0 += ids }
    }
    let ids = made.withLock { $0 }
    #expect(ids.count == 40_000)
    #expect(Set(ids).count == ids.count)
    #expect(ids.allSatisfy { $0.utf8.count == 16 && $0.allSatisfy { "0123456789abcdef".contains($0) } })
    // Consecutive numbers are mixed: ids do not share their leading digits as a counter's would.
    #expect(Set(ids.map { $0.prefix(4) }).count > 1_000)
  }
}

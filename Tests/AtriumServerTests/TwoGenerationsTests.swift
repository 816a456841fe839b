import Testing

@testable import AtriumServices

/// The bounded store behind the kept encodings (`KeptRequests`, `EncodedApprovalItems`):
/// what keeps being used stays, what is not is dropped, and it never holds more than two
/// generations.
@Suite struct TwoGenerationsTests {
  @Test func whatIsUsedStays_whatIsNotIsDropped_andMemoryStaysBounded() {
    let kept = TwoGenerations<Int, String>(limit: 3)
    kept.keep([(1, "one"), (2, "two"), (3, "three")])
    #expect(kept.values(for: [1, 2, 3, 4]) == ["one", "two", "three", nil])

    // The current generation is full: keeping a fourth makes it the previous one.
    kept.keep([(key: 4, value: "four")])
    // Used from the previous generation, 1 moves back to the current one (4, 1)...
    #expect(kept.values(for: [1]) == ["one"])
    // ...and 5 fills it (4, 1, 5); then 6 turns it into the previous one, dropping 2 and 3.
    kept.keep([(5, "five"), (6, "six")])
    #expect(kept.values(for: [2, 3]) == [nil, nil])
    #expect(kept.values(for: [1, 4, 5, 6]) == ["one", "four", "five", "six"])

    // Now the previous generation is (6, 1, 4) and the current one (5, 6). Filled with 7, then
    // given 6 again: a key kept again replaces its value without turning a full generation
    // over, so 1 is still there in the previous one.
    kept.keep([(key: 7, value: "seven")])
    kept.keep([(key: 6, value: "six again")])
    #expect(kept.values(for: [1, 6, 7]) == ["one", "six again", "seven"])
  }

  @Test func manyKeysNeverLeaveMoreThanTwoGenerations() {
    let kept = TwoGenerations<Int, Int>(limit: 100)
    kept.keep((0..<1_000).map { (key: $0, value: $0 * 2) })
    let values = kept.values(for: Array(0..<1_000))
    #expect(values.compactMap { $0 }.count <= 200)
    // The last ones kept are there, with their values.
    #expect(values[900..<1_000].allSatisfy { $0 != nil })
    #expect(values[999] == 1_998)
    #expect(values[0] == nil)
  }
}

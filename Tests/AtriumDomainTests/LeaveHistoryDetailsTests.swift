import AtriumDomain
import Testing

@Suite struct LeaveHistoryDetailsTests {
  private func span(
    _ start: String, _ end: String, _ startHalf: StartHalf = .full, _ endHalf: EndHalf = .full
  ) throws -> LeaveSpan {
    try LeaveSpan(
      start: #require(CalendarDate(start)), end: #require(CalendarDate(end)), startHalf: startHalf, endHalf: endHalf)
  }

  @Test func everySpanReadsBackFromItsCode() throws {
    let spans = [
      try span("2026-03-02", "2026-03-06"), try span("2026-03-02", "2026-03-02", .afternoon),
      try span("2026-12-30", "2027-01-04", .afternoon, .morning), try span("2026-05-15", "2026-05-15", .full, .morning),
    ]
    for asked in spans {
      #expect(LeaveHistoryDetails(code: LeaveHistoryDetails.asked(asked).code) == .asked(asked))
      for other in spans {
        let moved = LeaveHistoryDetails.moved(from: asked, to: other)
        #expect(LeaveHistoryDetails(code: moved.code) == moved)
      }
    }
    #expect(
      LeaveHistoryDetails.asked(try span("2026-03-02", "2026-03-06", .afternoon)).code
        == "2026-03-02+afternoon/2026-03-06")
  }

  /// Rows written before the code hold English sentences: they are not read as codes.
  @Test func textThatIsNotACodeIsNotRead() {
    for text in [
      "", "2026-03-02 – 2026-03-06", "2026-03-02 (afternoon) – 2026-03-06 → 2026-03-09 – 2026-03-13", "2026-03-02",
      "2026-03-06/2026-03-02", "2026-03-02+morning/2026-03-06", "2026-03-02/2026-03-06+afternoon",
      "2026-03-02/2026-03-06>", "a/b>c/d", "2026-03-02+afternoon/2026-03-02+morning",
    ] {
      #expect(LeaveHistoryDetails(code: text) == nil, "\(text)")
    }
  }
}

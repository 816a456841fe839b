import AtriumDomain
import Testing

@Suite struct DailyDigestTests {
  let monday = CalendarDate(year: 2026, month: 3, day: 2)!
  var sunday: CalendarDate { monday.adding(days: -1) }

  @Test(arguments: [
    // (minutes after local midnight, last sent, what happens)
    (7 * 60 + 59, "2026-02-28", DailyDigest.Decision.send(day: CalendarDate("2026-03-01")!)),
    (7 * 60 + 59, "2026-03-01", .wait),
    (8 * 60, "2026-03-01", .send(day: CalendarDate("2026-03-02")!)),
    (8 * 60, "2026-03-02", .wait),
    (23 * 60 + 59, "2026-03-02", .wait),
    // A server down for days sends one digest when it is back.
    (10 * 60, "2026-02-20", .send(day: CalendarDate("2026-03-02")!)),
  ])
  func oneDigestPerLocalDayFrom0800(minutes: Int, lastSent: String, expected: DailyDigest.Decision) {
    #expect(DailyDigest.decide(date: monday, minutes: minutes, lastSent: CalendarDate(lastSent)!) == expected)
  }

  @Test func theFirstComesAtTheNext0800() {
    #expect(DailyDigest.decide(date: monday, minutes: 7 * 60, lastSent: nil) == .start(day: sunday))
    #expect(DailyDigest.decide(date: monday, minutes: 15 * 60, lastSent: nil) == .start(day: monday))
    // Started at 07:00: it comes the same morning.
    #expect(DailyDigest.decide(date: monday, minutes: 8 * 60, lastSent: sunday) == .send(day: monday))
  }
}

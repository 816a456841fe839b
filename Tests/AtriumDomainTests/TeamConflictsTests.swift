import AtriumDomain
import Testing

@Suite struct TeamConflictsTests {
  let pablo = PersonName(id: "p", displayName: "Pablo Ruiz")
  let carmen = PersonName(id: "c", displayName: "Carmen Díaz")

  @Test func namesTeammatesOffOnTheWorkingDaysAsked() throws {
    let asked = try LeaveSpan(start: date("2026-03-05"), end: date("2026-03-09"))
    let teammates = [
      (pablo, try LeaveSpan(start: date("2026-03-06"), end: date("2026-03-13"))),
      (carmen, try LeaveSpan(start: date("2026-03-09"), end: date("2026-03-09"), endHalf: .morning)),
    ]
    let days = TeamConflicts.days(of: asked, in: madrid, teammates: teammates)
    #expect(days.map(\.date.description) == ["2026-03-06", "2026-03-09"], "the weekend is not listed")
    #expect(days.last?.people.map(\.displayName) == ["Carmen Díaz", "Pablo Ruiz"])
  }

  @Test func halfDaysThatDoNotMeetAreNoConflict() throws {
    let morning = try LeaveSpan(start: date("2026-03-02"), end: date("2026-03-02"), endHalf: .morning)
    let afternoon = try LeaveSpan(start: date("2026-03-02"), end: date("2026-03-02"), startHalf: .afternoon)
    #expect(TeamConflicts.days(of: morning, in: madrid, teammates: [(pablo, afternoon)]).isEmpty)
  }

  @Test func nobodyOffIsNoWarning() throws {
    let asked = try LeaveSpan(start: date("2026-03-02"), end: date("2026-03-06"))
    #expect(TeamConflicts.days(of: asked, in: madrid, teammates: []).isEmpty)
  }
}

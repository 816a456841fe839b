import AtriumAPI
import AtriumDomain
import AtriumHTML
import AtriumMessages
import AtriumServer
import AtriumServices
import AtriumWeb
import Testing

/// The parts of pages kept as markup (the frame around every page, the time-off page's figures,
/// request rows and form) read exactly as the page made afresh, whatever changed between two
/// pages: a kept part whose key left out something it is made from would show an earlier page's
/// text.
@Suite struct KeptMarkupTests {
  @Test func pagesFromKeptPartsReadAsPagesMadeAfresh() {
    var random = SeededRandom(seed: 22)
    for step in 0..<600 {
      let page = RandomTimeOffPage(&random)
      let kept = page.render()
      let fresh = KeptMarkupReference.$makesAfresh.withValue(true) { page.render() }
      #expect(kept == fresh, "step \(step)")
      if kept != fresh { break }
    }
  }
}

/// A time-off page whose every input is one of two or three values, so that pages share most
/// of their parts' keys and differ in one or two things.
private struct RandomTimeOffPage {
  let context: WebContext
  let year: LeaveYear
  let types: [LeaveTypeBody]
  let error: String?

  init(_ random: inout SeededRandom) {
    func pick<T>(_ choices: [T]) -> T { choices[Int(random.next() % UInt64(choices.count))] }
    let employee = Employee(
      id: pick(["e1", "e2"]), username: "eva", email: "eva@example.com", firstName: pick(["Eva", "Éva <b>"]),
      lastName: "Santos", departmentID: "d1", locationID: "l1", role: pick([.employee, .manager, .admin]),
      photoID: pick([nil, "p1"]))
    let visitor = WebSessions.Visitor(
      principal: Principal(employee: employee, sessionID: "s1"), sessionID: "s1",
      csrfToken: pick(["token-a", "token-b"]))
    context = WebContext(
      visitor: pick([visitor, nil]), language: pick([.en, .es]), companyName: pick(["Atrium", "Acme & Co"]),
      unread: pick([0, 3]), current: pick([.timeOff(.overview(year: nil)), .board(.notices), nil]),
      flash: pick([nil, "Request sent"]), waiting: pick([0, 2]))
    func days() -> HalfDays { HalfDays(halves: pick([0, 1, 4])) }
    let requests = (0..<pick([0, 1, 3])).map { index in
      LeaveRequestBody(
        id: "r\(index)", employeeId: employee.id, start: CalendarDate("2026-04-0\(pick([6, 7]))")!,
        end: CalendarDate("2026-04-0\(pick([8, 9]))")!, startHalf: pick([.full, .afternoon]),
        endHalf: pick([.full, .morning]), type: Reference(id: "t1", name: pick(["Vacation", "Moving"])),
        days: days(), perYear: [:], status: pick(LeaveStatus.allCases), note: pick(["", "Beach"]),
        decisionReason: pick(["", "Busy week"]), createdAt: "2026-03-01T09:00:00Z",
        updatedAt: "2026-03-01T09:00:00Z")
    }
    year = LeaveYear(
      year: pick([2026, 2027]), allowance: days(), carriedOver: days(),
      carriedOverUntil: pick([CalendarDate("2026-03-31")!, CalendarDate("2026-06-30")!]), expired: days(),
      approved: days(), pending: days(), remaining: days(), requests: requests)
    types = pick([
      [LeaveTypeBody(id: "t1", name: "Vacation", countsAgainstAllowance: true, needsApproval: true, active: true)],
      [
        LeaveTypeBody(id: "t1", name: "Vacation", countsAgainstAllowance: true, needsApproval: true, active: true),
        LeaveTypeBody(
          id: "t2", name: pick(["Moving", "Mudanza"]), countsAgainstAllowance: false, needsApproval: true,
          active: true, default: pick([true, false])),
      ],
    ])
    error = pick([nil, "The end is before the start"])
  }

  func render() -> String {
    TimeOffPage.render(context, year: year, error: error, types: types).renderDocument()
  }
}

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
/// text, and one whose key compared text as `String`s would show `É` as another page spelled it
/// (one scalar or two).
@Suite struct KeptMarkupTests {
  @Test func pagesFromKeptPartsReadAsPagesMadeAfresh() {
    var random = SeededRandom(seed: 22)
    for step in 0..<2_000 {
      let page = RandomTimeOffPage(&random)
      // Byte for byte: `String`'s `==` would call two spellings of `é` equal.
      let kept = Array(page.render().utf8)
      let fresh = Array(KeptMarkupReference.$makesAfresh.withValue(true) { page.render() }.utf8)
      #expect(kept == fresh, "step \(step)")
      if kept != fresh { break }
    }
  }

  /// Text spelled with other scalars that a `String` calls equal (`é` as one scalar, or `e` and
  /// an accent) is kept apart: each page shows its own bytes.
  @Test func textEqualAsStringsButSpelledOtherwiseIsKeptApart() {
    var random = SeededRandom(seed: 7)
    let page = RandomTimeOffPage(&random)
    for (one, other) in [("Caf\u{E9}", "Cafe\u{301}"), ("\u{C5}sa", "A\u{30A}sa")] {
      #expect(one == other && Array(one.utf8) != Array(other.utf8))
      for spelling in [one, other] {
        let spelled = page.spelling(spelling)
        let kept = Array(spelled.render().utf8)
        #expect(kept == Array(KeptMarkupReference.$makesAfresh.withValue(true) { spelled.render() }.utf8))
        let shows = kept.contains(Array(spelling.utf8))
        #expect(shows, "\(Array(spelling.unicodeScalars)) spelled as another page spelled it")
      }
    }
  }
}

/// A time-off page whose every input is one of a few values, mostly the first, so that pages
/// share most of their parts' keys and differ in one or two things.
private struct RandomTimeOffPage {
  let context: WebContext
  let year: LeaveYear
  let types: [LeaveTypeBody]
  let error: String?

  init(context: WebContext, year: LeaveYear, types: [LeaveTypeBody], error: String?) {
    self.context = context
    self.year = year
    self.types = types
    self.error = error
  }

  init(_ random: inout SeededRandom) {
    // Mostly the first choice: most pages then differ from another page in one or two inputs.
    func pick<T>(_ choices: [T]) -> T {
      random.next() % 4 != 0 ? choices[0] : choices[Int(random.next() % UInt64(choices.count))]
    }
    let employee = Employee(
      id: pick(["e1", "e2"]), username: "eva", email: "eva@example.com",
      firstName: pick(["Eva", "\u{C9}va <b>", "E\u{301}va <b>"]),
      lastName: "Santos", departmentID: "d1", locationID: "l1", role: pick([.employee, .manager, .admin]),
      photoID: pick([nil, "p1"]))
    let visitor = WebSessions.Visitor(
      principal: Principal(employee: employee, sessionID: "s1"), sessionID: "s1",
      csrfToken: pick(["token-a", "token-b"]))
    context = WebContext(
      visitor: pick([visitor, nil]), language: pick([.en, .es]),
      companyName: pick(["Atrium", "Caf\u{E9} & Co", "Cafe\u{301} & Co"]),
      unread: pick([0, 3]), current: pick([.timeOff(.overview(year: nil)), .board(.notices), nil]),
      flash: pick([nil, "Request sent"]), waiting: pick([0, 2]))
    func days() -> HalfDays { HalfDays(halves: pick([0, 1, 4])) }
    let requests = (0..<pick([0, 1, 3])).map { index in
      LeaveRequestBody(
        id: "r\(index)", employeeId: employee.id, start: CalendarDate("2026-04-0\(pick([6, 7]))")!,
        end: CalendarDate("2026-04-0\(pick([8, 9]))")!, startHalf: pick([.full, .afternoon]),
        endHalf: pick([.full, .morning]), type: Reference(id: "t1", name: pick(["Vacation", "Moving"])),
        days: days(), perYear: [:], status: pick([.pending, .approved, .rejected, .cancelled]),
        note: pick(["", "Beach", "Caf\u{E9}", "Cafe\u{301}"]),
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
          id: "t2", name: pick(["Moving", "D\u{ED}a libre", "Di\u{301}a libre"]), countsAgainstAllowance: false,
          needsApproval: true,
          active: true, default: pick([true, false])),
      ],
    ])
    error = pick([nil, "The end is before the start"])
  }

  /// The same page with the company, the person, a request's note and a leave type named
  /// `text`.
  func spelling(_ text: String) -> Self {
    let employee = Employee(
      id: "e1", username: "eva", email: "eva@example.com", firstName: text, lastName: "Santos", departmentID: "d1",
      locationID: "l1")
    let visitor = WebSessions.Visitor(
      principal: Principal(employee: employee, sessionID: "s1"), sessionID: "s1", csrfToken: "token-a")
    let context = WebContext(
      visitor: visitor, language: context.language, companyName: text, unread: context.unread,
      current: context.current, flash: context.flash, waiting: context.waiting)
    var year = year
    year.requests = year.requests.map { request in
      var request = request
      request.note = text
      return request
    }
    let types = types.map { type in
      var type = type
      type.name = text
      return type
    }
    return RandomTimeOffPage(context: context, year: year, types: types, error: error)
  }

  func render() -> String {
    TimeOffPage.render(context, year: year, error: error, types: types).renderDocument()
  }
}

import AtriumAPI
import AtriumDomain
import AtriumHTTPTypes
import AtriumSQL
import AtriumServer
import AtriumServices
import AtriumStore
import AtriumTestSupport
import Foundation
import Testing

/// The approvals list and the year view are written from what the instance made of each
/// request before, by id and revision (`KeptRequests`), and the time-off page shows the year
/// made from it; whole year views are kept too (`KeptLeaveYears`). Whatever changes a request,
/// its days, its type's name or its requester, or what a balance is counted from (the policy,
/// an allowance, a start date, the day), on this instance or another, both must be byte for
/// byte what encoding the requests afresh gives, and the year as values what reading them
/// afresh gives: the list page after page, for an admin and for a manager; the year, one's own
/// and someone else's, in each year the requests touch.
@Suite(.checksBalanceRows) struct EncodedRequestsTests {
  static let filters: [ApprovalFilter] = [.pending, .all, .approved]

  @Test(arguments: [UInt64(1), 2])
  func randomChangesShowAsIfEncodedAfresh(seed: UInt64) throws {
    let app = try TestApp()
    var deciders = try ["ana", "mario"].map { try app.login($0) }
    let everyone = try app.database.read { try PeopleStore($0).everyone(after: "", limit: 100) }.map(\.id)
    var random = SeededRandom(seed: seed)
    var clock: Int64 = 1_772_442_000_000
    // Written through the instance, as its services write: what it keeps hears of it.
    let instance = app.app.environment.database
    for step in 0..<80 {
      clock += 1000
      // Days pass now and then: today where people work moves past the carry-over deadline,
      // which changes the balances the year views show without any row changing.
      if Int.random(in: 0..<4, using: &random) == 0 {
        app.clock.advance(by: Double(Int.random(in: 1...3, using: &random)) * 86_400)
        deciders = try ["ana", "mario"].map { try app.login($0) }
      }
      // Asks only at first, so that the lists run to several pages.
      let change = try instance.write {
        try Self.applyRandomChange($0, random: &random, asking: step < 30, at: clock)
      }
      for decider in deciders {
        for filter in Self.filters {
          guard try Self.expectListAsIfEncodedAfresh(app, decider, filter, "seed \(seed), step \(step) (\(change))")
          else { return }
        }
      }
      let someone = everyone.randomElement(using: &random)!
      for year in 2025...2027 {
        for personID in [nil, someone] {
          guard
            try Self.expectYearAsIfEncodedAfresh(
              app, deciders[0], personID: personID, year: year, "seed \(seed), step \(step) (\(change))")
          else { return }
        }
      }
    }
  }

  @Test func aChangeMadeOnAnotherInstanceShowsAtOnce() throws {
    let first = try TestApp()
    let second = try TestApp(secondInstanceOf: first)
    let ana = try first.login("ana")
    let eva = try second.login("eva")
    let asked = second.send(
      .leave(.create), json: #"{"start": "2026-06-01", "end": "2026-06-03", "note": "Family visit"}"#,
      token: eva.accessToken)
    #expect(asked.status == 201)
    let id = try JSONText.decode(SavedLeave.self, from: asked).request.id
    try Self.expectListAsIfEncodedAfresh(first, ana, .pending, "before")
    #expect(Self.list(first, ana, .pending).text.contains("Family visit"))
    let evaOnFirst = try first.login("eva")
    #expect(try Self.expectYearAsIfEncodedAfresh(first, evaOnFirst, personID: nil, year: 2026, "before"))

    let changed = second.send(
      .leave(.change(id: id)), json: #"{"end": "2026-06-05", "note": "Family \"visit\", longer"}"#,
      token: eva.accessToken)
    #expect(changed.status == 200)
    let served = Self.list(first, ana, .pending)
    #expect(served.text.contains(#"Family \"visit\", longer"#), "the first instance shows the second's change")
    #expect(served.text.contains(#""end":"2026-06-05""#))
    try Self.expectListAsIfEncodedAfresh(first, ana, .pending, "after")
    let year = first.send(.leave(.mine(year: 2026)), token: evaOnFirst.accessToken).text
    #expect(year.contains(#"Family \"visit\", longer"#), "and in her year")
    #expect(try Self.expectYearAsIfEncodedAfresh(first, evaOnFirst, personID: nil, year: 2026, "after"))
  }

  @Test func anErasedNameLeavesTheNotesTheListShows() throws {
    let app = try TestApp()
    let ana = try app.login("ana")
    let eva = try app.login("eva")
    let mario = try app.login("mario")
    let asked = app.send(
      .leave(.create), json: #"{"start": "2026-06-01", "end": "2026-06-01", "note": "Mario López covers for me"}"#,
      token: eva.accessToken)
    #expect(asked.status == 201)
    #expect(Self.list(app, ana, .pending).text.contains("Mario López covers"), "encoded and kept")

    #expect(app.send(.people(.erase(id: mario.user.id)), token: ana.accessToken).status == 204)
    let served = Self.list(app, ana, .pending).text
    #expect(!served.contains("Mario López"), "the kept encoding is not used again")
    #expect(served.contains("covers for me"))
    try Self.expectListAsIfEncodedAfresh(app, ana, .pending, "after the erasure")
  }

  /// A row that reads as the entry kept for its revision is that entry (`ApprovalsStore.entries`
  /// with `known`): each of the requester's columns, changed alone, makes the item again, on
  /// each of the requester's rows (a page reads each requester's columns once).
  @Test func eachColumnOfTheRequesterChangedAloneShows() throws {
    let app = try TestApp()
    let ana = try app.login("ana")
    let eva = try app.login("eva")
    for day in ["2026-06-01", "2026-06-03", "2026-06-05"] {
      let asked = app.send(.leave(.create), json: #"{"start": "\#(day)", "end": "\#(day)"}"#, token: eva.accessToken)
      #expect(asked.status == 201)
    }
    let changes: [(String, (inout Employee) -> Void)] = [
      ("first name", { $0.firstName = "Evita" }), ("last name", { $0.lastName = "O'Brien" }),
      ("username", { $0.username = "eva.obrien" }), ("position", { $0.position = "Head of Tests" }),
      ("photo", { $0.photoID = "00000000-0000-4000-8000-00000000ph01" }), ("no photo", { $0.photoID = nil }),
    ]
    for (what, change) in changes {
      #expect(Self.list(app, ana, .pending).status == 200, "kept before the change of \(what)")
      try app.app.environment.database.write { connection in
        let people = PeopleStore(connection)
        var person = try #require(try people.employee(id: eva.user.id))
        change(&person)
        try people.update(person)
      }
      try Self.expectListAsIfEncodedAfresh(app, ana, .pending, "after the change of \(what)")
    }
  }

  /// A page's requesters are what this instance read less than a second ago while nothing
  /// changed (`InstanceMemory.requesters`): another instance's change of one reaches this
  /// instance's list within a second, on every row of theirs.
  @Test func aRequesterChangedOnAnotherInstanceShows() throws {
    let first = try TestApp()
    let second = try TestApp(secondInstanceOf: first)
    let ana = try first.login("ana")
    let eva = try first.login("eva")
    for day in ["2026-06-01", "2026-06-03"] {
      let asked = first.send(.leave(.create), json: #"{"start": "\#(day)", "end": "\#(day)"}"#, token: eva.accessToken)
      #expect(asked.status == 201)
    }
    try Self.expectListAsIfEncodedAfresh(first, ana, .pending, "before")
    try second.app.environment.database.write { connection in
      let people = PeopleStore(connection)
      var person = try #require(try people.employee(id: eva.user.id))
      person.position = "Head of \"Tests\""
      try people.update(person)
    }
    let deadline = ContinuousClock.now + .seconds(10)
    while Self.list(first, ana, .pending).text.components(separatedBy: #"Head of \"Tests\""#).count < 3,
      ContinuousClock.now < deadline
    {
      Thread.sleep(forTimeInterval: 0.05)
    }
    #expect(
      Self.list(first, ana, .pending).text.components(separatedBy: #"Head of \"Tests\""#).count == 3,
      "both of her requests show her new position")
    try Self.expectListAsIfEncodedAfresh(first, ana, .pending, "after")
  }

  // MARK: Checking

  static func list(
    _ app: TestApp, _ decider: SessionTokens, _ filter: ApprovalFilter, limit: Int = 100, cursor: String? = nil
  )
    -> HTTPResponse
  {
    app.send(
      .approvals(.list(status: filter, page: PageRequest(limit: limit, cursor: cursor))), token: decider.accessToken)
  }

  /// The first pages of seven the decider gets, against the same pages encoded from the
  /// requests read afresh (an environment that keeps nothing).
  /// - Returns: Whether they were the same.
  @discardableResult
  static func expectListAsIfEncodedAfresh(
    _ app: TestApp, _ decider: SessionTokens, _ filter: ApprovalFilter, _ context: String
  ) throws -> Bool {
    let employee = try #require(try app.database.read { try PeopleStore($0).employee(id: decider.user.id) })
    let principal = Principal(employee: employee, sessionID: "afresh")
    let afresh = LeaveQueries(environment: app.environment)
    var cursor: String?
    for pageNumber in 0..<3 {
      let page = PageRequest(limit: 7, cursor: cursor)
      let served = list(app, decider, filter, limit: 7, cursor: cursor)
      #expect(served.status == 200, "\(context)")
      let expected = try afresh.approvals(filter: filter, page: page, principal: principal)
      let expectedText = String(decoding: try StreamingJSONEncoder().encode(expected), as: UTF8.self)
      #expect(served.text == expectedText, "\(context): \(employee.username)'s \(filter) list, page \(pageNumber)")
      if served.text != expectedText { return false }
      guard let next = expected.nextCursor else { return true }
      cursor = next
    }
    return true
  }

  /// The decider's own year (`personID` nil) or someone's, against it encoded afresh.
  /// - Returns: Whether they were the same.
  static func expectYearAsIfEncodedAfresh(
    _ app: TestApp, _ reader: SessionTokens, personID: String?, year: Int, _ context: String
  ) throws -> Bool {
    let employee = try #require(try app.database.read { try PeopleStore($0).employee(id: reader.user.id) })
    let principal = Principal(employee: employee, sessionID: "afresh")
    let afresh = LeaveQueries(environment: app.environment)
    let (served, expected) =
      if let personID {
        (
          app.send(.leave(.ofPerson(id: personID, year: year)), token: reader.accessToken),
          try afresh.personLeave(id: personID, year: year, principal: principal)
        )
      } else {
        (
          app.send(.leave(.mine(year: year)), token: reader.accessToken),
          try afresh.myLeave(year: year, principal: principal)
        )
      }
    let expectedText = String(decoding: try StreamingJSONEncoder().encode(expected), as: UTF8.self)
    #expect(served.text == expectedText, "\(context): \(personID ?? "own") year \(year)")
    // The web pages take the year as values, made from the bodies the instance kept.
    let kept = LeaveQueries(environment: app.app.environment)
    let made =
      if let personID {
        try kept.personLeave(id: personID, year: year, principal: principal)
      } else {
        try kept.myLeave(year: year, principal: principal)
      }
    #expect(made == expected, "\(context): \(personID ?? "own") year \(year), as values")
    return served.text == expectedText && made == expected
  }

  // MARK: Random changes

  static let notes = ["", "Family visit", #"Quotes "here" and a \ backslash"#, "Línea uno\nlínea dos", "Ñandú 🌴"]

  private static func applyRandomChange(
    _ connection: any DatabaseConnection, random: inout SeededRandom, asking: Bool, at instant: Int64
  ) throws -> String {
    let requests = LeaveRequestStore(connection)
    let settings = LeaveSettingsStore(connection)
    let people = try PeopleStore(connection).everyone(after: "", limit: 100)
    let someone = people.randomElement(using: &random)!
    let types = try settings.leaveTypes().map(\.id)
    switch asking ? 0 : Int.random(in: 0..<14, using: &random) {
    case 0...2:
      let span = try RandomLeave.span(&random)
      let request = LeaveRequest(
        id: random.uuid(), employeeID: someone.id, typeID: types.randomElement(using: &random)!, span: span,
        status: LeaveStatus.allCases.randomElement(using: &random)!, note: notes.randomElement(using: &random)!)
      try requests.insert(request, time: RandomLeave.calendar(&random).workingTime(of: span), at: instant)
      return "asked \(span) for \(someone.username)"
    case 3...5:
      guard let id = try RandomLeave.requestID(connection, &random), var request = try requests.request(id: id)?.request
      else { return "nothing to change" }
      var time: WorkingTime?
      switch Int.random(in: 0..<5, using: &random) {
      case 0:
        request.span = try RandomLeave.span(&random)
        time = RandomLeave.calendar(&random).workingTime(of: request.span)
      case 1: request.typeID = types.randomElement(using: &random)!
      case 2: request.note = notes.randomElement(using: &random)!
      case 3: request.decisionReason = notes.randomElement(using: &random)!
      default: request.status = LeaveStatus.allCases.randomElement(using: &random)!
      }
      try requests.update(request, time: time, at: instant)
      return "changed \(id)"
    case 6, 7:
      // A calendar change counts a request's days again (a holiday, another weekend).
      return try RandomLeave.countAgain(connection, &random)
    case 8:
      var type = try #require(try settings.leaveType(id: types.randomElement(using: &random)!))
      type.name = "\(notes.randomElement(using: &random)!) \(instant)"
      try settings.update(type)
      return "renamed \(type.id)"
    case 9:
      var person = someone
      person.firstName = ["Eva", "Zoë \"Z\"", "Íñigo"].randomElement(using: &random)!
      if Bool.random(using: &random) {
        person.lastName = ["Fernández", "O'Brien", "Li"].randomElement(using: &random)!
      }
      person.position = notes.randomElement(using: &random)!
      person.photoID = Bool.random(using: &random) ? nil : random.uuid()
      // A start date within a year gives that year part of the allowance.
      person.startDate = [nil, CalendarDate(year: 2025, month: 9, day: 1), CalendarDate(year: 2026, month: 5, day: 4)]
        .randomElement(using: &random)!
      try PeopleStore(connection).update(person)
      return "renamed \(person.username)"
    case 10:
      return try RandomLeave.setAllowance(connection, of: someone, &random)
    case 11:
      return try RandomLeave.changePolicy(connection, by: someone, at: instant, &random)
    default:
      guard let id = try RandomLeave.requestID(connection, &random), let stored = try requests.request(id: id)
      else { return "nothing to delete" }
      try requests.delete(stored.request)
      return "deleted \(id)"
    }
  }
}

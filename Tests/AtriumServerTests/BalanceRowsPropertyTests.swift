import AtriumDomain
import AtriumSQL
import AtriumServer
import AtriumServices
import AtriumStore
import AtriumTestSupport
import Testing

/// Each person's totals of counting leave per year are kept as rows in the write transaction
/// (`LeaveBalanceStore`). Random sequences of everything that moves a balance — requests
/// asked across New Year, decided, moved and retyped, days counted again after a calendar
/// change, a leave type that starts or stops counting, the policy's deadline, carry-over and
/// allowance changed from a year on, a person's allowance and start date — must leave rows
/// whose balances equal those counted from the history after every step (`atrium verify
/// balances`), on either engine; and counting everything again from scratch changes nothing.
@Suite(.checksBalanceRows) struct BalanceRowsPropertyTests {
  @Test(arguments: [UInt64(1), 2, 3])
  func randomChangesKeepTheRowsEqualToTheHistory(seed: UInt64) throws {
    let app = try TestApp()
    var random = SeededRandom(seed: seed)
    var clock: Int64 = 1_772_442_000_000
    let counted = LeaveType(id: random.uuid(), name: "Counted \(seed)")
    let free = LeaveType(id: random.uuid(), name: "Free \(seed)", countsAgainstAllowance: false)
    try app.database.write { connection in
      for type in [counted, free] { try LeaveSettingsStore(connection).insert(type) }
    }
    for step in 0..<150 {
      clock += 1000
      let operation = try app.database.write { connection in
        try Self.applyRandomChange(connection, random: &random, types: [counted.id, free.id], at: clock)
      }
      let report = try BalanceVerification.run(on: app.database, now: app.clock.now)
      #expect(report.differences.isEmpty, "seed \(seed), step \(step) (\(operation)): \(report.differences.prefix(5))")
      if !report.differences.isEmpty { return }
    }
    let kept = try Self.rows(app)
    #expect(!kept.isEmpty)
    // A recount changes nothing, and neither do the statements migration 39 filled the table with.
    try app.database.write { try LeaveBalanceStore($0).recountEveryone() }
    #expect(try Self.rows(app) == kept, "seed \(seed): counted again")
    try app.database.write { connection in
      for statement in LeaveBalanceStore.recountStatements { try connection.execute(statement) }
    }
    #expect(try Self.rows(app) == kept, "seed \(seed): counted again from scratch")
  }

  // MARK: Random changes

  private static func applyRandomChange(
    _ connection: any DatabaseConnection, random: inout SeededRandom, types: [String], at instant: Int64
  ) throws -> String {
    let requests = LeaveRequestStore(connection)
    let settings = LeaveSettingsStore(connection)
    let people = try PeopleStore(connection).everyone(after: "", limit: 100)
    let someone = people.randomElement(using: &random)!
    switch Int.random(in: 0..<14, using: &random) {
    case 0...3:
      let span = try RandomLeave.span(&random)
      let request = LeaveRequest(
        id: random.uuid(), employeeID: someone.id,
        typeID: (types + [LeaveType.vacationID]).randomElement(using: &random)!, span: span,
        status: LeaveStatus.allCases.randomElement(using: &random)!)
      try requests.insert(request, time: RandomLeave.calendar(&random).workingTime(of: span), at: instant)
      return "asked \(span) for \(someone.username)"
    case 4...6:
      guard let id = try RandomLeave.requestID(connection, &random), var request = try requests.request(id: id)?.request
      else { return "nothing to change" }
      request.status = LeaveStatus.allCases.randomElement(using: &random)!
      var time: WorkingTime?
      switch Int.random(in: 0..<3, using: &random) {
      case 0:
        request.span = try RandomLeave.span(&random)
        time = RandomLeave.calendar(&random).workingTime(of: request.span)
      case 1: request.typeID = (types + [LeaveType.vacationID]).randomElement(using: &random)!
      default: break
      }
      try requests.update(request, time: time, at: instant)
      return "changed \(id) to \(request.status), \(request.span), type \(request.typeID)"
    case 7:
      // A calendar change counts a request's days again (a holiday, another weekend).
      return try RandomLeave.countAgain(connection, &random)
    case 8:
      var type = try #require(try settings.leaveType(id: types.randomElement(using: &random)!))
      type.countsAgainstAllowance.toggle()
      try settings.update(type)
      return "\(type.name) counts: \(type.countsAgainstAllowance)"
    case 9, 10:
      return try RandomLeave.changePolicy(connection, by: someone, at: instant, &random)
    case 11:
      return try RandomLeave.setAllowance(connection, of: someone, &random)
    case 12:
      var person = someone
      person.startDate =
        Bool.random(using: &random)
        ? nil
        : CalendarDate("2024-06-01")!.adding(
          days: Int.random(in: 0..<900, using: &random))
      try PeopleStore(connection).update(person)
      return "\(person.username) started \(person.startDate.map(String.init(describing:)) ?? "unknown")"
    default:
      var policy = try settings.policyHistory().policy(in: 1900)
      policy.carryOverUntilMonth = Int.random(in: 1...6, using: &random)
      try settings.save(policy)
      return "the company row's deadline month: \(policy.carryOverUntilMonth)"
    }
  }

  private static func rows(_ app: TestApp) throws -> [String] {
    try app.database.read { connection in
      try connection.query(
        "SELECT employee_id, year, days, approved, pending, early FROM leave_balances ORDER BY employee_id, year"
      ).map { row in
        ["employee_id", "year", "days", "approved", "pending", "early"].map { row.string($0) }.joined(separator: " ")
      }
    }
  }
}

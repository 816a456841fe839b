import AtriumDomain
import AtriumSQL
import AtriumServer
import AtriumStore
import AtriumTestSupport
import Testing

/// The reporting chain and the approvals' lines are kept as rows in the write transaction
/// (`ReportingLinesStore`). Random sequences of what moves them — people added, moved and
/// erased, requests asked, decided, changed and deleted — must leave exactly the rows a
/// from-scratch walk of the managers gives, and every manager's approvals list exactly the
/// requests of everyone below them, in the list's order, page by page; on either engine.
@Suite(.checksBalanceRows) struct ReportingLinesPropertyTests {
  @Test(arguments: [UInt64(1), 2, 3])
  func randomChangesKeepTheLinesEqualToAWalkFromScratch(seed: UInt64) throws {
    let app = try TestApp()
    var random = SeededRandom(seed: seed)
    let typeID = try #require(try app.database.read { try $0.queryFirst("SELECT id FROM leave_types") }).string("id")
    var clock: Int64 = 1_772_442_000_000
    for step in 0..<160 {
      clock += 1000
      let operation = try app.database.write { connection in
        try Self.applyRandomChange(connection, random: &random, typeID: typeID, at: clock)
      }
      try Self.expectLinesMatchAWalk(app, "seed \(seed), step \(step): \(operation)")
      if step % 20 == 19 {
        try Self.expectEveryApprovalsListMatches(app, "seed \(seed), step \(step)")
        try Self.expectEveryTeamsLeaveMatches(app, "seed \(seed), step \(step)")
      }
    }
    // The statements migration 37 filled the tables with give the same rows.
    try app.database.write { try ReportingLinesStore($0).rebuild() }
    try Self.expectLinesMatchAWalk(app, "seed \(seed), rebuilt from scratch")
    try Self.expectEveryApprovalsListMatches(app, "seed \(seed), rebuilt from scratch")
    try Self.expectEveryTeamsLeaveMatches(app, "seed \(seed), rebuilt from scratch")
  }

  // MARK: Random changes

  private static func applyRandomChange(
    _ connection: any DatabaseConnection, random: inout SeededRandom, typeID: String, at instant: Int64
  ) throws -> String {
    let people = PeopleStore(connection)
    let requests = LeaveRequestStore(connection)
    let managers = try Self.managers(connection)
    let everyone = managers.keys.sorted()
    let someone = everyone.randomElement(using: &random)!
    switch Int.random(in: 0..<11, using: &random) {
    case 0:
      let template = try #require(try people.employee(id: someone))
      let id = random.uuid()
      try people.insert(
        Employee(
          id: id, username: "p\(id.prefix(8))", email: "p\(id.prefix(8))@example.com", firstName: "P",
          lastName: String(id.prefix(4)), departmentID: template.departmentID, locationID: template.locationID,
          managerID: Bool.random(using: &random) ? someone : nil))
      return "added \(id) below \(someone)"
    case 1, 2:
      // A new manager that is not the person or below them: the people rules refuse a loop.
      let below = Self.walk(managers).filter { $0.ancestor == someone }.map(\.descendant)
      let candidates = everyone.filter { !below.contains($0) && $0 != someone }
      var moved = try #require(try people.employee(id: someone))
      moved.managerID = Int.random(in: 0..<6, using: &random) == 0 ? nil : candidates.randomElement(using: &random)
      try people.update(moved)
      return "moved \(someone) to \(moved.managerID ?? "nobody")"
    case 3, 4, 5:
      let start = CalendarDate("2026-01-05")!.adding(days: Int.random(in: 0..<300, using: &random))
      let request = LeaveRequest(
        id: random.uuid(), employeeID: someone, typeID: typeID,
        span: try LeaveSpan(start: start, end: start.adding(days: Int.random(in: 0..<4, using: &random))),
        status: LeaveStatus.allCases.randomElement(using: &random)!)
      try requests.insert(request, time: WorkingTime(perDate: [start: HalfDays(halves: 2)]), at: instant)
      return "asked \(request.id) for \(someone)"
    case 6, 7:
      guard let row = try Self.randomRequest(connection, random: &random),
        var request = try requests.request(id: row)?.request
      else { return "nothing to decide" }
      request.status = LeaveStatus.allCases.randomElement(using: &random)!
      if Bool.random(using: &random) {
        let start = CalendarDate("2026-01-05")!.adding(days: Int.random(in: 0..<300, using: &random))
        request.span = try LeaveSpan(start: start, end: start)
      }
      // With its days or without: either draws a new revision, which its lines must hold.
      let time = Bool.random(using: &random) ? WorkingTime(perDate: [request.span.start: HalfDays(halves: 1)]) : nil
      try requests.update(request, time: time, at: instant)
      return "changed \(request.id) to \(request.status)"
    case 9:
      // As when the location's calendar changed: the days (and the revision) without the row.
      guard let row = try Self.randomRequest(connection, random: &random),
        let stored = try requests.request(id: row)
      else { return "no days to replace" }
      try requests.replaceDays(
        of: row, employeeID: stored.request.employeeID,
        WorkingTime(perDate: [stored.request.span.start: HalfDays(halves: 2)]))
      return "replaced the days of \(row)"
    case 8:
      guard let id = try Self.randomRequest(connection, random: &random), let stored = try requests.request(id: id)
      else { return "nothing to delete" }
      try requests.delete(stored.request)
      return "deleted \(id)"
    default:
      // Erasing keeps the person's row and moves their reports up to their manager.
      var former = try #require(try people.employee(id: someone))
      former.firstName = "Former"
      former.isActive = false
      try ErasureStore(connection).eraseEmployee(former)
      return "erased \(someone)"
    }
  }

  private static func randomRequest(
    _ connection: any DatabaseConnection, random: inout SeededRandom
  ) throws -> String? {
    try connection.query("SELECT id FROM leave_requests ORDER BY id").map { $0.string("id") }
      .randomElement(using: &random)
  }

  // MARK: From scratch

  private struct Line: Hashable, CustomStringConvertible {
    let ancestor: String
    let descendant: String
    let depth: Int
    var description: String { "\(ancestor)>\(descendant)@\(depth)" }
  }

  private struct ApprovalLine: Hashable, CustomStringConvertible {
    let approver: String
    let request: String
    let status: String
    let createdAt: Int64
    let start: String
    /// The request's requester and revision, which the list reads from the line (migration 45).
    let requester: String
    let revision: Int64
    var description: String { "\(approver):\(request) \(status) \(createdAt) \(start) \(requester) \(revision)" }
  }

  /// Every person's manager, read from the employees' rows.
  private static func managers(_ connection: any DatabaseConnection) throws -> [String: String?] {
    var managers: [String: String?] = [:]
    for row in try connection.query("SELECT id, manager_id FROM employees") {
      managers[row.string("id")] = row.optionalString("manager_id")
    }
    return managers
  }

  /// Each person with themselves at depth 0 and each manager above them, walking up.
  private static func walk(_ managers: [String: String?]) -> Set<Line> {
    var lines: Set<Line> = []
    for person in managers.keys {
      lines.insert(Line(ancestor: person, descendant: person, depth: 0))
      var seen: Set<String> = [person]
      var current = person
      var depth = 0
      while let above = managers[current] ?? nil, seen.insert(above).inserted {
        depth += 1
        lines.insert(Line(ancestor: above, descendant: person, depth: depth))
        current = above
      }
    }
    return lines
  }

  private static func expectLinesMatchAWalk(_ app: TestApp, _ context: String) throws {
    try app.database.read { connection in
      let expected = walk(try managers(connection))
      let kept = Set(
        try connection.query("SELECT ancestor_id, descendant_id, depth FROM reporting_lines").map {
          Line(ancestor: $0.string("ancestor_id"), descendant: $0.string("descendant_id"), depth: $0.int("depth"))
        })
      #expect(
        kept == expected,
        "\(context): kept but not walked \(kept.subtracting(expected)), walked but not kept \(expected.subtracting(kept))"
      )
      var expectedApprovals: Set<ApprovalLine> = []
      let above = Dictionary(grouping: expected.filter { $0.depth > 0 }, by: \.descendant)
      let managerOf = Dictionary(
        uniqueKeysWithValues: expected.filter { $0.depth == 1 }.map { ($0.descendant, $0.ancestor) })
      for row in try connection.query(
        "SELECT id, employee_id, status, created_at, start_date, revision, manager_id FROM leave_requests")
      {
        // Each request names its requester's manager now (migration 51).
        #expect(
          row.optionalString("manager_id") == managerOf[row.string("employee_id")],
          "\(context): request \(row.string("id")) names \(row.optionalString("manager_id") ?? "no one")")
        for line in above[row.string("employee_id")] ?? [] {
          expectedApprovals.insert(
            ApprovalLine(
              approver: line.ancestor, request: row.string("id"), status: row.string("status"),
              createdAt: Int64(row.int("created_at")), start: row.string("start_date"),
              requester: row.string("employee_id"), revision: Int64(row.int("revision"))))
        }
      }
      let keptApprovals = Set(
        try connection.query(
          "SELECT approver_id, request_id, status, created_at, start_date, employee_id, revision FROM approval_lines"
        ).map {
          ApprovalLine(
            approver: $0.string("approver_id"), request: $0.string("request_id"), status: $0.string("status"),
            createdAt: Int64($0.int("created_at")), start: $0.string("start_date"),
            requester: $0.string("employee_id"), revision: Int64($0.int("revision")))
        })
      #expect(
        keptApprovals == expectedApprovals,
        "\(context): kept but not expected \(keptApprovals.subtracting(expectedApprovals)), expected but not kept \(expectedApprovals.subtracting(keptApprovals))"
      )
    }
  }

  /// Each person's teammates' leave (same manager, active, pending or approved) over the
  /// whole range of the requests, against the requests of the people a walk of the managers
  /// gives the same manager.
  private static func expectEveryTeamsLeaveMatches(_ app: TestApp, _ context: String) throws {
    try app.database.read { connection in
      let managers = try managers(connection)
      let active = Set(try connection.query("SELECT id FROM employees WHERE active = 1").map { $0.string("id") })
      let requests = try connection.query("SELECT id, employee_id, status, start_date, end_date FROM leave_requests")
      let store = LeaveRequestStore(connection)
      for (start, end) in [("2000-01-01", "2100-12-31"), ("2026-03-02", "2026-03-20")] {
        for (person, manager) in managers {
          let expected = requests.filter {
            let requester = $0.string("employee_id")
            return manager != nil && requester != person && managers[requester] == manager
              && active.contains(requester) && ["pending", "approved"].contains($0.string("status"))
              && $0.string("start_date") <= end && $0.string("end_date") >= start
          }
          let found = try store.teammatesLeave(
            of: person, managerID: manager, from: CalendarDate(start)!, to: CalendarDate(end)!)
          #expect(
            found.map { "\($0.person.id) \($0.span.start)" }.sorted()
              == expected.map { "\($0.string("employee_id")) \($0.string("start_date"))" }.sorted(),
            "\(context): \(person)'s teammates from \(start) to \(end)")
        }
      }
    }
  }

  /// Every manager's list, for each status and for every status, read three at a time (as
  /// requests and as the API's entries), against the requests of everyone a walk puts below
  /// them, sorted as the list promises.
  private static func expectEveryApprovalsListMatches(_ app: TestApp, _ context: String) throws {
    try app.database.read { connection in
      let lines = walk(try managers(connection))
      let requests = try connection.query("SELECT id, employee_id, status, created_at, start_date FROM leave_requests")
      let store = ApprovalsStore(connection)
      for manager in Set(lines.filter { $0.depth > 0 }.map(\.ancestor)) {
        let below = Set(lines.filter { $0.ancestor == manager && $0.depth > 0 }.map(\.descendant))
        let theirs = requests.filter { below.contains($0.string("employee_id")) }
        for status in LeaveStatus.allCases.map(Optional.some) + [nil] {
          let chosen = theirs.filter { status == nil || $0.string("status") == status?.rawValue }
          let expected =
            status == .pending
            ? chosen.sorted {
              (Int64($0.int("created_at")), $0.string("id")) < (Int64($1.int("created_at")), $1.string("id"))
            }
            : chosen.sorted {
              ($0.string("start_date"), $0.string("id")) > ($1.string("start_date"), $1.string("id"))
            }
          var listed: [String] = []
          var cursor: String?
          repeat {
            let page = try store.page(scope: .below(managerID: manager), status: status, limit: 3, after: cursor)
            listed += page.items.map(\.stored.request.id)
            cursor = page.nextCursor
          } while cursor != nil
          #expect(listed == expected.map { $0.string("id") }, "\(context): \(manager) \(status?.rawValue ?? "all")")
          var entries: [String] = []
          cursor = nil
          repeat {
            let page = try store.entries(scope: .below(managerID: manager), status: status, limit: 3, after: cursor)
            entries += page.entries.map(\.requestID)
            cursor = page.nextCursor
          } while cursor != nil
          #expect(entries == listed, "\(context): \(manager) \(status?.rawValue ?? "all"), as entries")
          if status == .pending {
            #expect(try store.pendingCount(scope: .below(managerID: manager)) == expected.count, "\(context)")
          }
        }
      }
    }
  }
}

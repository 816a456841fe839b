import AtriumAPI
import AtriumDomain
import AtriumServer
import AtriumServices
import AtriumStore
import AtriumTestSupport
import AtriumWeb
import Foundation
import Testing

@Suite(.checksBalanceRows) struct BenchmarkSeedTests {
  let options = BenchmarkCompany.Options(
    employees: 300, requestsPerEmployee: 7, seed: 42, today: CalendarDate("2026-03-02")!)

  func seeded(_ options: BenchmarkCompany.Options) throws -> (TestApp, BenchmarkCompany.Summary) {
    let app = try TestApp(seedDemo: false)
    let summary = try BenchmarkCompany.seed(
      into: app.database, options: options, hasher: app.environment.passwordHasher, now: 1_772_442_000_000)
    return (app, summary)
  }

  /// Everything that identifies the data, in a stable order.
  func fingerprint(_ app: TestApp) throws -> String {
    try app.database.read { connection in
      let people = try connection.query("SELECT id, username, manager_id FROM employees ORDER BY id")
      let requests = try connection.query(
        "SELECT id, employee_id, start_date, end_date, status, halves FROM leave_requests ORDER BY id")
      return
        (people.map { "\($0.string("id")) \($0.string("username")) \($0.string("manager_id"))" }
        + requests.map { "\($0.string("id")) \($0.string("start_date")) \($0.string("status")) \($0.int("halves"))" })
        .joined(separator: "\n")
    }
  }

  @Test func theSameSeedMakesTheSameDataAndAnotherSeedOtherData() throws {
    let (first, _) = try seeded(options)
    let (second, _) = try seeded(options)
    var other = options
    other.seed = 43
    let (third, _) = try seeded(other)
    #expect(try fingerprint(first) == fingerprint(second))
    #expect(try fingerprint(first) != fingerprint(third))
  }

  @Test func theShapeMatchesTheLoadTest() throws {
    let (app, summary) = try seeded(options)
    #expect(summary.employees == 300)
    #expect(summary.pendingForManager == 840)
    let departments = try app.database.read { try $0.queryFirst("SELECT COUNT(*) AS n FROM departments")?.int("n") }
    #expect(departments == 99)
    let statuses = try app.database.read {
      try $0.query("SELECT DISTINCT status FROM leave_requests ORDER BY status").map { $0.string("status") }
    }
    #expect(statuses == ["approved", "cancelled", "pending", "rejected"])
    let manager = try app.login("bench.manager", password: BenchmarkCompany.password)
    let inbox = try JSONText.decode(
      Page<ApprovalItem>.self,
      from: app.send(.approvals(.list(status: .pending, page: PageRequest(limit: 1000))), token: manager.accessToken))
    #expect(inbox.items.count == 840)
    #expect(inbox.nextCursor == nil)
    let employee = try app.login("bench.employee", password: BenchmarkCompany.password)
    let year = try JSONText.decode(
      LeaveYear.self, from: app.send(.leave(.mine(year: 2026)), token: employee.accessToken))
    let lastYear = try JSONText.decode(
      LeaveYear.self, from: app.send(.leave(.mine(year: 2025)), token: employee.accessToken))
    #expect(year.requests.count + lastYear.requests.count == 7)
    // bench.head decides for everyone but bench.admin: every pending request waits for them.
    let head = try app.login("bench.head", password: BenchmarkCompany.password)
    let allPending = try app.database.read {
      try $0.queryFirst("SELECT COUNT(*) AS n FROM leave_requests WHERE status = 'pending'")?.int("n")
    }
    var waiting = 0
    var cursor: String?
    repeat {
      let page = try JSONText.decode(
        Page<ApprovalItem>.self,
        from: app.send(
          .approvals(.list(status: .pending, page: PageRequest(limit: 1000, cursor: cursor))),
          token: head.accessToken))
      waiting += page.items.count
      cursor = page.nextCursor
    } while cursor != nil
    #expect(waiting == allPending && waiting > 840)
    let notices = try app.database.read {
      try $0.queryFirst(
        """
        SELECT COUNT(*) AS n FROM notices n JOIN employees e ON e.id = n.recipient_id
        WHERE e.username = 'bench.employee'
        """)?.int("n")
    }
    #expect(notices == BenchmarkCompany.boardNotices)
  }

  @Test func aFolderWithACompanyIsRefused() throws {
    let (app, _) = try seeded(options)
    #expect(throws: BenchmarkCompany.Refusal.self) {
      try BenchmarkCompany.seed(into: app.database, options: options, hasher: app.environment.passwordHasher, now: 0)
    }
  }
}

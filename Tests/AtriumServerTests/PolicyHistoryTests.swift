import AtriumAPI
import AtriumDomain
import AtriumStore
import AtriumTestSupport
import AtriumWeb
import Foundation
import Testing

@testable import AtriumServer

/// Issue 14 (2): a policy change takes effect from a chosen year and past years keep their
/// figures; the history is queryable.
@Suite(.checksBalanceRows) struct PolicyHistoryTests {
  let app: TestApp
  let ana: SessionTokens
  let eva: SessionTokens

  init() throws {
    app = try TestApp()
    ana = try app.login("ana")
    eva = try app.login("eva")
  }

  func allowance(in year: Int) throws -> HalfDays {
    try JSONText.decode(LeaveYear.self, from: app.send(.leave(.mine(year: year)), token: eva.accessToken)).allowance
  }

  func change(_ json: String) -> HTTPResponseSummary {
    let response = app.send(.leaveSettings(.updatePolicy), json: json, token: ana.accessToken)
    return HTTPResponseSummary(
      status: response.status, body: try? JSONText.decode(LeavePolicyBody.self, from: response))
  }

  struct HTTPResponseSummary {
    let status: Int
    let body: LeavePolicyBody?
  }

  @Test func aChangeStartsNextYearAndEarlierYearsKeepTheirFigures() throws {
    let before = try [2020, 2025, 2026].map(allowance)
    let changed = change(#"{"defaultAllowance": 25}"#)
    #expect(changed.status == 200)
    #expect(changed.body?.fromYear == 2027 && changed.body?.affectedPeople == 0)
    #expect(try [2020, 2025, 2026].map(allowance) == before, "past and current years are untouched")
    #expect(try allowance(in: 2027) == HalfDays(days: 25))

    let now = try JSONText.decode(
      LeavePolicyBody.self, from: app.send(.leaveSettings(.policy(year: nil)), token: eva.accessToken))
    #expect(now.defaultAllowance == HalfDays(days: 23) && now.fromYear == 1900)
    let next = try JSONText.decode(
      LeavePolicyBody.self, from: app.send(.leaveSettings(.policy(year: 2027)), token: eva.accessToken))
    #expect(next.defaultAllowance == HalfDays(days: 25) && next.fromYear == 2027)

    let history = try JSONText.decode(
      Page<LeavePolicyBody>.self, from: app.send(.leaveSettings(.policyHistory), token: eva.accessToken)
    ).items
    #expect(history.map(\.fromYear) == [1900, 2027])
    #expect(history.map { $0.defaultAllowance?.days } == [23, 25])
    #expect(history[0].changedAt == nil && history[1].changedAt == "2026-03-02T09:00:00.000Z")
  }

  @Test func aYearThatIsOverCannotBeChangedAndThisYearIsCountedFirst() throws {
    let past = change(#"{"defaultAllowance": 25, "fromYear": 2025}"#)
    #expect(past.status == 400)

    // A dry run from this year says how many balances would move, and changes nothing.
    let dryRun = change(#"{"defaultAllowance": 25, "fromYear": 2026, "dryRun": true}"#)
    #expect(dryRun.status == 200)
    let affected = try #require(dryRun.body?.affectedPeople)
    let people = try app.database.read { try PeopleStore($0).activeEmployees().count }
    #expect(affected > 0 && affected <= people)
    #expect(try allowance(in: 2026) == HalfDays(days: 23))
    let audited = try app.database.read { try AuditStore($0).page(limit: 100, after: nil).items }
    #expect(!audited.contains { $0.action == "policy.update" }, "a dry run is not a change")

    let applied = change(#"{"defaultAllowance": 25, "fromYear": 2026}"#)
    #expect(applied.body?.affectedPeople == affected)
    #expect(try allowance(in: 2026) == HalfDays(days: 25))
    #expect(try allowance(in: 2025) == HalfDays(days: 23))
  }

  @Test func aChangeAppliesToLaterChangesTooWithoutUndoingThem() throws {
    #expect(change(#"{"carryOverDays": 3, "fromYear": 2028}"#).status == 200)
    #expect(change(#"{"defaultAllowance": 25, "fromYear": 2027}"#).status == 200)
    let history = try JSONText.decode(
      Page<LeavePolicyBody>.self, from: app.send(.leaveSettings(.policyHistory), token: eva.accessToken)
    ).items
    #expect(history.map(\.fromYear) == [1900, 2027, 2028])
    #expect(history.map { $0.defaultAllowance?.days } == [23, 25, 25])
    #expect(history.map { $0.carryOverDays?.days } == [5, 5, 3])
  }

  @Test func eachYearIsSettledByItsOwnRules() {
    let history = LeavePolicyHistory.constant(LeavePolicy(defaultAllowance: HalfDays(days: 20)))
      .changing(from: 2027) { $0.defaultAllowance = HalfDays(days: 30) }
      .changing(from: 2027) { $0.carryOverMaximum = .zero }
    let calculator = BalanceCalculator(policies: history, startDate: CalendarDate(year: 2020, month: 1, day: 1))
    let today = CalendarDate(year: 2027, month: 6, day: 1)!
    #expect(calculator.balance(in: 2026, leave: [:], today: today).allowance == HalfDays(days: 20))
    #expect(calculator.balance(in: 2026, leave: [:], today: today).carriedOver == HalfDays(days: 5))
    let next = calculator.balance(in: 2027, leave: [:], today: today)
    #expect(next.allowance == HalfDays(days: 30) && next.carriedOver == .zero, "2027 takes in what its own rules say")
  }

  @Test func theWebFormStartsNextYearAndAsksBeforeChangingThisOne() throws {
    let admin = WebClient(app)
    admin.signIn("ana")
    let page = admin.get("/admin/leave").text
    #expect(page.contains(#"name="fromYear" value="2027""#))
    #expect(page.contains(#"id="policy-history""#))

    let form = ["fromYear": "2026", "defaultAllowance": "25", "carryOverDays": "5", "carryOverUntil": "03-31"]
    let asked = admin.post("/admin/leave/policy", from: "/admin/leave", form)
    #expect(asked.status == 200)
    #expect(asked.text.contains("This changes the balance of"))
    #expect(try allowance(in: 2026) == HalfDays(days: 23), "nothing saved before the confirmation")
    let confirmed = admin.submit(
      "/admin/leave/policy", from: "/admin/leave", form.merging(["confirm": "yes"]) { $1 })
    #expect(confirmed.status == 200 && !confirmed.text.contains("This changes the balance of"))
    #expect(try allowance(in: 2026) == HalfDays(days: 25))
    #expect(try allowance(in: 2025) == HalfDays(days: 23))
  }
}

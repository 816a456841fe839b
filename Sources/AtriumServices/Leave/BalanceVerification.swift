import AtriumDomain
import AtriumSQL
import AtriumStore
import Foundation

/// `atrium verify balances`: checks every person's balance rows (`LeaveBalanceStore`) against
/// their history. For each person and each year with leave, the rows' totals must equal a
/// recount of the requests' stored days in Swift (`LeaveRequestStore.chargedLeave`, which
/// shares nothing with the rows' SQL), and the balance from the rows must equal the balance
/// `BalanceCalculator` computes from that history, for every such year and this one. Each
/// person's unread notices kept as a row (the board's badge) must equal a count of them.
public enum BalanceVerification {
  /// One disagreement between the rows and the history.
  public struct Difference: Hashable, Sendable, CustomStringConvertible {
    public let username: String
    public let year: Int
    /// "totals" or "balance".
    public let what: String
    public let fromRows: String
    public let fromHistory: String

    public var description: String {
      "\(username), \(year), \(what): the rows give \(fromRows); the history gives \(fromHistory)"
    }
  }

  public struct Report: Sendable {
    public var people = 0
    /// Person-years compared.
    public var years = 0
    public var differences: [Difference] = []
  }

  /// Checks everyone, a page of people per read.
  /// - Parameter now: The instant whose date, where each person works, decides expiry.
  public static func run(on database: any Database, now: Date) throws -> Report {
    var report = Report()
    var zones: [String: TimeZone] = [:]
    var last = ""
    while true {
      let page = try database.read { connection -> [Employee] in
        let people = try PeopleStore(connection).everyone(after: last, limit: 500)
        let policies = try LeaveSettingsStore(connection).policyHistory()
        for person in people {
          if zones[person.locationID] == nil {
            zones[person.locationID] = LeaveContext.zone(
              named: try PlacesStore(connection).location(id: person.locationID)?.timeZone ?? "UTC")
          }
          let today = LeaveContext.date(of: now, in: zones[person.locationID] ?? .gmt)
          try check(person, policies: policies, today: today, connection: connection, into: &report)
        }
        return people
      }
      guard let final = page.last else { return report }
      last = final.id
    }
  }

  private static func check(
    _ person: Employee, policies: LeavePolicyHistory, today: CalendarDate, connection: any DatabaseConnection,
    into report: inout Report
  ) throws {
    let (rows, history, overrides) = try connection.fetchTogether(
      LeaveBalanceStore(connection).totalsFetch(employeeID: person.id),
      LeaveRequestStore(connection).chargedLeaveFetch(employeeID: person.id),
      LeaveSettingsStore(connection).allowanceOverridesFetch(employeeID: person.id))
    let (kept, counted) = try unreadNotices(of: person.id, connection: connection)
    if kept != counted {
      report.differences.append(
        Difference(
          username: person.username, year: today.year, what: "unread notices", fromRows: String(kept),
          fromHistory: String(counted)))
    }
    let calculator = BalanceCalculator(policies: policies, startDate: person.startDate, allowanceOverrides: overrides)
    let recounted = calculator.totals(of: history)
    report.people += 1
    for year in Set(rows.keys).union(recounted.keys).union([today.year]).sorted() {
      report.years += 1
      func differ(_ what: String, _ fromRows: String, _ fromHistory: String) {
        report.differences.append(
          Difference(username: person.username, year: year, what: what, fromRows: fromRows, fromHistory: fromHistory))
      }
      if rows[year] != recounted[year] {
        differ(
          "totals", rows[year].map(String.init(describing:)) ?? "none",
          recounted[year].map(String.init(describing:)) ?? "none")
      }
      let kept = calculator.balance(in: year, totals: rows, today: today)
      let counted = calculator.balance(in: year, leave: history, today: today)
      if kept != counted { differ("balance", "\(kept)", "\(counted)") }
    }
  }

  /// A person's unread notices as their badge reads them (the row `NoticeStore.countUnread`
  /// keeps, 0 without one) and as counted from the notices.
  private static func unreadNotices(
    of employeeID: String, connection: any DatabaseConnection
  ) throws -> (
    kept: Int, counted: Int
  ) {
    let row = try connection.queryFirst(
      """
      SELECT (SELECT unread FROM unread_notices WHERE recipient_id = ?) AS kept,
        (SELECT COUNT(*) FROM notices WHERE recipient_id = ? AND read_at IS NULL) AS counted
      """, .text(employeeID), .text(employeeID))
    return (row?.int("kept") ?? 0, row?.int("counted") ?? 0)
  }
}

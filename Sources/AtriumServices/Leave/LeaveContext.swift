import AtriumAPI
import AtriumDomain
import AtriumSQL
import AtriumStore
import Foundation
import Synchronization

/// What the leave services look up again and again inside one transaction: a person's
/// calendar, "today" where they work, their balance, and how requests appear on the wire.
package struct LeaveContext {
  package let connection: any DatabaseConnection
  package let environment: ServerEnvironment

  package var settings: LeaveSettingsStore { LeaveSettingsStore(connection) }
  package var requests: LeaveRequestStore { LeaveRequestStore(connection) }
  package var people: PeopleStore { PeopleStore(connection) }
  package var balances: LeaveBalanceStore { LeaveBalanceStore(connection) }

  /// The working calendar of a location: its weekend and every holiday.
  package func calendar(locationID: String) throws -> WorkCalendar {
    let (location, holidays) = try connection.fetchTogether(
      PlacesStore(connection).locationFetch(id: locationID), settings.holidaysFetch(locationID: locationID))
    return Self.calendar(of: location, holidays: holidays)
  }

  /// Where an employee works: its calendar over `span`, and today's date there, from one read
  /// of the location (what checking a request needs).
  /// - Returns: A calendar that knows only the holidays within `span`: ask it about those days.
  package func workplace(
    of employee: Employee, around span: LeaveSpan
  ) throws -> (calendar: WorkCalendar, today: CalendarDate) {
    let (location, holidays) = try connection.fetchTogether(
      PlacesStore(connection).locationFetch(id: employee.locationID),
      settings.holidaysFetch(locationID: employee.locationID, within: span))
    let calendar = Self.calendar(of: location, holidays: holidays)
    return (calendar, ZoneOffsets.date(of: environment.now(), inZoneNamed: location?.timeZone))
  }

  private static func calendar(
    of location: Location?, holidays: [LeaveSettingsStore.StoredHoliday]
  ) -> WorkCalendar {
    WorkCalendar(weekendDays: location?.weekendDays ?? [.saturday, .sunday], holidays: holidays.map(\.holiday))
  }

  /// Today's date where the employee works (DESIGN.md "Dates").
  package func today(for employee: Employee) throws -> CalendarDate {
    let zone = try environment.recall(\.timeZones, employee.locationID) {
      try PlacesStore(connection).location(id: employee.locationID)?.timeZone
    }
    return ZoneOffsets.date(of: environment.now(), inZoneNamed: zone)
  }

  package static func date(of instant: Date, in zone: TimeZone) -> CalendarDate {
    date(of: instant, offset: zone.secondsFromGMT(for: instant))
  }

  /// The date at `instant` where clocks are `offset` seconds ahead of UTC.
  static func date(of instant: Date, offset: Int) -> CalendarDate {
    let local = instant.timeIntervalSince1970 + Double(offset)
    return CalendarDate(dayNumber: epochDay + Int((local / 86_400).rounded(.down)))!
  }

  private static let epochDay = CalendarDate(year: 1970, month: 1, day: 1)!.dayNumber
  private static let zones = Mutex<[String: TimeZone]>([:])

  /// Time zones by name, made once each (making one reads the system's zone files).
  package static func zone(named name: String) -> TimeZone {
    if let zone = zones.withLock({ $0[name] }) { return zone }
    let zone = TimeZone(identifier: name) ?? .gmt
    zones.withLock { $0[name] = zone }
    return zone
  }

  /// The balance of one year, as seen today.
  package func balance(of employee: Employee, year: Int) throws -> Balance {
    let (policies, overrides, totals) = try connection.fetchTogether(
      settings.policyHistoryFetch, settings.allowanceOverridesFetch(employeeID: employee.id),
      balances.totalsFetch(employeeID: employee.id))
    return BalanceCalculator(policies: policies, startDate: employee.startDate, allowanceOverrides: overrides)
      .balance(in: year, totals: totals, today: try today(for: employee))
  }

  /// Requests as the API shows them, with type names and days per year.
  package func bodies(_ stored: [LeaveRequestStore.StoredRequest]) throws -> [LeaveRequestBody] {
    let names = try typeNames()
    // Only a request across New Year needs its days split by year from the stored dates.
    let acrossYears = stored.filter { $0.request.span.start.year != $0.request.span.end.year }.map(\.request.id)
    let split = try requests.daysPerYear(requestIDs: acrossYears)
    return stored.map { item in
      let perYear = split[item.request.id] ?? [item.request.span.start.year: item.days]
      return LeaveRequestBody(
        id: item.request.id, employeeId: item.request.employeeID, start: item.request.span.start,
        end: item.request.span.end, startHalf: item.request.span.startHalf, endHalf: item.request.span.endHalf,
        type: Reference(id: item.request.typeID, name: names[item.request.typeID] ?? ""), days: item.days,
        perYear: perYear.reduce(into: [:]) { $0[String($1.key)] = $1.value },
        status: item.request.status, note: item.request.note, decisionReason: item.request.decisionReason,
        createdAt: Instant.text(item.createdAt),
        updatedAt: Instant.text(item.updatedAt))
    }
  }

  package func body(_ stored: LeaveRequestStore.StoredRequest) throws -> LeaveRequestBody {
    try bodies([stored])[0]
  }

  /// The rules a person's balances are counted by, besides their totals: the company's policy
  /// year by year and the person's allowances set by hand.
  package struct BalanceRules: Equatable, Sendable {
    let policies: LeavePolicyHistory
    let allowances: [Int: HalfDays]
  }

  /// The person's balance rules, from the instance's memory: they change rarely, and their
  /// query, nearly always empty, was 1.8% of `/me/leave`'s instructions.
  package func balanceRules(of employee: Employee) throws -> BalanceRules {
    BalanceRules(
      policies: try environment.recall(\.policyHistory, .policyHistory) { try settings.policyHistory() },
      allowances: try environment.recall(\.allowances, employee.id) {
        try settings.allowanceOverrides(employeeID: employee.id)
      })
  }

  /// A year's balance (a `LeaveYear` without its requests), and the ids and revisions of the
  /// requests touching the year.
  ///
  /// The hottest read of all (Home, the time-off page, the apps): the person's two queries go to
  /// PostgreSQL together, in one round trip.
  package func yearBalance(
    _ year: Int, of employee: Employee, today: CalendarDate, rules: BalanceRules
  ) throws -> (LeaveYear, [(id: String, revision: Int64)]) {
    let (totals, fetched) = try connection.fetchTogether(
      balances.totalsFetch(employeeID: employee.id), requests.requestKeysFetch(employeeID: employee.id, year: year))
    let balance = BalanceCalculator(
      policies: rules.policies, startDate: employee.startDate, allowanceOverrides: rules.allowances
    )
    .balance(in: year, totals: totals, today: today)
    let view = LeaveYear(
      year: year, allowance: balance.allowance, carriedOver: balance.carriedOver,
      carriedOverUntil: balance.carriedOverUntil, expired: balance.expired, approved: balance.approved,
      pending: balance.pending, remaining: balance.remaining, requests: [])
    return (view, fetched)
  }

  /// Teammates off on the working days of `span`.
  package func conflicts(for employee: Employee, span: LeaveSpan, calendar: WorkCalendar) throws -> [ConflictDay] {
    let teammates = try requests.teammatesLeave(
      of: employee.id, managerID: employee.managerID, from: span.start, to: span.end)
    return TeamConflicts.days(of: span, in: calendar, teammates: teammates)
  }

  package func summary(of employee: Employee) -> EmployeeSummary {
    EmployeeSummary(
      id: employee.id, displayName: employee.displayName, position: employee.position,
      photoURL: PhotoService.address(of: employee.id, photoID: employee.photoID))
  }

  /// How `actor` relates to the owner of a request (owner, decider or stranger).
  package func relation(of actor: Employee, toOwner ownerID: String) throws -> LeaveRelation {
    if actor.id == ownerID { return .owner }
    return LeaveRelation.of(actor, to: ownerID, chain: try people.chain(above: ownerID))
  }
}

/// Instants on the wire: RFC 3339 in UTC with milliseconds, e.g. `2026-03-02T09:00:00.000Z`.
package enum Instant {
  private static let epochDay = CalendarDate(year: 1970, month: 1, day: 1)!.dayNumber

  package static func text(_ milliseconds: Int64) -> String {
    let dayLength: Int64 = 86_400_000
    let days = milliseconds >= 0 ? milliseconds / dayLength : (milliseconds - dayLength + 1) / dayLength
    let rest = Int(milliseconds - days * dayLength)
    let (year, month, day) = civil(daysSinceEpoch: Int(days))
    guard (0...9999).contains(year) else {
      let date = CalendarDate(dayNumber: epochDay + Int(days)) ?? CalendarDate(year: 1970, month: 1, day: 1)!
      return date.description + String(text(Int64(rest)).dropFirst(10))
    }
    // Written digit by digit into one buffer: every answer carries instants, an approvals page
    // hundreds (`make bench-cost`: small arrays joined cost ten times as much).
    return String(unsafeUninitializedCapacity: 24) { buffer in
      let zero = UInt8(ascii: "0")
      func put(_ value: Int, digits: Int, at offset: Int) {
        var value = value
        for index in stride(from: offset + digits - 1, through: offset, by: -1) {
          buffer[index] = zero + UInt8(value % 10)
          value /= 10
        }
      }
      put(year, digits: 4, at: 0)
      buffer[4] = UInt8(ascii: "-")
      put(month, digits: 2, at: 5)
      buffer[7] = UInt8(ascii: "-")
      put(day, digits: 2, at: 8)
      buffer[10] = UInt8(ascii: "T")
      put(rest / 3_600_000, digits: 2, at: 11)
      buffer[13] = UInt8(ascii: ":")
      put(rest / 60_000 % 60, digits: 2, at: 14)
      buffer[16] = UInt8(ascii: ":")
      put(rest / 1000 % 60, digits: 2, at: 17)
      buffer[19] = UInt8(ascii: ".")
      put(rest % 1000, digits: 3, at: 20)
      buffer[23] = UInt8(ascii: "Z")
      return 24
    }
  }

  /// The proleptic Gregorian date of a day counted from 1970-01-01 (Howard Hinnant's
  /// `civil_from_days`): integer arithmetic only.
  static func civil(daysSinceEpoch: Int) -> (year: Int, month: Int, day: Int) {
    let shifted = daysSinceEpoch + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// The instant `text` writes (with or without milliseconds), or nil.
  package static func date(_ text: String) -> Date? {
    let precise = ISO8601DateFormatter()
    precise.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return precise.date(from: text) ?? ISO8601DateFormatter().date(from: text)
  }
}

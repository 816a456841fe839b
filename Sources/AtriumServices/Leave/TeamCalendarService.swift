import AtriumAPI
import AtriumDomain
import AtriumSQL
import AtriumStore
import Foundation

/// The team calendar: a month of people by days, with weekends, each person's location
/// holidays, and pending and approved leave. Who is in it follows DESIGN.md's visibility:
/// a manager sees the people below them, an admin anyone, everyone else their own team.
package struct TeamCalendarService: Sendable {
  package init(environment: ServerEnvironment) {
    self.environment = environment
  }

  package let environment: ServerEnvironment
  /// Rows at most; admins narrow the list by department or location.
  package static let peopleLimit = 500

  package func month(
    _ month: String?, departmentID: String?, locationID: String?, principal: Principal
  ) throws -> TeamCalendar {
    try environment.database.read { connection in
      let context = LeaveContext(connection: connection, environment: environment)
      let viewer = principal.employee
      let today = try context.today(for: viewer)
      let (year, number) = try Self.parse(month) ?? (today.year, today.month)
      guard let first = CalendarDate(year: year, month: number, day: 1) else {
        throw Problem.badRequest(.monthFormat)
      }
      var days: [CalendarDate] = []
      var day = first
      while day.month == number {
        days.append(day)
        day = day.adding(days: 1)
      }
      let last = days.last ?? first
      let store = CalendarStore(connection)
      let among: Set<String>?
      switch viewer.role {
      case .admin: among = nil
      case .manager: among = try ReportingLinesStore(connection).idsBelow(managerID: viewer.id).union([viewer.id])
      case .employee: among = try Self.team(of: viewer, connection: connection)
      }
      let people = try store.people(
        among: among, departmentID: departmentID, locationID: locationID, limit: Self.peopleLimit)
      let leave = Dictionary(
        grouping: try store.leaveDays(of: people.map(\.id), from: first, to: last), by: \.employeeID)
      let places = PlacesStore(connection)
      let settings = LeaveSettingsStore(connection)
      var months: [String: LocationMonth] = [:]
      for locationID in Set(people.map(\.locationID)) {
        let holidays = try settings.holidays(locationID: locationID, year: year).map(\.holiday)
        months[locationID] = LocationMonth(
          location: try places.location(id: locationID), holidays: holidays, days: days)
      }
      let rows = people.map { person -> CalendarPerson in
        let month = months[person.locationID] ?? LocationMonth(location: nil, holidays: [], days: days)
        return CalendarPerson(
          id: person.id, displayName: person.displayName,
          photoURL: PhotoService.address(of: person.id, photoID: person.photoID),
          location: Reference(id: person.locationID, name: month.location?.name ?? ""),
          days: month.cells(with: leave[person.id] ?? []))
      }
      return TeamCalendar(
        month: String(format: "%04d-%02d", year, number), today: today, days: days, people: rows)
    }
  }

  /// An employee's team: themselves and those who share their manager.
  private static func team(of employee: Employee, connection: any DatabaseConnection) throws -> Set<String> {
    guard let manager = employee.managerID else { return [employee.id] }
    return try ReportingLinesStore(connection).directReports(of: manager).union([employee.id])
  }

  package static func parse(_ month: String?) throws -> (Int, Int)? {
    guard let month else { return nil }
    let parts = month.split(separator: "-")
    guard parts.count == 2, let year = Int(parts[0]), let number = Int(parts[1]), (1...12).contains(number) else {
      throw Problem.badRequest(.monthFormat)
    }
    return (year, number)
  }
}

/// A month's weekends and holidays at one location, the same in the row of everyone working
/// there: made once a page, so that a row is only its person's leave laid over it.
private struct LocationMonth {
  let location: Location?
  /// The month's first day.
  let first: CalendarDate?
  /// A slot a day, by its offset from `first`.
  let slots: [CalendarCell?]
  /// The slots that hold a day, in order: the row of someone without leave that month.
  let cells: [CalendarCell]

  init(location: Location?, holidays: [Holiday], days: [CalendarDate]) {
    self.location = location
    first = days.first
    let weekend = location?.weekendDays ?? [.saturday, .sunday]
    var slots: [CalendarCell?] = days.map {
      weekend.contains($0.weekday) ? CalendarCell(date: $0, kind: "weekend") : nil
    }
    for holiday in holidays {
      Self.place(
        CalendarCell(date: holiday.date, kind: "holiday", halves: holiday.half == nil ? 2 : 1, name: holiday.name),
        in: &slots, from: days.first)
    }
    self.slots = slots
    cells = slots.compactMap { $0 }
  }

  /// The month's cells with `leave` over them (leave over a holiday over a weekend), in order.
  func cells(with leave: [CalendarStore.LeaveDay]) -> [CalendarCell] {
    guard !leave.isEmpty else { return cells }
    var slots = slots
    for taken in leave {
      Self.place(
        CalendarCell(date: taken.date, kind: "leave", status: taken.status, halves: taken.halves, name: taken.typeName),
        in: &slots, from: first)
    }
    return slots.compactMap { $0 }
  }

  /// Puts a cell in its day's slot; a day outside the month has none.
  private static func place(_ cell: CalendarCell, in slots: inout [CalendarCell?], from first: CalendarDate?) {
    guard let first else { return }
    let offset = cell.date.dayNumber - first.dayNumber
    if slots.indices.contains(offset) { slots[offset] = cell }
  }
}

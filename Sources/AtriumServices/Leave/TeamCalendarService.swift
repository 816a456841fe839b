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
      var locations: [String: (Location?, [Holiday])] = [:]
      for locationID in Set(people.map(\.locationID)) {
        let holidays = try settings.holidays(locationID: locationID, year: year).map(\.holiday)
        locations[locationID] = (try places.location(id: locationID), holidays)
      }
      let rows = people.map { person -> CalendarPerson in
        let (location, holidays) = locations[person.locationID] ?? (nil, [])
        let weekend = location?.weekendDays ?? [.saturday, .sunday]
        var cells: [CalendarDate: CalendarCell] = [:]
        for day in days where weekend.contains(day.weekday) {
          cells[day] = CalendarCell(date: day, kind: "weekend")
        }
        for holiday in holidays where holiday.date >= first && holiday.date <= last {
          cells[holiday.date] = CalendarCell(
            date: holiday.date, kind: "holiday", halves: holiday.half == nil ? 2 : 1, name: holiday.name)
        }
        for taken in leave[person.id] ?? [] {
          cells[taken.date] = CalendarCell(
            date: taken.date, kind: "leave", status: taken.status, halves: taken.halves, name: taken.typeName)
        }
        return CalendarPerson(
          id: person.id, displayName: person.displayName,
          photoURL: PhotoService.address(of: person.id, photoID: person.photoID),
          location: Reference(id: person.locationID, name: location?.name ?? ""),
          days: cells.values.sorted { $0.date < $1.date })
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

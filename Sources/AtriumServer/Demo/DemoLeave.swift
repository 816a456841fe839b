import AtriumDomain
import AtriumSQL
import AtriumServices
import AtriumStore
import AtriumWeb

/// The demo company's holidays and a few requests around "today", so the time-off pages and
/// mario's approvals have something to show.
enum DemoLeave {
  /// Spain's national holidays (fixed dates; Easter moves and is left out), full days.
  private static let national: [(month: Int, day: Int, name: String)] = [
    (1, 1, "Año Nuevo"), (1, 6, "Epifanía del Señor"), (5, 1, "Fiesta del Trabajo"), (8, 15, "Asunción de la Virgen"),
    (10, 12, "Fiesta Nacional de España"), (11, 1, "Todos los Santos"), (12, 6, "Día de la Constitución"),
    (12, 8, "Inmaculada Concepción"), (12, 25, "Navidad"),
  ]
  private static let local: [String: [(month: Int, day: Int, name: String)]] = [
    "Madrid": [(5, 2, "Fiesta de la Comunidad de Madrid"), (5, 15, "San Isidro")],
    "Valladolid": [
      (4, 23, "Fiesta de Castilla y León"), (5, 13, "San Pedro Regalado"), (9, 8, "Virgen de San Lorenzo"),
    ],
  ]

  /// Adds holidays for this year and the next to each location, and sample requests in
  /// mario's team (two pending, two approved).
  static func seed(
    connection: any DatabaseConnection, today: CalendarDate, locations: [String: String], people: [String: String],
    makeID: () -> String, at instant: Int64
  ) throws {
    let settings = LeaveSettingsStore(connection)
    for (name, locationID) in locations {
      for year in [today.year, today.year + 1] {
        var holidays = (national + (local[name] ?? [])).compactMap { holiday in
          CalendarDate(year: year, month: holiday.month, day: holiday.day).map { Holiday(date: $0, name: holiday.name) }
        }
        holidays += [(12, 24, "Nochebuena (tarde)"), (12, 31, "Nochevieja (tarde)")].map {
          Holiday(date: CalendarDate(year: year, month: $0.0, day: $0.1)!, name: $0.2, half: .afternoon)
        }
        for holiday in holidays { try settings.insertHoliday(id: makeID(), locationID: locationID, holiday) }
      }
    }
    guard let madrid = locations["Madrid"], let mario = people["mario"] else { return }
    let calendar = WorkCalendar(
      weekendDays: [.saturday, .sunday], holidays: try settings.holidays(locationID: madrid).map(\.holiday))
    let monday = nextMonday(after: today)
    let samples: [(username: String, startOffset: Int, length: Int, status: LeaveStatus, note: String)] = [
      ("pablo.ruiz", 7, 5, .approved, "Viaje a Lisboa"),
      ("carmen.diaz", 14, 3, .pending, ""),
      ("sergio.moreno", 15, 2, .pending, "Mudanza"),
      ("laura.munoz", 21, 5, .approved, ""),
    ]
    let requests = LeaveRequestStore(connection)
    for sample in samples {
      guard let employeeID = people[sample.username] else { continue }
      let span = try LeaveSpan(
        start: monday.adding(days: sample.startOffset), end: monday.adding(days: sample.startOffset + sample.length - 1)
      )
      let request = LeaveRequest(
        id: makeID(), employeeID: employeeID, typeID: LeaveType.vacationID, span: span, status: sample.status,
        note: sample.note)
      try requests.insert(request, time: calendar.workingTime(of: span), at: instant)
      try requests.appendHistory(
        id: makeID(), requestID: request.id,
        .init(actorID: employeeID, at: instant, action: "create", from: nil, to: .pending))
      if sample.status == .approved {
        try requests.appendHistory(
          id: makeID(), requestID: request.id,
          .init(actorID: mario, at: instant, action: "approve", from: .pending, to: .approved))
      }
    }
  }

  private static func nextMonday(after date: CalendarDate) -> CalendarDate {
    var day = date.adding(days: 1)
    while day.weekday != .monday { day = day.adding(days: 1) }
    return day
  }
}

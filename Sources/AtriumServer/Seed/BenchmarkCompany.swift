import AtriumCrypto
import AtriumDomain
import AtriumSQL
import AtriumServices
import AtriumStore
import AtriumWeb
import Foundation

/// The benchmark data set (`atrium seed`): a company shaped like a known leave-management load
/// test, made deterministically from a seed.
///
/// At N employees: 99 departments, 4 locations with their holidays, a manager per department,
/// `bench.admin`, `bench.employee`, `bench.manager` with 120 direct reports holding 7
/// pending requests each (840), and `bench.head`, the manager every other manager reports to
/// (everyone but `bench.admin` is below them); `bench.employee` has 200 notices on their board. Everyone else has K requests over the previous and the current
/// year, in every state. All accounts share one password, hashed once.
public enum BenchmarkCompany {
  public static let password = "atrium-bench"
  public static let departmentCount = 99
  public static let managerReports = 120
  /// Notices on `bench.employee`'s board.
  public static let boardNotices = 200
  /// A leave type that does not count against the allowance, so a load test can create
  /// requests without running out of days.
  public static let loadTypeID = "00000000-0000-4000-8000-0000000000b1"

  public struct Options: Sendable {
    public var employees: Int
    public var requestsPerEmployee: Int
    public var seed: UInt64
    /// The day the data is arranged around (requests before it are mostly decided).
    public var today: CalendarDate

    public init(employees: Int, requestsPerEmployee: Int, seed: UInt64, today: CalendarDate) {
      self.employees = employees
      self.requestsPerEmployee = requestsPerEmployee
      self.seed = seed
      self.today = today
    }
  }

  /// What was made.
  public struct Summary: Sendable, Equatable {
    public let employees: Int
    public let requests: Int
    public let pendingForManager: Int
  }

  public struct Refusal: Error, CustomStringConvertible {
    public let description: String
  }

  private static let firstNames = [
    "Ana", "Mario", "Eva", "Lucía", "Javier", "Pablo", "Carmen", "Sergio", "Laura", "Diego", "Marta", "Alberto",
    "Sara", "Raúl", "Elena", "Adrián", "Paula", "Iván", "Cristina", "Rubén", "Nuria", "Óscar", "Beatriz", "Jorge",
  ]
  private static let lastNames = [
    "García", "López", "Martín", "Sánchez", "Fernández", "Ruiz", "Díaz", "Moreno", "Muñoz", "Álvarez", "Romero",
    "Alonso", "Gutiérrez", "Navarro", "Torres", "Domínguez", "Vázquez", "Ramos", "Gil", "Ramírez", "Serrano",
  ]
  private static let locations = ["Madrid", "Valladolid", "Barcelona", "Sevilla"]

  /// Fills an empty database. Refuses one that already has a company.
  public static func seed(
    into database: any Database, options: Options, hasher: PasswordHasher, now: Int64
  ) throws -> Summary {
    guard options.employees >= managerReports + departmentCount + 4 else {
      throw Refusal(description: "--employees must be at least \(managerReports + departmentCount + 4)")
    }
    var random = SeededRandom(seed: options.seed)
    let passwordHash = try hasher.hash(password)
    return try database.write { connection in
      guard try CompanyStore(connection).company() == nil else {
        throw Refusal(description: "the data folder already holds a company; seed an empty one")
      }
      let summary = try BulkLoad.withoutSecondaryIndexes(
        on: ["employees", "leave_requests", "approval_lines"], connection: connection
      ) {
        try fill(connection, options: options, passwordHash: passwordHash, now: now, random: &random)
      }
      // As the hourly housekeeping would soon: the search's keys in name order.
      try PeopleStore(connection).orderSearch()
      return summary
    }
  }

  private static func fill(
    _ connection: any DatabaseConnection, options: Options, passwordHash: String, now: Int64,
    random: inout SeededRandom
  ) throws -> Summary {
    do {
      try CompanyStore(connection).save(Company(name: "Atrium Bench S.A.", timeZone: "Europe/Madrid"))
      let settings = LeaveSettingsStore(connection)
      try settings.insert(
        LeaveType(id: loadTypeID, name: "Training", countsAgainstAllowance: false, needsApproval: true))
      let places = PlacesStore(connection)
      var calendars: [String: WorkCalendar] = [:]
      let locationIDs = try locations.map { name -> String in
        let id = random.uuid()
        try places.insert(Location(id: id, name: name, timeZone: "Europe/Madrid"))
        var holidays: [Holiday] = []
        for year in [options.today.year - 1, options.today.year, options.today.year + 1] {
          for (month, day) in [(1, 1), (1, 6), (5, 1), (8, 15), (10, 12), (11, 1), (12, 6), (12, 8), (12, 25)] {
            holidays.append(
              Holiday(date: CalendarDate(year: year, month: month, day: day)!, name: "Fiesta \(month)-\(day)"))
          }
          holidays.append(
            Holiday(date: CalendarDate(year: year, month: 12, day: 24)!, name: "Nochebuena", half: .afternoon))
        }
        for holiday in holidays { try settings.insertHoliday(id: random.uuid(), locationID: id, holiday) }
        calendars[id] = WorkCalendar(holidays: holidays)
        return id
      }
      let departmentIDs = try (1...departmentCount).map { number -> String in
        let id = random.uuid()
        try places.insert(Department(id: id, name: String(format: "Department %02d", number)))
        return id
      }

      let people = PeopleStore(connection)
      let accounts = AccountStore(connection)
      var employees: [Employee] = []
      func add(_ username: String, role: Role, department: Int, manager: String?) throws -> Employee {
        let index = employees.count
        let employee = Employee(
          id: random.uuid(), username: username, email: "\(username)@bench.example",
          firstName: firstNames[index % firstNames.count],
          lastName: lastNames[(index / firstNames.count) % lastNames.count],
          position: role == .employee ? "Specialist" : "Manager",
          departmentID: departmentIDs[department % departmentCount],
          locationID: locationIDs[index % locationIDs.count], managerID: manager, role: role,
          startDate: CalendarDate(year: options.today.year - 1 - index % 8, month: 1 + index % 12, day: 1 + index % 28))
        try people.insert(employee)
        try accounts.setPassword(employeeID: employee.id, hash: passwordHash, mustChange: false)
        employees.append(employee)
        return employee
      }
      let admin = try add("bench.admin", role: .admin, department: 0, manager: nil)
      let head = try add("bench.head", role: .manager, department: 0, manager: admin.id)
      let benchManager = try add("bench.manager", role: .manager, department: 0, manager: head.id)
      let managers = try (0..<departmentCount).map {
        try add("manager.\($0 + 1)", role: .manager, department: $0, manager: head.id)
      }
      let reports = try (0..<managerReports).map {
        try add("report.\($0 + 1)", role: .employee, department: 0, manager: benchManager.id)
      }
      let benchEmployee = try add("bench.employee", role: .employee, department: 1, manager: managers[1].id)
      while employees.count < options.employees {
        let number = employees.count
        let department = number % departmentCount
        _ = try add("employee.\(number)", role: .employee, department: department, manager: managers[department].id)
      }

      let store = LeaveRequestStore(connection)
      var requestCount = 0
      var pendingForManager = 0
      let reportIDs = Set(reports.map(\.id))
      var boardRequestIDs: [String] = []
      for employee in employees where employee.role == .employee {
        let isReport = reportIDs.contains(employee.id)
        let spans = spans(count: options.requestsPerEmployee, today: options.today, using: &random)
        for span in spans {
          let status: LeaveStatus
          if isReport {
            status = .pending
          } else if span.start < options.today {
            status = [.approved, .approved, .approved, .rejected, .cancelled, .pending].randomElement(using: &random)!
          } else {
            status = [.pending, .pending, .approved, .approved, .cancelled].randomElement(using: &random)!
          }
          let request = LeaveRequest(
            id: random.uuid(), employeeID: employee.id, typeID: LeaveType.vacationID, span: span, status: status)
          try store.insert(request, time: calendars[employee.locationID]!.workingTime(of: span), at: now)
          try store.appendHistory(
            id: random.uuid(), requestID: request.id,
            .init(actorID: employee.id, at: now, action: "create", from: nil, to: .pending))
          if status != .pending {
            let actor = status == .cancelled ? employee.id : employee.managerID ?? admin.id
            let action = status == .approved ? "approve" : status == .rejected ? "reject" : "cancel"
            try store.appendHistory(
              id: random.uuid(), requestID: request.id,
              .init(actorID: actor, at: now, action: action, from: .pending, to: status))
          }
          requestCount += 1
          if isReport { pendingForManager += 1 }
          if employee.username == "bench.employee" { boardRequestIDs.append(request.id) }
        }
      }
      // bench.employee's board: the decisions on their requests, a minute apart.
      let notices = NoticeStore(connection)
      for index in 0..<boardNotices {
        try notices.insert(
          .init(
            id: random.uuid(), recipientID: benchEmployee.id, kind: "leave.approve",
            title: "Your time off was approved", body: "",
            requestID: boardRequestIDs.isEmpty ? nil : boardRequestIDs[index % boardRequestIDs.count],
            createdAt: now - Int64(index) * 60_000))
      }
      return Summary(employees: employees.count, requests: requestCount, pendingForManager: pendingForManager)
    }
  }

  /// `count` requests in distinct weeks of the previous and current year, Monday to Friday at
  /// most, so they never overlap.
  private static func spans(count: Int, today: CalendarDate, using random: inout SeededRandom) -> [LeaveSpan] {
    var monday = CalendarDate(year: today.year - 1, month: 1, day: 1)!
    while monday.weekday != .monday { monday = monday.adding(days: 1) }
    let weeks = Array((0..<100).shuffled(using: &random).prefix(count)).sorted()
    return weeks.map { week in
      let start = monday.adding(days: week * 7 + Int.random(in: 0...2, using: &random))
      let end = start.adding(days: Int.random(in: 0...2, using: &random))
      return try! LeaveSpan(start: start, end: end)
    }
  }
}

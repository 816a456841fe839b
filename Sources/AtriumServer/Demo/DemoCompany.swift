import AtriumCrypto
import AtriumDomain
import AtriumSQL
import AtriumServices
import AtriumStore
import AtriumWeb
import Foundation

/// "Atrium Demo S.L.": a small company to try Atrium with (`atrium serve --demo`).
public enum DemoCompany {
  public static let password = "atrium-demo"
  /// The accounts the demo announces, with their roles.
  public static let accounts: [(username: String, role: Role)] = [
    ("ana", .admin), ("mario", .manager), ("eva", .employee),
  ]

  private struct Person {
    let username: String
    let first: String
    let last: String
    let position: String
    let department: Int
    let location: Int
    let manager: String?
    let role: Role
  }

  private static let departments = ["Engineering", "Sales", "People & Culture", "Operations"]
  private static let locations = ["Madrid", "Valladolid"]

  /// Everyone, managers before the people who report to them.
  private static let people: [Person] = [
    Person(
      username: "ana", first: "Ana", last: "García", position: "Chief People Officer", department: 2, location: 0,
      manager: nil, role: .admin),
    Person(
      username: "mario", first: "Mario", last: "López", position: "Engineering Manager", department: 0, location: 0,
      manager: "ana", role: .manager),
    Person(
      username: "lucia", first: "Lucía", last: "Martín", position: "Sales Director", department: 1, location: 1,
      manager: "ana", role: .manager),
    Person(
      username: "javier", first: "Javier", last: "Sánchez", position: "Operations Manager", department: 3, location: 1,
      manager: "ana", role: .manager),
    Person(
      username: "eva", first: "Eva", last: "Fernández", position: "iOS Developer", department: 0, location: 0,
      manager: "mario", role: .employee),
  ]

  /// Further colleagues, spread over the four teams.
  private static let colleagues: [(first: String, last: String, position: String, department: Int)] = [
    ("Pablo", "Ruiz", "Backend Developer", 0), ("Carmen", "Díaz", "Frontend Developer", 0),
    ("Sergio", "Moreno", "Site Reliability Engineer", 0), ("Laura", "Muñoz", "QA Engineer", 0),
    ("Diego", "Álvarez", "Android Developer", 0), ("Marta", "Romero", "Product Designer", 0),
    ("Alberto", "Alonso", "Data Engineer", 0), ("Sara", "Gutiérrez", "Backend Developer", 0),
    ("Raúl", "Navarro", "Account Executive", 1), ("Elena", "Torres", "Account Executive", 1),
    ("Adrián", "Domínguez", "Sales Engineer", 1), ("Paula", "Vázquez", "Customer Success Manager", 1),
    ("Iván", "Ramos", "Business Developer", 1), ("Cristina", "Gil", "Account Manager", 1),
    ("Rubén", "Ramírez", "Sales Representative", 1), ("Nuria", "Serrano", "Marketing Specialist", 1),
    ("Óscar", "Blanco", "Recruiter", 2), ("Beatriz", "Molina", "HR Generalist", 2),
    ("Jorge", "Morales", "Payroll Specialist", 2), ("Irene", "Suárez", "Learning Coordinator", 2),
    ("Álvaro", "Ortega", "Office Manager", 3), ("Silvia", "Delgado", "Facilities Technician", 3),
    ("Hugo", "Castro", "IT Support Technician", 3), ("Rocío", "Ortiz", "Procurement Specialist", 3),
    ("Manuel", "Rubio", "Logistics Coordinator", 3), ("Alicia", "Marín", "Finance Analyst", 3),
    ("Daniel", "Sanz", "Backend Developer", 0), ("Noelia", "Iglesias", "Account Executive", 1),
    ("Tomás", "Núñez", "HR Business Partner", 2), ("Andrea", "Medina", "IT Support Technician", 3),
    ("Mateo", "Garrido", "Site Reliability Engineer", 0), ("Julia", "Cortés", "Sales Representative", 1),
    ("Víctor", "Castillo", "Office Assistant", 3), ("Lorena", "Santos", "Recruiter", 2),
    ("Enrique", "Lozano", "Frontend Developer", 0),
  ]

  /// Creates the demo company on an empty database. On a database that already has a company
  /// it changes nothing and returns false: the demo never overwrites anyone's data.
  /// - Parameters:
  ///   - sampleLeaveAround: With a date, also holidays for that year and the next, and a few
  ///     requests in mario's team in the weeks after it, and three timeline posts; tests leave
  ///     it out to start clean.
  ///   - instant: When the sample requests and posts were made (milliseconds since 1970).
  @discardableResult
  public static func seed(
    into database: any Database, hasher: PasswordHasher, makeID: @Sendable () -> String,
    sampleLeaveAround today: CalendarDate? = nil, at instant: Int64 = 0
  ) throws -> Bool {
    // Hashing is the slow part: once for everyone, outside the write transaction.
    let passwordHash = try hasher.hash(password)
    return try database.write { connection in
      if connection.dialect == .postgres {
        // Instances starting at once on an empty database: the first seeds, the others wait
        // here, and then find the company (their write runs again after the conflict).
        try connection.execute("SELECT pg_advisory_xact_lock(?)", .integer(DatabaseLocks.demoSeed))
      }
      let companies = CompanyStore(connection)
      guard try companies.company() == nil else { return false }
      try companies.save(
        Company(
          name: "Atrium Demo S.L.", phone: "+34 910 000 000", email: "hola@atrium-demo.example",
          website: "https://atrium-demo.example", address: "Calle de Alcalá 1, 28014 Madrid, Spain",
          timeZone: "Europe/Madrid"))
      let places = PlacesStore(connection)
      var locationsByName: [String: String] = [:]
      let locationIDs = try locations.map { name in
        let location = Location(id: makeID(), name: name, timeZone: "Europe/Madrid", weekendDays: [.saturday, .sunday])
        try places.insert(location)
        locationsByName[name] = location.id
        return location.id
      }
      let departmentIDs = try departments.map { name in
        let department = Department(id: makeID(), name: name)
        try places.insert(department)
        return department.id
      }
      let managersByDepartment = ["mario", "lucia", "ana", "javier"]
      let everyone =
        people
        + colleagues.enumerated().map { index, colleague in
          Person(
            username: username(colleague.first, colleague.last), first: colleague.first, last: colleague.last,
            position: colleague.position, department: colleague.department,
            location: colleague.department == 0 || colleague.department == 2 ? 0 : (index % 3 == 0 ? 0 : 1),
            manager: managersByDepartment[colleague.department], role: .employee)
        }
      var ids: [String: String] = [:]
      let peopleStore = PeopleStore(connection)
      let accounts = AccountStore(connection)
      for (index, person) in everyone.enumerated() {
        let id = makeID()
        ids[person.username] = id
        try peopleStore.insert(
          Employee(
            id: id, username: person.username, email: "\(person.username)@atrium-demo.example",
            firstName: person.first, lastName: person.last, position: person.position,
            departmentID: departmentIDs[person.department], locationID: locationIDs[person.location],
            managerID: person.manager.flatMap { ids[$0] }, role: person.role,
            startDate: CalendarDate(year: 2015 + index % 10, month: 1 + index % 12, day: 1 + index % 28),
            phone: "+34 600 \(String(100_000 + index * 7_919).suffix(6))"))
        try accounts.setPassword(employeeID: id, hash: passwordHash, mustChange: false)
      }
      try DemoPresence.seed(connection: connection, locations: locationsByName, makeID: makeID, at: instant)
      if let today {
        try DemoLeave.seed(
          connection: connection, today: today, locations: locationsByName, people: ids, makeID: makeID, at: instant)
        try seedPosts(connection: connection, people: ids, makeID: makeID, at: instant)
        try seedDigest(connection: connection, people: ids, today: today, at: instant)
        // Sign-up is open to the company's own domain: new people start in Engineering, Madrid.
        try companies.saveSignUp(
          .init(domains: ["atrium-demo.example"], departmentID: departmentIDs.first, locationID: locationIDs.first))
      }
      return true
    }
  }

  /// Mario takes requests waiting and company notices in one morning mail (the daily digest);
  /// his last was two days ago, so the demo's first minute queues one.
  private static func seedDigest(
    connection: any DatabaseConnection, people: [String: String], today: CalendarDate, at instant: Int64
  ) throws {
    guard let mario = people["mario"] else { return }
    var settings = SettingsStore.Settings()
    settings.notifications[NotificationKind.approvalsWaiting.id] = NotificationChoice(digest: true)
    settings.notifications[NotificationKind.companyNotices.id] = NotificationChoice(digest: true)
    try SettingsStore(connection).save(settings, employeeID: mario)
    try DigestStore(connection).record(employeeID: mario, day: today.adding(days: -2), at: instant - 2 * 86_400_000)
  }

  /// A few timeline posts from the last days, so the home page has something to show.
  private static func seedPosts(
    connection: any DatabaseConnection, people: [String: String], makeID: () -> String, at instant: Int64
  ) throws {
    let hour: Int64 = 3_600_000
    let posts: [(username: String, hoursAgo: Int64, text: String)] = [
      ("ana", 50, "Welcome to Atrium! Time off, the team directory and company news now live in one place."),
      ("mario", 26, "The Valladolid team ships the new mobile app this week. Thanks, everyone!"),
      ("eva", 3, "Coffee and pastries in the Madrid kitchen this morning: help yourselves."),
    ]
    let timeline = TimelineStore(connection)
    for post in posts {
      guard let authorID = people[post.username] else { continue }
      try timeline.insert(
        .init(id: makeID(), authorID: authorID, body: post.text, createdAt: instant - post.hoursAgo * hour))
    }
  }

  /// The date at `instant` in a time zone, for choosing the sample leave's dates.
  public static func today(in zone: String, at instant: Date) -> CalendarDate {
    LeaveContext.date(of: instant, in: TimeZone(identifier: zone) ?? .gmt)
  }

  /// `pablo.ruiz` from "Pablo Ruiz", without accents, so it is easy to type.
  private static func username(_ first: String, _ last: String) -> String {
    "\(first).\(last)".lowercased().applyingTransformToASCII()
  }
}

extension String {
  /// Replaces the Spanish accented letters with their plain ones.
  fileprivate func applyingTransformToASCII() -> String {
    let plain: [Character: Character] = [
      "á": "a", "é": "e", "í": "i", "ó": "o", "ú": "u", "ü": "u", "ñ": "n",
    ]
    return String(map { plain[$0] ?? $0 })
  }
}

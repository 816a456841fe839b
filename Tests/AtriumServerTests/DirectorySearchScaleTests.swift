import AtriumDomain
import AtriumServer
import AtriumStore
import AtriumTestSupport
import Testing

/// On SQLite the directory search meets its matches in name order along the search's keys,
/// numbered in name order (`PeopleStore.orderSearch`), and sorts apart the tail of people who
/// joined or changed name since. Every page must be exactly the plain query's, with and
/// without a department, right after the ordering, with a tail, and ordered again, on either
/// engine.
@Suite(.checksBalanceRows) struct DirectorySearchScaleTests {
  static let queries: [(String, Bool)] = [
    ("employee", false), ("employee", true), ("a", false), ("gar", false), ("gar", true), ("garrido", false),
    ("nobody", false),
  ]

  @Test func everyPageIsThePlainQuerysWhateverChangedSinceTheSearchWasOrdered() throws {
    let app = try TestApp(seedDemo: false)
    _ = try BenchmarkCompany.seed(
      into: app.database,
      options: .init(employees: 1500, requestsPerEmployee: 0, seed: 7, today: CalendarDate("2026-03-02")!),
      hasher: app.environment.passwordHasher, now: 1_772_442_000_000)
    let department = try #require(
      try app.database.read {
        try $0.queryFirst("SELECT department_id FROM employees WHERE username = 'bench.employee'")
      }
    ).string("department_id")
    try expectPlainPages(app, department: department, "ordered by the seed")

    // People change name (out of the ordered range), join, leave and move.
    var random = SeededRandom(seed: 11)
    let names = ["Garrido", "Álvaro", "Zoë", "Ana", "Gárate", "Employee", "Ñu", "aaron", ""]
    try app.database.write { connection in
      let people = PeopleStore(connection)
      let everyone = try people.everyone(after: "", limit: 2000)
      let departments = Array(Set(everyone.map(\.departmentID))).sorted()
      for number in 0..<300 {
        var person = everyone.randomElement(using: &random)!
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
          person.firstName = names.randomElement(using: &random)!
          person.lastName = names.randomElement(using: &random)!
          try people.update(person)
        case 1:
          person.isActive.toggle()
          try people.update(person)
        case 2:
          person.departmentID = departments.randomElement(using: &random)!
          try people.update(person)
        default:
          try people.insert(
            Employee(
              id: random.uuid(), username: "joined.\(number)", email: "joined.\(number)@bench.example",
              firstName: names.randomElement(using: &random)!, lastName: names.randomElement(using: &random)!,
              departmentID: departments.randomElement(using: &random)!, locationID: person.locationID,
              managerID: person.managerID))
        }
      }
    }
    if app.database.dialect == .sqlite {
      let tail = try app.database.read {
        try $0.queryFirst(
          "SELECT COUNT(*) AS n FROM employees WHERE search_id > (SELECT last_ordered FROM people_search_order)")
      }?.int("n")
      #expect((tail ?? 0) > 100, "a tail to merge: \(tail ?? 0)")
    }
    try expectPlainPages(app, department: department, "with a tail")

    // The hourly housekeeping orders everyone again.
    let ordered = try app.database.write { try PeopleStore($0).orderSearchIfDue() }
    #expect(ordered == (app.database.dialect == .sqlite))
    try expectPlainPages(app, department: department, "ordered again")
  }

  /// Every query's matches in one page and page by page (100 and 7 a page), against the
  /// plain query's.
  private func expectPlainPages(_ app: TestApp, department: String, _ context: String) throws {
    for (query, inDepartment) in Self.queries {
      let departmentID = inDepartment ? department : nil
      let reference = try plainSearch(app, query: query, departmentID: departmentID)
      for limit in [5000, 100, 7] {
        var paged: [String] = []
        var cursor: String?
        repeat {
          let page = try app.database.read { connection in
            try PeopleStore(connection).directory(
              query: query, departmentID: departmentID, locationID: nil, limit: limit, after: cursor)
          }
          paged += page.rows.map(\.person.id)
          cursor = page.nextCursor
        } while cursor != nil && paged.count <= reference.count
        #expect(paged == reference, "\(context): \(query)\(inDepartment ? " in a department" : ""), \(limit) a page")
      }
    }
  }

  private func plainSearch(_ app: TestApp, query: String, departmentID: String?) throws -> [String] {
    try app.database.read { connection in
      if connection.dialect == .postgres {
        let rows = try connection.query(
          """
          SELECT employee_id FROM people_search
          WHERE active = 1 AND words @@ to_tsquery('simple', unaccent(?)) AND (? = '' OR department_id = ?)
          ORDER BY sort_key, employee_id
          """, .text(query + ":*"), .text(departmentID ?? ""), .text(departmentID ?? ""))
        return rows.map { $0.string("employee_id") }
      }
      let rows = try connection.query(
        """
        SELECT e.id FROM employees e NOT INDEXED
        WHERE e.active = 1 AND (? = '' OR e.department_id = ?)
          AND e.search_id IN (SELECT rowid FROM people_search WHERE people_search MATCH ?)
        ORDER BY e.sort_key, e.id
        """, .text(departmentID ?? ""), .text(departmentID ?? ""), .text("\"\(query)\"*"))
      return rows.map { $0.string("id") }
    }
  }
}

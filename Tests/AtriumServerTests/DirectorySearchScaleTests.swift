import AtriumDomain
import AtriumServer
import AtriumStore
import AtriumTestSupport
import Testing

/// The directory search chooses its page two ways (`PeopleStore.directory`): few matches are
/// sorted, many are met along the name index. Both must give exactly the pages of the plain
/// query, every page of them, with and without a department, on either engine.
@Suite(.checksBalanceRows) struct DirectorySearchScaleTests {
  @Test func manyAndFewMatchesGiveThePagesOfThePlainQuery() throws {
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
    // "employee" matches more people than the search sorts (usernames are employee.N), "a"
    // and "gar" fewer, "nobody" none.
    for (query, departmentID) in [
      ("employee", nil), ("employee", department), ("a", nil), ("gar", nil), ("gar", department), ("nobody", nil),
    ] {
      let expected = try app.database.read { connection in
        try PeopleStore(connection).directory(
          query: query, departmentID: departmentID, locationID: nil, limit: 5000, after: nil
        ).items.map(\.id)
      }
      // The reference: every active match, by name, without either plan's shortcut.
      let reference = try plainSearch(app, query: query, departmentID: departmentID)
      #expect(expected == reference, "\(query)")
      var paged: [String] = []
      var cursor: String?
      repeat {
        let page = try app.database.read { connection in
          try PeopleStore(connection).directory(
            query: query, departmentID: departmentID, locationID: nil, limit: 100, after: cursor)
        }
        paged += page.items.map(\.id)
        cursor = page.nextCursor
      } while cursor != nil
      #expect(paged == reference, "\(query) page by page")
    }
    let many = try plainSearch(app, query: "employee", departmentID: nil).count
    #expect(many > PeopleStore.fewMatches, "the many-matches plan was exercised (\(many) matches)")
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

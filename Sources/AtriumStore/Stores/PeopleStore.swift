import AtriumDomain
import AtriumSQL

/// Employees: the directory's rows.
public struct PeopleStore {
  let connection: any DatabaseConnection

  public init(_ connection: any DatabaseConnection) {
    self.connection = connection
  }

  public func employee(id: String) throws -> Employee? {
    try connection.queryFirst("SELECT * FROM employees WHERE id = ?", .text(id)).map(Self.employee)
  }

  /// Looks up by the normalized username (see `Credentials.normalizedUsername`).
  public func employee(username: String) throws -> Employee? {
    try connection.queryFirst("SELECT * FROM employees WHERE username = ?", .text(username)).map(Self.employee)
  }

  /// Looks up by email (stored in lowercase).
  public func employee(email: String) throws -> Employee? {
    try connection.queryFirst("SELECT * FROM employees WHERE email = ?", .text(email.lowercased())).map(Self.employee)
  }

  /// Everyone still employed, for a change that may touch each of their balances.
  public func activeEmployees() throws -> [Employee] {
    try connection.query("SELECT * FROM employees WHERE active = 1 ORDER BY id").map(Self.employee)
  }

  /// Everyone, former employees too, in pages by id (`after`: the last id of the page before).
  public func everyone(after id: String, limit: Int) throws -> [Employee] {
    try connection.query("SELECT * FROM employees WHERE id > ? ORDER BY id LIMIT ?", .text(id), .integer(Int64(limit)))
      .map(Self.employee)
  }

  /// Active administrators other than `id`.
  public func activeAdministrators(besides id: String) throws -> Int {
    try connection.queryFirst(
      "SELECT COUNT(*) AS n FROM employees WHERE role = 'admin' AND active = 1 AND id <> ?", .text(id))?.int("n") ?? 0
  }

  /// The active people a company notice is meant for: `everyone`, or a `department` or
  /// `location` (its id).
  public func audience(_ audience: String, id: String?) throws -> [Employee] {
    switch audience {
    case "department":
      try connection.query(
        "SELECT * FROM employees WHERE active = 1 AND department_id = ? ORDER BY id", .text(id ?? "")
      )
      .map(Self.employee)
    case "location":
      try connection.query("SELECT * FROM employees WHERE active = 1 AND location_id = ? ORDER BY id", .text(id ?? ""))
        .map(Self.employee)
    default:
      try connection.query("SELECT * FROM employees WHERE active = 1 ORDER BY id").map(Self.employee)
    }
  }

  /// Everyone who runs Atrium: the active administrators.
  public func activeAdministrators() throws -> [Employee] {
    try connection.query("SELECT * FROM employees WHERE role = 'admin' AND active = 1 ORDER BY id").map(Self.employee)
  }

  public func count() throws -> Int {
    try connection.queryFirst("SELECT COUNT(*) AS n FROM employees")?.int("n") ?? 0
  }

  /// Adds an employee; throws a unique violation for a taken username or email and a foreign
  /// key violation for an unknown department, location or manager.
  public func insert(_ employee: Employee) throws {
    try connection.execute(
      """
      INSERT INTO employees (id, username, email, first_name, last_name, position, department_id,
        location_id, manager_id, role, start_date, phone, bio, active, sort_key, permissions, search_id)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
        (SELECT COALESCE(MAX(search_id), 0) + 1 FROM employees))
      """,
      [
        .text(employee.id), .text(employee.username), .text(employee.email),
        .text(employee.firstName), .text(employee.lastName), .text(employee.position),
        .text(employee.departmentID), .text(employee.locationID), DatabaseValue(employee.managerID),
        .text(employee.role.rawValue), DatabaseValue(employee.startDate), .text(employee.phone),
        .text(employee.bio), DatabaseValue(employee.isActive), .text(employee.sortKey),
        .text(Permission.text(employee.permissions)),
      ])
    try index(employeeID: employee.id)
    try ReportingLinesStore(connection).added(employee.id, managerID: employee.managerID)
  }

  /// Saves every field of an existing employee.
  public func update(_ employee: Employee) throws {
    let formerManager = try connection.queryFirst("SELECT manager_id FROM employees WHERE id = ?", .text(employee.id))?
      .optionalString("manager_id")
    try connection.execute(
      """
      UPDATE employees SET username = ?, email = ?, first_name = ?, last_name = ?, position = ?, department_id = ?,
        location_id = ?, manager_id = ?, role = ?, start_date = ?, phone = ?, bio = ?, active = ?, sort_key = ?,
        permissions = ?
      WHERE id = ?
      """,
      [
        .text(employee.username), .text(employee.email), .text(employee.firstName), .text(employee.lastName),
        .text(employee.position), .text(employee.departmentID), .text(employee.locationID),
        DatabaseValue(employee.managerID), .text(employee.role.rawValue), DatabaseValue(employee.startDate),
        .text(employee.phone), .text(employee.bio), DatabaseValue(employee.isActive), .text(employee.sortKey),
        .text(Permission.text(employee.permissions)), .text(employee.id),
      ])
    try index(employeeID: employee.id)
    if formerManager != employee.managerID {
      try ReportingLinesStore(connection).moved(employee.id, to: employee.managerID)
    }
  }

  /// What a person is found by in the directory search: names, username, position and department.
  static let searchBody =
    "e.first_name || ' ' || e.last_name || ' ' || e.username || ' ' || e.position || ' ' || d.name"

  /// Rewrites an employee's row of the directory search. The search row's key is the
  /// employee's `search_id`, so it is found without scanning the search table.
  public func index(employeeID: String) throws {
    let postgres = connection.dialect == .postgres
    try connection.execute(
      "DELETE FROM people_search WHERE \(postgres ? "search_id" : "rowid") = (SELECT search_id FROM employees WHERE id = ?)",
      .text(employeeID))
    try connection.execute(
      postgres
        ? """
        INSERT INTO people_search (
          search_id, employee_id, body, words, sort_key, active, department_id, location_id)
        SELECT e.search_id, e.id, \(Self.searchBody), to_tsvector('simple', unaccent(\(Self.searchBody))),
          e.sort_key, e.active, e.department_id, e.location_id
        FROM employees e JOIN departments d ON d.id = e.department_id WHERE e.id = ?
        """
        : """
        INSERT INTO people_search (rowid, employee_id, body)
        SELECT e.search_id, e.id, \(Self.searchBody)
        FROM employees e JOIN departments d ON d.id = e.department_id WHERE e.id = ?
        """, .text(employeeID))
  }

  /// Removes a person who left no trace but their row (a sign-up never confirmed), with
  /// their search row; their account and links go with the row.
  public func deleteUnused(employeeID: String) throws {
    let postgres = connection.dialect == .postgres
    try connection.execute(
      "DELETE FROM people_search WHERE \(postgres ? "search_id" : "rowid") = (SELECT search_id FROM employees WHERE id = ?)",
      .text(employeeID))
    try connection.execute("DELETE FROM employees WHERE id = ?", .text(employeeID))
  }

  /// Rebuilds the whole directory search (after a company was copied in).
  public func indexEveryone() throws {
    let ids = try connection.query("SELECT id FROM employees ORDER BY id")
    try connection.execute("DELETE FROM people_search")
    for row in ids { try index(employeeID: row.string("id")) }
  }

  /// Rewrites the search rows of a department's people (after it was renamed).
  public func index(departmentID: String) throws {
    let ids = try connection.query("SELECT id FROM employees WHERE department_id = ?", .text(departmentID))
    for row in ids { try index(employeeID: row.string("id")) }
  }

  /// One page of the directory: active people by name, optionally matching every word of
  /// `query` (as a word start, without regard to case or accents) and in a department or
  /// location.
  /// - Throws: `InvalidCursor` for a cursor this list did not make.
  public func directory(
    query: String?, departmentID: String?, locationID: String?, limit: Int, after cursor: String?
  ) throws -> (items: [Employee], nextCursor: String?) {
    if connection.dialect == .postgres, let match = query.flatMap(Self.prefixQuery) {
      return try search(
        match, departmentID: departmentID, locationID: locationID, limit: limit, after: cursor)
    }
    let conditions = try Self.pageConditions(
      departmentID: departmentID, locationID: locationID, after: cursor, table: "e", id: "id")
    guard let match = query.flatMap(Self.matchExpression) else {
      let sql = "SELECT e.* FROM employees e WHERE e.active = 1" + conditions.sql + " ORDER BY e.sort_key, e.id LIMIT ?"
      return Self.directoryPage(
        try connection.query(sql, conditions.arguments + [.integer(Int64(limit + 1))]), limit: limit)
    }
    // The page is chosen among ids and names only, then its people are read. Few matches are
    // found by the search and sorted; many are met in name order along the name index
    // (`employees_sort_search`), which stops at the page's end: either way the work follows
    // the smaller of the matches and the names before the page's last (`make bench-cost`).
    let matches =
      try connection.queryFirst(
        "SELECT COUNT(*) AS n FROM (SELECT rowid FROM people_search WHERE people_search MATCH ? LIMIT ?)",
        .text(match), .integer(Int64(Self.fewMatches + 1)))?.int("n") ?? 0
    let index = matches > Self.fewMatches ? "INDEXED BY employees_sort_search" : ""
    let sql = """
      SELECT e.* FROM (
        SELECT e.id, e.sort_key FROM employees e \(index)
        WHERE e.active = 1 AND e.search_id IN (SELECT rowid FROM people_search WHERE people_search MATCH ?)
        \(conditions.sql) ORDER BY e.sort_key, e.id LIMIT ?) page
      JOIN employees e ON e.id = page.id
      ORDER BY page.sort_key, page.id
      """
    let arguments: [DatabaseValue] = [.text(match)] + conditions.arguments + [.integer(Int64(limit + 1))]
    return Self.directoryPage(try connection.query(sql, arguments), limit: limit)
  }

  /// Matches up to which a search sorts them all; past it, it walks the names in order (at
  /// 50,000 people, sorting 2,400 took 2.2 ms and walking 1.4 ms; a name matched by 3 people,
  /// 0.04 ms sorted and 7 ms walked).
  package static let fewMatches = 1000

  /// A directory search on PostgreSQL: the page is chosen in the search table alone (its
  /// matches come from the GIN index, then are ordered), and only its people are read. The
  /// query is made once per search, not once per row (a subquery). See migration 22.
  private func search(
    _ match: String, departmentID: String?, locationID: String?, limit: Int, after cursor: String?
  ) throws -> (items: [Employee], nextCursor: String?) {
    let conditions = try Self.pageConditions(
      departmentID: departmentID, locationID: locationID, after: cursor, table: "s", id: "employee_id")
    let filters = "s.active = 1 AND s.words @@ (SELECT to_tsquery('simple', unaccent(?)))" + conditions.sql
    let arguments: [DatabaseValue] = [.text(match)] + conditions.arguments + [.integer(Int64(limit + 1))]
    let rows = try connection.query(
      """
      SELECT e.* FROM (
        SELECT s.employee_id, s.sort_key FROM people_search s WHERE \(filters)
        ORDER BY s.sort_key, s.employee_id LIMIT ?) page
      JOIN employees e ON e.id = page.employee_id
      ORDER BY page.sort_key, page.employee_id
      """, arguments)
    return Self.directoryPage(rows, limit: limit)
  }

  /// The directory's filters and the cursor's position, as `AND …` conditions on the table the
  /// page is chosen in (`employees`, or PostgreSQL's search table, which repeats those columns).
  private static func pageConditions(
    departmentID: String?, locationID: String?, after cursor: String?, table: String, id: String
  ) throws -> (sql: String, arguments: [DatabaseValue]) {
    var sql = ""
    var arguments: [DatabaseValue] = []
    if let departmentID {
      sql += " AND \(table).department_id = ?"
      arguments.append(.text(departmentID))
    }
    if let locationID {
      sql += " AND \(table).location_id = ?"
      arguments.append(.text(locationID))
    }
    if let cursor {
      guard let key = Cursor.decode(cursor, count: 2) else { throw InvalidCursor() }
      sql += " AND (\(table).sort_key > ? OR (\(table).sort_key = ? AND \(table).\(id) > ?))"
      arguments += [.text(key[0]), .text(key[0]), .text(key[1])]
    }
    return (sql, arguments)
  }

  /// The page of `limit` people from rows fetched with one more (which says a next page exists).
  private static func directoryPage(_ rows: [DatabaseRow], limit: Int) -> (items: [Employee], nextCursor: String?) {
    let page = rows.prefix(limit)
    // The cursor holds the stored key, so paging follows the index exactly.
    let next = rows.count > limit ? page.last.map { Cursor.encode([$0.string("sort_key"), $0.string("id")]) } : nil
    return (page.map(Self.employee), next)
  }

  /// PostgreSQL's `tsquery` in which every word of the query must start a word of the entry:
  /// `jose:* & lop:*`. Words hold only letters and digits, so nothing typed is read as syntax.
  static func prefixQuery(_ query: String) -> String? {
    let words = query.split { !($0.isLetter || $0.isNumber) }
    guard !words.isEmpty else { return nil }
    return words.prefix(8).map { $0 + ":*" }.joined(separator: " & ")
  }

  /// An FTS5 expression in which every word of the query must start a word of the entry:
  /// `"jose"* "lop"*`. Each word is quoted, so nothing typed is read as FTS syntax.
  static func matchExpression(_ query: String) -> String? {
    let words = query.split { !($0.isLetter || $0.isNumber) }
    guard !words.isEmpty else { return nil }
    return words.prefix(8).map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"*" }
      .joined(separator: " ")
  }

  /// Sets or clears someone's profile photo.
  public func setPhoto(_ photoID: String?, of employeeID: String) throws {
    try connection.execute("UPDATE employees SET photo = ? WHERE id = ?", DatabaseValue(photoID), .text(employeeID))
  }

  /// Every photo some person still uses, so that housekeeping keeps their files.
  public func photosInUse() throws -> Set<String> {
    Set(try connection.query("SELECT DISTINCT photo FROM employees WHERE photo IS NOT NULL").map { $0.string("photo") })
  }

  /// The ids of everyone above an employee in the reporting chain, nearest first, from the
  /// chain's rows (`ReportingLinesStore`, which never links a loop).
  public func chain(above employeeID: String) throws -> [String] {
    try connection.query(
      "SELECT ancestor_id FROM reporting_lines WHERE descendant_id = ? AND depth > 0 ORDER BY depth",
      .text(employeeID)
    ).map { $0.string("ancestor_id") }
  }

  /// The managers above an employee, nearest first (see `chain(above:)`).
  public func managers(above employeeID: String) throws -> [Employee] {
    try connection.query(
      """
      SELECT e.* FROM reporting_lines l JOIN employees e ON e.id = l.ancestor_id
      WHERE l.descendant_id = ? AND l.depth > 0 ORDER BY l.depth
      """, .text(employeeID)
    ).map(Self.employee)
  }

  static func employee(_ row: DatabaseRow) -> Employee {
    Employee(
      id: row.string("id"), username: row.string("username"), email: row.string("email"),
      firstName: row.string("first_name"), lastName: row.string("last_name"),
      position: row.string("position"), departmentID: row.string("department_id"),
      locationID: row.string("location_id"), managerID: row.optionalString("manager_id"),
      role: Role(rawValue: row.string("role")) ?? .employee, startDate: row.date("start_date"),
      phone: row.string("phone"), bio: row.string("bio"), isActive: row.bool("active"),
      photoID: row.optionalString("photo"), permissions: Permission.set(from: row.string("permissions")))
  }
}

import AtriumDomain
import AtriumSQL

/// The directory's search rows: one per person, keyed by their `search_id`.
///
/// On SQLite the keys follow the names: `orderSearch` numbers everyone in name order, in one
/// range, so that a search meets its matches in that order along the full-text index and
/// stops at the page's end, however many match (`directory`). Whoever joins or changes
/// name since takes a key after that range, the tail, which a search sorts apart; the hourly
/// housekeeping orders everyone again once the tail grew (`orderSearchIfDue`).
extension PeopleStore {
  /// What a person is found by in the directory search: names, username, position and department.
  static let searchBody =
    "e.first_name || ' ' || e.last_name || ' ' || e.username || ' ' || e.position || ' ' || d.name"

  /// Rewrites an employee's row of the directory search. The search row's key is the
  /// employee's `search_id`, so it is found without scanning the search table.
  public func index(employeeID: String) throws {
    try unindex(employeeID: employeeID)
    let postgres = connection.dialect == .postgres
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
    try unindex(employeeID: employeeID)
    try connection.execute("DELETE FROM employees WHERE id = ?", .text(employeeID))
  }

  /// Removes an employee's search row (before their key changes, or their row goes).
  func unindex(employeeID: String) throws {
    let postgres = connection.dialect == .postgres
    try connection.execute(
      "DELETE FROM people_search WHERE \(postgres ? "search_id" : "rowid") = (SELECT search_id FROM employees WHERE id = ?)",
      .text(employeeID))
  }

  /// Rebuilds the whole directory search (after a company was copied in).
  public func indexEveryone() throws {
    if connection.dialect == .sqlite { return try orderSearch() }
    let ids = try connection.query("SELECT id FROM employees ORDER BY id")
    try connection.execute("DELETE FROM people_search")
    for row in ids { try index(employeeID: row.string("id")) }
  }

  /// Rewrites the search rows of a department's people (after it was renamed).
  public func index(departmentID: String) throws {
    let ids = try connection.query("SELECT id FROM employees WHERE department_id = ?", .text(departmentID))
    for row in ids { try index(employeeID: row.string("id")) }
  }

  // MARK: Name order (SQLite)

  /// SQLite: numbers everyone's search row in name order, after every key in use (so no key
  /// is taken twice on the way), and writes the search rows again under those keys, in the
  /// transaction of the caller: 5.7 s at 50,000 people, 4.4 s of it writing the search rows,
  /// and 0.8 s more merging the index (`sqlite3` on the seeded file), so writes wait that long
  /// once when it is due.
  public func orderSearch() throws {
    guard connection.dialect == .sqlite else { return }
    for statement in Self.orderStatements { try connection.execute(statement) }
  }

  /// The statements of `orderSearch`, which migration 42 runs too.
  static let orderStatements = [
    """
    INSERT OR REPLACE INTO people_search_order (id, first_ordered, last_ordered)
    SELECT 1, COALESCE(MAX(search_id), 0) + 1, COALESCE(MAX(search_id), 0) + COUNT(*) FROM employees
    """,
    """
    UPDATE employees SET search_id = numbered.n + o.first_ordered - 1
    FROM (SELECT id, ROW_NUMBER() OVER (ORDER BY sort_key, id) AS n FROM employees) numbered, people_search_order o
    WHERE numbered.id = employees.id
    """,
    "DELETE FROM people_search",
    """
    INSERT INTO people_search (rowid, employee_id, body)
    SELECT e.search_id, e.id, \(searchBody) FROM employees e JOIN departments d ON d.id = e.department_id
    """,
    Self.mergeSearchIndex,
  ]

  /// Merges the full-text index's segments into one (FTS5's `optimize`). Written again row by
  /// row, the index was left in many segments (4,176 rows of `people_search_data` at 50,000
  /// people, 2,164 after), and a search read a prefix's matches from each of them and merged
  /// them: "gar" cost 2.76 million instructions in the `sqlite3` shell, 1.32 million merged
  /// (callgrind, 40 runs each on the seeded file); the merge took 0.8 s there.
  static let mergeSearchIndex = "INSERT INTO people_search (people_search) VALUES ('optimize')"

  /// Orders the search again (`orderSearch`) when the tail holds at least `minimumTail`
  /// people and a hundredth of everyone: the hourly housekeeping's call.
  /// - Returns: Whether it did.
  @discardableResult
  public func orderSearchIfDue(minimumTail: Int = 100) throws -> Bool {
    guard connection.dialect == .sqlite else { return false }
    let tail =
      try connection.queryFirst(
        "SELECT COUNT(*) AS n FROM employees WHERE search_id > (SELECT last_ordered FROM people_search_order)"
      )?.int("n") ?? 0
    guard tail >= max(minimumTail, try count() / 100) else { return false }
    try orderSearch()
    return true
  }
}

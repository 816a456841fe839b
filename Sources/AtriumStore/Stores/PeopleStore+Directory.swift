import AtriumDomain
import AtriumSQL

/// The directory's pages: everyone active by name, or those a search matches.
extension PeopleStore {
  /// One page of the directory: active people by name, optionally matching every word of
  /// `query` (as a word start, without regard to case or accents) and in a department or
  /// location.
  ///
  /// A row that reads as the row `known` gives for its person's id is that row, whose strings
  /// are not made again (a page of 100 made 900); `known` is asked once for each row read.
  /// - Throws: `InvalidCursor` for a cursor this list did not make.
  public func directory(
    query: String?, departmentID: String?, locationID: String?, limit: Int, after cursor: String?,
    known: (_ id: String) -> ListedRow? = { _ in nil }
  ) throws -> (rows: [ListedRow], nextCursor: String?) {
    if connection.dialect == .postgres, let match = query.flatMap(Self.prefixQuery) {
      return try search(
        match, departmentID: departmentID, locationID: locationID, limit: limit, after: cursor, known: known)
    }
    let conditions = try Self.pageConditions(
      departmentID: departmentID, locationID: locationID, after: cursor, table: "e", id: "id")
    guard let match = query.flatMap(Self.matchExpression) else {
      let sql =
        "SELECT \(Self.listedColumns) FROM employees e WHERE e.active = 1" + conditions.sql
        + " ORDER BY e.sort_key, e.id LIMIT ?"
      return Self.directoryPage(
        try listedRows(sql, conditions.arguments + [.integer(Int64(limit + 1))], known: known), limit: limit)
    }
    return try nameOrderedSearch(match, conditions: conditions, after: cursor, limit: limit, known: known)
  }

  /// SQLite: the page met along the search's keys, which follow the names in their ordered
  /// range (`orderSearch`): from the first key after the cursor, the full-text index yields
  /// matches in name order and the query stops at the page's end, so the work follows the
  /// page, not how many match (at 50,000 people, 2,400 match "gar"). The tail's matches
  /// (people who joined or changed name since) are sorted apart and merged in.
  private func nameOrderedSearch(
    _ match: String, conditions: (sql: String, arguments: [DatabaseValue]), after cursor: String?, limit: Int,
    known: (_ id: String) -> ListedRow?
  ) throws -> (rows: [ListedRow], nextCursor: String?) {
    let order = try connection.queryFirst(
      "SELECT first_ordered, last_ordered, (SELECT MAX(search_id) FROM employees) AS last_key FROM people_search_order")
    let lastOrdered = Int64(order?.int("last_ordered") ?? 0)
    let hasTail = order.map { $0.int("last_key") > $0.int("last_ordered") } ?? true
    var start = Int64(order?.int("first_ordered") ?? 1)
    if let cursor, let key = Cursor.decode(cursor, count: 2) {
      // The first ordered key after the cursor, along the name index.
      start =
        try connection.queryFirst(
          """
          SELECT search_id FROM employees INDEXED BY employees_sort_search
          WHERE (sort_key > ? OR (sort_key = ? AND id > ?)) AND search_id BETWEEN ? AND ?
          ORDER BY sort_key, id LIMIT 1
          """, .text(key[0]), .text(key[0]), .text(key[1]), .integer(start), .integer(lastOrdered)
        ).map { Int64($0.int("search_id")) } ?? lastOrdered + 1
    }
    let wanted = Int64(limit + 1)
    let ordered = try listedRows(
      """
      SELECT \(Self.listedColumns) FROM people_search s JOIN employees e ON e.search_id = s.rowid
      WHERE s.people_search MATCH ? AND s.rowid BETWEEN ? AND ? AND e.active = 1\(conditions.sql)
      ORDER BY s.rowid LIMIT ?
      """, [.text(match), .integer(start), .integer(lastOrdered)] + conditions.arguments + [.integer(wanted)],
      known: known)
    guard hasTail else { return Self.directoryPage(ordered, limit: limit) }
    let tail = try listedRows(
      """
      SELECT \(Self.listedColumns) FROM people_search s JOIN employees e ON e.search_id = s.rowid
      WHERE s.people_search MATCH ? AND s.rowid > ? AND e.active = 1\(conditions.sql)
      ORDER BY e.sort_key, e.id LIMIT ?
      """, [.text(match), .integer(lastOrdered)] + conditions.arguments + [.integer(wanted)], known: known)
    return Self.directoryPage(Self.merged(ordered, tail, limit: limit + 1), limit: limit)
  }

  /// The first `limit` rows of two lists in name order, in name order: by the stored key's
  /// bytes, then the id's, as SQLite compares text.
  private static func merged(_ first: [ListedRow], _ second: [ListedRow], limit: Int) -> [ListedRow] {
    func precedes(_ one: ListedRow, _ other: ListedRow) -> Bool {
      let (key, otherKey) = (one.sortKey, other.sortKey)
      if !key.utf8.elementsEqual(otherKey.utf8) { return key.utf8.lexicographicallyPrecedes(otherKey.utf8) }
      return one.person.id.utf8.lexicographicallyPrecedes(other.person.id.utf8)
    }
    guard !second.isEmpty else { return Array(first.prefix(limit)) }
    var result: [ListedRow] = []
    var (i, j) = (0, 0)
    while result.count < limit, i < first.count || j < second.count {
      if j == second.count || (i < first.count && precedes(first[i], second[j])) {
        result.append(first[i])
        i += 1
      } else {
        result.append(second[j])
        j += 1
      }
    }
    return result
  }

  /// A directory search on PostgreSQL: the page is chosen in the search table alone (its
  /// matches come from the GIN index, then are ordered), and only its people are read. The
  /// query is made once per search, not once per row (a subquery). See migration 22.
  private func search(
    _ match: String, departmentID: String?, locationID: String?, limit: Int, after cursor: String?,
    known: (_ id: String) -> ListedRow?
  ) throws -> (rows: [ListedRow], nextCursor: String?) {
    let conditions = try Self.pageConditions(
      departmentID: departmentID, locationID: locationID, after: cursor, table: "s", id: "employee_id")
    let filters = "s.active = 1 AND s.words @@ (SELECT to_tsquery('simple', unaccent(?)))" + conditions.sql
    let arguments: [DatabaseValue] = [.text(match)] + conditions.arguments + [.integer(Int64(limit + 1))]
    let rows = try listedRows(
      """
      SELECT \(Self.listedColumns) FROM (
        SELECT s.employee_id, s.sort_key FROM people_search s WHERE \(filters)
        ORDER BY s.sort_key, s.employee_id LIMIT ?) page
      JOIN employees e ON e.id = page.employee_id
      ORDER BY page.sort_key, page.employee_id
      """, arguments, known: known)
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
  private static func directoryPage(_ rows: [ListedRow], limit: Int) -> (rows: [ListedRow], nextCursor: String?) {
    let page = Array(rows.prefix(limit))
    // The cursor holds the stored key, so paging follows the index exactly.
    let next = rows.count > limit ? page.last.map { Cursor.encode([$0.sortKey, $0.person.id]) } : nil
    return (page, next)
  }

  /// A person of a directory page, with the key the directory orders by (which the cursor and
  /// the search's merge need). A class, so that a row kept by the caller and read again is
  /// handed back as it is: no string of it is made, or counted, again.
  public final class ListedRow: Sendable {
    public let person: ListedPerson
    public let sortKey: String

    public init(person: ListedPerson, sortKey: String) {
      self.person = person
      self.sortKey = sortKey
    }
  }

  /// What a page reads of each person (`e`, a row of `employees`), in `listedRows`' order: the
  /// person as `listedPerson` reads them, then their sort key.
  static let listedColumns =
    "e.id, e.username, e.first_name, e.last_name, e.position, e.department_id, e.location_id, e.photo, e.sort_key"

  /// The person in a row that selects `listedColumns`.
  static func listedPerson(_ row: some ResultRow) -> ListedPerson {
    ListedPerson(
      id: row[0].string, username: row[1].string, firstName: row[2].string, lastName: row[3].string,
      position: row[4].string, departmentID: row[5].string, locationID: row[6].string,
      photoID: row[7].optionalString)
  }

  /// The rows of a query selecting `listedColumns`, read as the statement steps: a row that
  /// reads as the one `known` gives for its id, column by column where the engine holds them,
  /// is that one.
  private func listedRows(
    _ sql: String, _ arguments: [DatabaseValue], known: (_ id: String) -> ListedRow?
  ) throws -> [ListedRow] {
    var rows: [ListedRow] = []
    try connection.forEachRow(sql, arguments) { row in
      let id = row[0].string
      if let kept = known(id), Self.row(row, readsAs: kept) {
        rows.append(kept)
        return
      }
      rows.append(ListedRow(person: Self.listedPerson(row), sortKey: row[8].string))
    }
    return rows
  }

  /// Whether every column but the id (which found `kept`) reads as `kept`.
  private static func row(_ row: some ResultRow, readsAs kept: ListedRow) -> Bool {
    let person = kept.person
    return row.text(at: 1, is: person.username) && row.text(at: 2, is: person.firstName)
      && row.text(at: 3, is: person.lastName) && row.text(at: 4, is: person.position)
      && row.text(at: 5, is: person.departmentID) && row.text(at: 6, is: person.locationID)
      && row.text(at: 7, is: person.photoID) && row.text(at: 8, is: kept.sortKey)
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
}

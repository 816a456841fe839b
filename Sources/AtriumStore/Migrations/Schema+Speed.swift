extension Schema {
  /// Reads that cost what their page holds, not what the company holds (issue 22).
  static let speed: [Migration] = [
    Migration(
      version: 36, name: "the directory search's page chosen from the name index",
      sql: [
        // A search that matches many people walks the names in order and keeps the first
        // page of matches, reading nothing but this index until then (`PeopleStore.directory`).
        // PostgreSQL chooses the page in its search table, which holds these columns.
        .differing(
          sqlite:
            "CREATE INDEX employees_sort_search ON employees (sort_key, id, active, search_id, department_id, location_id)",
          postgres: nil)
      ]),
    Migration(
      version: 37, name: "the reporting chain and each request's deciders kept as rows",
      sql: [
        // `ReportingLinesStore` keeps both in the transaction of every change that moves them.
        """
        CREATE TABLE reporting_lines (
          ancestor_id TEXT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
          descendant_id TEXT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
          depth INTEGER NOT NULL,
          PRIMARY KEY (ancestor_id, descendant_id))
        """,
        "CREATE INDEX reporting_lines_up ON reporting_lines (descendant_id, depth)",
        """
        CREATE TABLE approval_lines (
          request_id TEXT NOT NULL REFERENCES leave_requests(id) ON DELETE CASCADE,
          approver_id TEXT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
          status TEXT NOT NULL,
          created_at BIGINT NOT NULL,
          start_date TEXT NOT NULL,
          PRIMARY KEY (request_id, approver_id))
        """,
        // One per order the approvals list has: pending oldest first, a status by start date,
        // every status by start date.
        "CREATE INDEX approval_lines_pending ON approval_lines (approver_id, status, created_at, request_id)",
        "CREATE INDEX approval_lines_status ON approval_lines (approver_id, status, start_date, request_id)",
        "CREATE INDEX approval_lines_all ON approval_lines (approver_id, start_date, request_id)",
      ] + linesOfMigration37.map { .differing(sqlite: $0, postgres: $0) }),
    Migration(
      version: 38, name: "a manager's active reports read from one index",
      sql: [
        // Each create and preview answers who else in the team is off those days
        // (`LeaveRequestStore.teammatesLeave`): the reports and whether they are active come
        // from this index alone, without reading each report's row.
        "CREATE INDEX employees_team ON employees (manager_id, active, id)",
        "DROP INDEX employees_manager",
      ]),
    Migration(
      version: 39, name: "each person's totals of counting leave per year kept as rows",
      sql: [
        // `LeaveBalanceStore` keeps them in the transaction of every change that moves them;
        // a year appears only while it holds days.
        """
        CREATE TABLE leave_balances (
          employee_id TEXT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
          year INTEGER NOT NULL,
          days INTEGER NOT NULL,
          approved INTEGER NOT NULL,
          pending INTEGER NOT NULL,
          early INTEGER NOT NULL,
          PRIMARY KEY (employee_id, year))
        """
      ] + LeaveBalanceStore.recountStatements.map { .differing(sqlite: $0, postgres: $0) }),
    Migration(
      version: 40, name: "unread notices counted in an index",
      sql: [
        // Every web page shows the board's badge (`BoardStore.unreadCount`): a person's unread
        // notices are counted in this index alone (`read_at` in it only so SQLite needs no
        // row to check it); reading one takes it out.
        "CREATE INDEX notices_unread ON notices (recipient_id, created_at, read_at) WHERE read_at IS NULL"
      ]),
    Migration(
      version: 41, name: "each request's revision, for what the instance encoded of it",
      sql: [
        // A random number drawn again by every change of the request's row or days
        // (`LeaveRequestStore`): the approvals list keeps each request's JSON by id and
        // revision (`KeptRequests`) and encodes it again only when the revision moved.
        "ALTER TABLE leave_requests ADD COLUMN revision BIGINT NOT NULL DEFAULT 0"
      ]),
    Migration(
      version: 42, name: "the directory search's keys in name order, and its prefixes indexed",
      sql: [
        // SQLite: the range of `search_id` numbered in name order (`PeopleStore.orderSearch`),
        // along which a search meets its matches in order. PostgreSQL orders its search table.
        .differing(
          sqlite: """
            CREATE TABLE people_search_order (
              id INTEGER PRIMARY KEY CHECK (id = 1),
              first_ordered INTEGER NOT NULL,
              last_ordered INTEGER NOT NULL)
            """,
          postgres: nil),
        // Words' first one to four letters indexed as words of their own: a query word that
        // long is read as one list, in key order, as far as the page needs, where without it
        // every word it starts was merged whole first (2,400 people for "gar" at 50,000: five
        // million instructions a query, and again for the tail). The rows are written again
        // below, in name order.
        .differing(sqlite: "DROP TABLE people_search", postgres: nil),
        .differing(
          sqlite: """
            CREATE VIRTUAL TABLE people_search USING fts5(
              employee_id UNINDEXED, body, tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3 4')
            """,
          postgres: nil),
      ] + PeopleStore.orderStatements.map { .differing(sqlite: $0, postgres: nil) }),
    Migration(
      version: 43, name: "the approvals list's request and requester read from an index each",
      sql: [
        // SQLite: a table keyed by a text id is found through its key's index and then read by
        // rowid, two seeks; the approvals list reads a request's revision and requester, and
        // the requester's name, position and photo, for every row. These indexes hold them,
        // so each is one seek (`ApprovalsStore.entries`, which names them: SQLite's planner
        // prefers the key's own index, which is unique).
        .differing(
          sqlite: "CREATE INDEX leave_requests_listed ON leave_requests (id, employee_id, revision)", postgres: nil),
        .differing(
          sqlite: "CREATE INDEX employees_listed ON employees (id, first_name, last_name, username, position, photo)",
          postgres: nil),
      ]),
    Migration(
      version: 44, name: "the directory search's index merged into one segment",
      sql: [
        // SQLite: migration 42 wrote every search row again, which left the index in many
        // segments that each search read and merged (`PeopleStore.mergeSearchIndex`, which
        // `orderSearch` now ends with).
        .differing(sqlite: PeopleStore.mergeSearchIndex, postgres: nil)
      ]),
    Migration(
      version: 45, name: "each approval line with its request's requester and revision",
      sql: [
        // A manager's approvals list reads each request's requester and revision from the
        // line's index, without a seek into the requests (`ApprovalsStore.entries`);
        // `ReportingLinesStore` keeps both with the request's row. The approval lines are
        // written again (the reporting lines stay), and their indexes made again with the two
        // columns at their end; migration 43's index of the requests, which only that seek
        // read, goes.
        .differing(sqlite: "DROP INDEX leave_requests_listed", postgres: nil),
        "DROP INDEX approval_lines_pending",
        "DROP INDEX approval_lines_status",
        "DROP INDEX approval_lines_all",
        "ALTER TABLE approval_lines ADD COLUMN employee_id TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE approval_lines ADD COLUMN revision BIGINT NOT NULL DEFAULT 0",
      ] + ReportingLinesStore.approvalLinesRebuild.map { .differing(sqlite: $0, postgres: $0) } + [
        """
        CREATE INDEX approval_lines_pending
          ON approval_lines (approver_id, status, created_at, request_id, employee_id, revision)
        """,
        """
        CREATE INDEX approval_lines_status
          ON approval_lines (approver_id, status, start_date, request_id, employee_id, revision)
        """,
        "CREATE INDEX approval_lines_all ON approval_lines (approver_id, start_date, request_id, employee_id, revision)",
      ]),
    Migration(
      version: 46, name: "each person's unread notices counted in a row",
      sql: [
        // Every web page shows the board's badge: migration 40's index made the count one
        // range, still a step per unread notice (200 of them cost some 190,000 instructions a
        // page). The count is kept with every notice written or read (`NoticeStore.countUnread`)
        // and checked against the notices by `atrium verify balances`.
        """
        CREATE TABLE unread_notices (
          recipient_id TEXT PRIMARY KEY REFERENCES employees(id) ON DELETE CASCADE,
          unread INTEGER NOT NULL)
        """,
        """
        INSERT INTO unread_notices (recipient_id, unread)
        SELECT recipient_id, COUNT(*) FROM notices WHERE read_at IS NULL GROUP BY recipient_id
        """,
      ]),
    Migration(
      version: 47, name: "the longest request's length, which bounds the overlap check",
      sql: [
        // The overlap check reads a person's requests ending between the new one's start and
        // its end plus this many days (`LeaveRequestStore.holdingRequestsFetch`). A request
        // covers at most 366 days (`LeaveSpan.maximumDays`), but ones saved before that rule
        // may be longer: the figure is the longest stored, and no new request can exceed it.
        "CREATE TABLE leave_longest_span (days INTEGER NOT NULL)",
        .differing(
          sqlite: """
            INSERT INTO leave_longest_span (days)
            SELECT MAX(366, COALESCE(MAX(CAST(julianday(end_date) - julianday(start_date) AS INTEGER) + 1), 0))
            FROM leave_requests
            """,
          postgres: """
            INSERT INTO leave_longest_span (days)
            SELECT GREATEST(366, COALESCE(MAX(CAST(end_date AS date) - CAST(start_date AS date) + 1), 0))
            FROM leave_requests
            """),
      ]),
    Migration(
      version: 48, name: "a pending approval line in one of the status indexes, not both",
      sql: [
        // Every create writes a line for each person above its requester into each index of
        // `approval_lines`, a leaf page apiece: 21 of a create's 47 pages in the log. Pending
        // lines are listed oldest first and the others by start date, so each index needs only
        // its own lines. The lists name the status as a literal (`ApprovalsStore`), which is
        // how both engines prove a partial index holds the rows asked for.
        "DROP INDEX approval_lines_pending",
        "DROP INDEX approval_lines_status",
      ] + approvalLinesStatusIndexes.map { .differing(sqlite: $0, postgres: $0) }),
    Migration(
      version: 49, name: "a column's allowed words checked without a temporary table",
      sql: [
        // SQLite checks `x IN ('a', 'b', 'c')` (three words or more) by building a temporary
        // table of the words in every statement that writes the column: five a create (its
        // request's status, four live events' audience), 166,000 of its 1.98 million
        // instructions (`make bench-cost`). Written `x = 'a' OR x = 'b' OR ...`, the same check
        // compares in place. SQLite documents changing a CHECK by rewriting the table's text in
        // `sqlite_schema`: the new text allows and refuses exactly what the old did, no row is
        // rewritten, and a connection that still holds the old text checks alike. PostgreSQL
        // has no such cost.
        .differing(sqlite: "PRAGMA writable_schema = ON", postgres: nil)
      ] + wordChecks.map { checkInPlace(table: $0.table, column: $0.column, words: $0.words) } + [
        .differing(sqlite: "PRAGMA writable_schema = OFF", postgres: nil)
      ]),
    Migration(
      version: 50, name: "a request's days, history and approval lines stored in their keys' order",
      sql: keyedTables.map { .differing(sqlite: $0, postgres: nil) }),
    Migration(
      version: 51, name: "each request's team kept on it, so a team's leave is one index range",
      sql: [
        // The teammates off on a request's days were found by one index seek for each person
        // with the requester's manager (120 in the benchmark company: 451,000 of a create's
        // 1.79 million instructions, `callgrind`), whatever their leave. The requester's
        // manager is now kept on each request (`LeaveRequestStore.insert`, and
        // `ReportingLinesStore.moved` when it changes), and a team's requests that end in a
        // window of dates are one range of this index, which also holds what the rest of the
        // check reads (`LeaveRequestStore.teammatesLeave`).
        "ALTER TABLE leave_requests ADD COLUMN manager_id TEXT",
        "UPDATE leave_requests SET manager_id = (SELECT e.manager_id FROM employees e WHERE e.id = employee_id)",
        "CREATE INDEX leave_requests_team ON leave_requests (manager_id, end_date, start_date, status, employee_id)",
      ]),
    Migration(
      version: 52, name: "the directory search reads its people from one index",
      sql: [
        // SQLite: each person a search matches was found by its search key's index, then read
        // from the table by row number, two seeks a row (a page of 100 at 50,000 people).
        // This index holds what a page reads and filters on (`PeopleStore.listedColumns`,
        // `active`, the department and location), so a row is one seek. The search key's
        // unique index stays, for its uniqueness.
        .differing(
          sqlite: """
            CREATE INDEX employees_search_listed ON employees (
              search_id, active, id, username, first_name, last_name, position, department_id, location_id, photo,
              sort_key)
            """,
          postgres: nil)
      ]),
  ]

  /// Migration 50, SQLite only. A table with a key of its own (not a number) is two trees in
  /// SQLite, the rows by a hidden number and the key's index; every create wrote a page of
  /// each for its days, its history and each of its approval lines. Stored `WITHOUT ROWID`,
  /// the rows are kept in the key's tree: a page fewer each (about two of the benchmark
  /// company's 42 pages a create in the log), and a read by the key (a request's days, for the
  /// calendar and the balances) finds the row there. Each table is made again under its name,
  /// its rows and indexes as they were; no table refers to these three.
  static let keyedTables: [String] =
    [
      """
      CREATE TABLE leave_request_days_keyed (
        request_id TEXT NOT NULL REFERENCES leave_requests(id) ON DELETE CASCADE,
        date TEXT NOT NULL,
        halves INTEGER NOT NULL,
        PRIMARY KEY (request_id, date)) WITHOUT ROWID
      """,
      "INSERT INTO leave_request_days_keyed (request_id, date, halves) SELECT request_id, date, halves FROM leave_request_days",
      "DROP TABLE leave_request_days",
      "ALTER TABLE leave_request_days_keyed RENAME TO leave_request_days",
      """
      CREATE TABLE leave_history_keyed (
        id TEXT PRIMARY KEY,
        request_id TEXT NOT NULL REFERENCES leave_requests(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        actor_id TEXT NOT NULL REFERENCES employees(id),
        at BIGINT NOT NULL,
        action TEXT NOT NULL,
        from_status TEXT,
        to_status TEXT NOT NULL,
        reason TEXT NOT NULL DEFAULT '',
        details TEXT NOT NULL DEFAULT '') WITHOUT ROWID
      """,
      """
      INSERT INTO leave_history_keyed (id, request_id, seq, actor_id, at, action, from_status, to_status, reason, details)
      SELECT id, request_id, seq, actor_id, at, action, from_status, to_status, reason, details FROM leave_history
      """,
      "DROP TABLE leave_history",
      "ALTER TABLE leave_history_keyed RENAME TO leave_history",
      "CREATE UNIQUE INDEX leave_history_request ON leave_history (request_id, seq)",
      """
      CREATE TABLE approval_lines_keyed (
        request_id TEXT NOT NULL REFERENCES leave_requests(id) ON DELETE CASCADE,
        approver_id TEXT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
        status TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        start_date TEXT NOT NULL,
        employee_id TEXT NOT NULL DEFAULT '',
        revision BIGINT NOT NULL DEFAULT 0,
        PRIMARY KEY (request_id, approver_id)) WITHOUT ROWID
      """,
      """
      INSERT INTO approval_lines_keyed (request_id, approver_id, status, created_at, start_date, employee_id, revision)
      SELECT request_id, approver_id, status, created_at, start_date, employee_id, revision FROM approval_lines
      """,
      "DROP TABLE approval_lines",
      "ALTER TABLE approval_lines_keyed RENAME TO approval_lines",
    ] + approvalLinesStatusIndexes + [
      "CREATE INDEX approval_lines_all ON approval_lines (approver_id, start_date, request_id, employee_id, revision)"
    ]

  /// Migration 48's indexes of the approval lines by status, made again by migration 50.
  static let approvalLinesStatusIndexes: [String] = [
    """
    CREATE INDEX approval_lines_pending
      ON approval_lines (approver_id, status, created_at, request_id, employee_id, revision)
      WHERE status = 'pending'
    """,
    """
    CREATE INDEX approval_lines_status
      ON approval_lines (approver_id, status, start_date, request_id, employee_id, revision)
      WHERE status = 'approved' OR status = 'rejected' OR status = 'cancelled'
    """,
  ]

  /// The columns whose CHECK migration 49 writes as comparisons: their table and the words
  /// they allow, as the `CREATE TABLE` wrote them.
  package static let wordChecks: [(table: String, column: String, words: [String])] = [
    ("employees", "role", ["employee", "manager", "admin"]),
    ("leave_requests", "status", ["pending", "approved", "rejected", "cancelled"]),
    ("company_notices", "audience", ["everyone", "department", "location"]),
    ("devices", "platform", ["apns", "fcm", "webpush"]),
    ("live_events", "audience", ["person", "everyone", "department", "location", "admins"]),
    ("notification_outbox", "status", ["pending", "sent", "dead", "skipped"]),
    ("presence_checkins", "method", ["nearby", "without-position", "automatic"]),
    ("presence_checkins", "ended_by", ["checkout", "replaced", "automatic"]),
    ("presence_settings", "sharing", ["off", "mates", "everyone"]),
  ]

  /// `CHECK (column IN (words))` in `table`'s text replaced by the same words compared one by
  /// one (quotes doubled: the texts are SQL string literals).
  static func checkInPlace(table: String, column: String, words: [String]) -> MigrationStatement {
    let quoted = words.map { "''\($0)''" }
    let list = "CHECK (\(column) IN (\(quoted.joined(separator: ", "))))"
    let comparisons = "CHECK (" + quoted.map { "\(column) = \($0)" }.joined(separator: " OR ") + ")"
    return .differing(
      sqlite:
        "UPDATE sqlite_schema SET sql = replace(sql, '\(list)', '\(comparisons)') WHERE type = 'table' AND name = '\(table)'",
      postgres: nil)
  }

  /// What migration 37 filled the reporting and approval lines with: the reporting lines as
  /// `ReportingLinesStore` still makes them, the approval lines as they were then (they are
  /// written now with more columns, `ReportingLinesStore.approvalLinesRebuild`).
  static let linesOfMigration37: [String] =
    ["DELETE FROM approval_lines"] + ReportingLinesStore.reportingLinesRebuild + [
      """
      INSERT INTO approval_lines (approver_id, request_id, status, created_at, start_date)
      SELECT l.ancestor_id, r.id, r.status, r.created_at, r.start_date
      FROM leave_requests r JOIN reporting_lines l ON l.descendant_id = r.employee_id AND l.depth > 0
      """
    ]
}

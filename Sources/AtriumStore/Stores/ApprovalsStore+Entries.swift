import AtriumDomain
import AtriumSQL

/// The approvals list as the API writes it: each request by its id and revision, with its
/// requester, from which what was encoded of each request is found again
/// (`EncodedApprovalItems`).
extension ApprovalsStore {
  /// A request in the list by its id and revision, with its requester: enough to write the
  /// list from what was encoded of each request (`KeptRequests`).
  public struct Entry: Equatable, Sendable {
    public let requestID: String
    public let revision: Int64
    public let requester: Requester

    public init(requestID: String, revision: Int64, requester: Requester) {
      self.requestID = requestID
      self.revision = revision
      self.requester = requester
    }
  }

  /// Who asked, as the list shows them: the columns themselves, so that what was written of
  /// them before can be checked against them without making the name again.
  ///
  /// A class: the instance keeps the requester of each item it wrote (`EncodedApprovalItems`),
  /// and every page hands those to each row it reads again. As a struct each hand-over retained
  /// its six strings, on counts that every thread serving the list shares, and `perf` put a
  /// fifth of the 840-row page's time in `swift_retain` and `swift_release`; the same object
  /// read back also compares equal at once.
  public final class Requester: Equatable, Sendable {
    public let id: String
    public let firstName: String
    public let lastName: String
    public let username: String
    public let position: String
    public let photoID: String?

    public init(id: String, firstName: String, lastName: String, username: String, position: String, photoID: String?) {
      self.id = id
      self.firstName = firstName
      self.lastName = lastName
      self.username = username
      self.position = position
      self.photoID = photoID
    }

    public var displayName: String {
      Employee.displayName(firstName: firstName, lastName: lastName, username: username)
    }

    public static func == (left: Requester, right: Requester) -> Bool {
      left === right
        || (left.id == right.id && left.firstName == right.firstName && left.lastName == right.lastName
          && left.username == right.username && left.position == right.position && left.photoID == right.photoID)
    }
  }

  /// The same page as `page`, each request by its id and revision only, with its requester.
  ///
  /// The page is one range of the lines' index (of the requests for an admin) without the
  /// requesters' columns: a manager's page repeats a few people (the 840-row page, some 120),
  /// and joining their row to each line cost an index descent a line, a sixth of that page's
  /// instructions (`make bench-cost`). `requesters` gives each requester once a page, by
  /// employee id, from the same snapshot or a memory as current (by default read here, with
  /// `requesters(ids:)`); a line whose requester it does not give is left out, as the join
  /// left it out.
  ///
  /// Its rows are read as the statement steps (`forEachRow`); a row that reads as the entry
  /// `known` gives for its revision is that entry, whose strings are not made again, while its
  /// requester is still the one given now. `known` is asked once for each row the page holds,
  /// in their order.
  public func entries(
    scope: Scope, status: LeaveStatus?, limit: Int, after cursor: String?,
    known: (_ revision: Int64) -> Entry? = { _ in nil },
    requesters: ((_ employeeIDs: [String]) throws -> [Requester?])? = nil
  ) throws -> (entries: [Entry], nextCursor: String?) {
    let query = try pageQuery(nil, scope: scope, status: status, limit: limit, after: cursor)
    var lines: [Line] = []
    lines.reserveCapacity(limit)
    var positions: LinePositions?
    var employees = PageEmployees()
    var lastSort = DatabaseValue.null
    var more = false
    try connection.forEachRow(query.sql, query.arguments) { row in
      guard lines.count < limit else {
        more = true
        return
      }
      let at = positions ?? LinePositions(row.columns)
      positions = at
      let revision = Int64(row[at.revision].int)
      // A request's requester never changes: its id and revision are the entry's.
      if let known = known(revision), row.text(at: at.id, is: known.requestID) {
        lines.append(
          Line(
            requestID: known.requestID, revision: revision, employee: employees.index(of: known.requester), known: known
          ))
      } else {
        let employee = employees.index(of: row[at.employeeID].string)
        lines.append(Line(requestID: row[at.id].string, revision: revision, employee: employee, known: nil))
      }
      if lines.count == limit { lastSort = row[at.sort] }
    }
    let found = try requesters?(employees.ids) ?? self.requesters(ids: employees.ids).aligned(with: employees.ids)
    var entries: [Entry] = []
    entries.reserveCapacity(lines.count)
    for line in lines {
      guard line.employee < found.count, let requester = found[line.employee] else { continue }
      // A known entry's requester is one object on each of its rows, and an index of its own.
      if let known = line.known,
        known.requester === requester || employees.isCurrent(known.requester, as: requester, at: line.employee)
      {
        entries.append(known)
      } else {
        entries.append(Entry(requestID: line.requestID, revision: line.revision, requester: requester))
      }
    }
    guard more, let last = lines.last else { return (entries, nil) }
    return (entries, nextCursor(sort: lastSort, id: last.requestID, oldestFirst: query.oldestFirst))
  }

  /// The requesters with these employee ids that exist, by id.
  public func requesters(ids: [String]) throws -> [String: Requester] {
    var found: [String: Requester] = [:]
    for (marks, arguments) in IDLists.chunks(of: ids) {
      try connection.forEachRow(
        "SELECT id, first_name, last_name, username, position, photo FROM employees WHERE id IN (\(marks))", arguments
      ) { row in
        let requester = Requester(
          id: row[0].string, firstName: row[1].string, lastName: row[2].string, username: row[3].string,
          position: row[4].string, photoID: row[5].optionalString)
        found[requester.id] = requester
      }
    }
    return found
  }

  /// One row of a page: its request, its requester's place in the page's list of them
  /// (`PageEmployees.ids`), and the entry `known` gave for it when the row reads as that entry.
  private struct Line {
    let requestID: String
    let revision: Int64
    let employee: Int
    let known: Entry?
  }

  /// Where a line's columns are in the page's rows, found once a page.
  private struct LinePositions {
    let id, revision, employeeID, sort: Int?

    init(_ columns: DatabaseColumns) {
      (id, revision, employeeID, sort) = (
        columns.position(of: "id"), columns.position(of: "revision"), columns.position(of: "employee_id"),
        columns.position(of: "list_sort")
      )
    }
  }

  /// The employees whose requests one page holds, in the order first seen. A kept requester
  /// (the same object on each of its rows) is told apart by its identity: hashing each
  /// person's id, on every row and again to look the person up, was a third of a page of a
  /// hundred people (`make bench-cost`). An employee can be listed twice (as a kept requester
  /// and by id); their requester is then looked up twice, and is the same.
  private struct PageEmployees {
    private(set) var ids: [String] = []
    private var byRequester: [ObjectIdentifier: Int] = [:]
    private var byID: [String: Int] = [:]
    /// Whether the kept requester at each index reads as the one given now (`isCurrent`).
    private var current: [Bool?] = []

    mutating func index(of requester: Requester) -> Int {
      if let index = byRequester[ObjectIdentifier(requester)] { return index }
      ids.append(requester.id)
      byRequester[ObjectIdentifier(requester)] = ids.count - 1
      return ids.count - 1
    }

    mutating func index(of employeeID: String) -> Int {
      if let index = byID[employeeID] { return index }
      ids.append(employeeID)
      byID[employeeID] = ids.count - 1
      return ids.count - 1
    }

    /// Whether `kept`, the requester at `index`, reads as `now`: compared once a page.
    mutating func isCurrent(_ kept: Requester, as now: Requester, at index: Int) -> Bool {
      if current.count < ids.count { current += Array(repeating: nil, count: ids.count - current.count) }
      if let known = current[index] { return known }
      current[index] = kept == now
      return kept == now
    }
  }
}

extension [String: ApprovalsStore.Requester] {
  /// The requester of each id, in their order.
  fileprivate func aligned(with ids: [String]) -> [ApprovalsStore.Requester?] {
    ids.map { self[$0] }
  }
}

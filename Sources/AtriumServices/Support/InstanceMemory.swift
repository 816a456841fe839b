import AtriumAPI
import AtriumDomain
import AtriumSQL
import AtriumStore

/// What one instance keeps in memory of the reads nearly every request repeats (see
/// `RecentReads` for how long, and what makes it read again).
package final class InstanceMemory: Sendable {
  package let changes = ChangeSignal()
  /// Who a caller is, by employee and session (`AuthService.authenticate`).
  package let callers: RecentReads<CallerKey, Caller?>
  /// A browser session's facts, by the hash of its cookie's secret (`WebSessionService`).
  package let webSessions: RecentReads<String, WebSessionFacts?>
  /// Each location's time zone, by location id (nil: no such location).
  package let timeZones: RecentReads<String, String?>
  /// Each person's settings (language, badge), by employee id.
  package let settings: RecentReads<String, SettingsStore.Settings>
  /// Each person's unread company notices, by who reads and since when (in the board's badge
  /// on every page; `BoardService.badge`).
  package let companyUnread: RecentReads<UnreadCountKey, BoardStore.UnreadCount>
  /// Who asked for a request in the approvals list (name, position, photo), by employee id.
  package let requesters: RecentReads<String, ApprovalsStore.Requester>
  /// The company (one row; the key is always `.company`).
  package let company: RecentReads<Single, Company?>
  /// Every leave type, for their names and the request form (never to validate a write).
  package let leaveTypes: RecentReads<Single, [LeaveType]>
  /// Each leave type's name by id, made from `leaveTypes` once and not at every answer that
  /// names them: making it again retained every type's strings, on counts all threads share.
  package let leaveTypeNames: RecentReads<Single, [String: String]>
  /// Every department's and location's name, for pages that list people (not for writes).
  package let placeNames: RecentReads<Single, PlaceNames>
  /// The leave policy year by year, for balances shown (a write's balance check reads its own).
  package let policyHistory: RecentReads<Single, LeavePolicyHistory>
  /// Each person's allowances set for particular years, by employee id, for balances shown
  /// (a write's balance check reads its own).
  package let allowances: RecentReads<String, [Int: HalfDays]>
  /// Requests' bodies and JSON by revision, for the approvals list, the year views and the
  /// time-off page (exact: never stale).
  package let keptRequests = KeptRequests()
  /// The year views as JSON (`/me/leave`, a person's year), by person and year, each used
  /// while what it was made from reads the same (exact: never stale).
  package let keptEncodedYears = KeptLeaveYears<EncodedLeaveYear>()
  /// The year views as values (the time-off page, Home), likewise.
  package let keptYears = KeptLeaveYears<LeaveYear>()
  /// The approvals list's items by request revision, each checked against its requester and
  /// its type's name as read now.
  package let encodedApprovalItems = EncodedApprovalItems()
  /// The directory's people by id, each checked against their row and the place names as
  /// read now.
  package let encodedPersonSummaries = EncodedPersonSummaries()

  /// The key of what exists once.
  package enum Single: Hashable, Sendable { case company, leaveTypes, leaveTypeNames, placeNames, policyHistory }

  package struct CallerKey: Hashable, Sendable {
    package let employeeID: String
    package let sessionID: String
  }

  /// The facts an access token is checked against.
  package struct Caller: Sendable {
    package let employee: Employee
    package let sessionEnded: Bool
    package let validAfter: Int64
  }

  /// What a browser session's cookie stands for, before its age is checked.
  package struct WebSessionFacts: Sendable {
    package let token: SessionStore.StoredToken
    package let employee: Employee
    package let mustChangePassword: Bool
    /// The session's CSRF token (`WebSessionService.csrfToken`), made once with the facts:
    /// an HMAC on every page cost some 25,000 instructions (`make bench-cost`).
    package let csrfToken: String
  }

  package init() {
    callers = RecentReads(signal: changes)
    webSessions = RecentReads(signal: changes)
    timeZones = RecentReads(signal: changes)
    settings = RecentReads(signal: changes)
    companyUnread = RecentReads(signal: changes)
    requesters = RecentReads(signal: changes)
    company = RecentReads(signal: changes)
    leaveTypes = RecentReads(signal: changes)
    leaveTypeNames = RecentReads(signal: changes)
    placeNames = RecentReads(signal: changes)
    policyHistory = RecentReads(signal: changes)
    allowances = RecentReads(signal: changes)
  }
}

extension ServerEnvironment {
  /// This environment for one instance, with a memory of its own: every write through its
  /// database, and every change another instance announces, makes the memory read again.
  /// - Returns: The environment, and the function that stops listening to other instances.
  package func withInstanceMemory() -> (environment: ServerEnvironment, stopListening: @Sendable () -> Void) {
    let memory = InstanceMemory()
    var environment = self
    environment.database = Self.watching(database, signal: memory.changes)
    environment.memory = memory
    let stopListening = (database as? any DatabaseNotifications)?.listen(on: CachedRows.channel) {
      memory.changes.changed()
    }
    return (environment, stopListening ?? {})
  }

  /// What `read` answers, or what this instance kept of it when it has a memory.
  package func recall<Key, Value>(
    _ reads: KeyPath<InstanceMemory, RecentReads<Key, Value>>, _ key: Key, usable: (Value) -> Bool = { _ in true },
    read: () throws -> Value
  ) rethrows -> Value {
    guard let memory else { return try read() }
    return try memory[keyPath: reads].value(for: key, usable: usable, read: read)
  }

  private static func watching(_ database: some Database, signal: ChangeSignal) -> any Database {
    ChangeWatchingDatabase(database, signal: signal)
  }
}

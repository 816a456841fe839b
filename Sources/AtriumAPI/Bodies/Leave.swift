import AtriumDomain

/// A leave request on the wire. `days` and `perYear` are always computed by the server.
public struct LeaveRequestBody: Codable, Hashable, Sendable {
  public var id: String
  public var employeeId: String
  public var start: CalendarDate
  public var end: CalendarDate
  public var startHalf: StartHalf
  public var endHalf: EndHalf
  public var type: Reference
  /// Working days in total.
  public var days: HalfDays
  /// Working days by calendar year, keyed by the year (`{"2026": 3.5, "2027": 4}`).
  public var perYear: [String: HalfDays]
  public var status: LeaveStatus
  public var note: String
  /// Why the decision that gave the request its status was taken (a rejection's reason); empty
  /// when none was given. Optional on the wire for clients' copies saved before it existed.
  public var decisionReason: String?
  /// When it was asked (RFC 3339, UTC).
  public var createdAt: String
  public var updatedAt: String

  public init(
    id: String, employeeId: String, start: CalendarDate, end: CalendarDate, startHalf: StartHalf, endHalf: EndHalf,
    type: Reference, days: HalfDays, perYear: [String: HalfDays], status: LeaveStatus, note: String,
    decisionReason: String = "", createdAt: String, updatedAt: String
  ) {
    self.id = id
    self.employeeId = employeeId
    self.start = start
    self.end = end
    self.startHalf = startHalf
    self.endHalf = endHalf
    self.type = type
    self.days = days
    self.perYear = perYear
    self.status = status
    self.note = note
    self.decisionReason = decisionReason
    self.createdAt = createdAt
    self.updatedAt = updatedAt
  }
}

/// `POST /api/v1/me/leave` body. A day count sent by the client is ignored.
public struct NewLeaveRequest: Codable, Hashable, Sendable {
  public var start: CalendarDate
  public var end: CalendarDate
  public var startHalf: StartHalf?
  public var endHalf: EndHalf?
  /// The leave type; the company's default type (Vacation unless an admin chose another) when left out.
  public var typeId: String?
  public var note: String?

  public init(
    start: CalendarDate, end: CalendarDate, startHalf: StartHalf? = nil, endHalf: EndHalf? = nil,
    typeId: String? = nil, note: String? = nil
  ) {
    self.start = start
    self.end = end
    self.startHalf = startHalf
    self.endHalf = endHalf
    self.typeId = typeId
    self.note = note
  }
}

/// `PATCH /api/v1/leave/{id}` body: the fields to change.
public struct LeaveChange: Codable, Hashable, Sendable {
  public var start: CalendarDate?
  public var end: CalendarDate?
  public var startHalf: StartHalf?
  public var endHalf: EndHalf?
  public var typeId: String?
  public var note: String?

  public init(
    start: CalendarDate? = nil, end: CalendarDate? = nil, startHalf: StartHalf? = nil, endHalf: EndHalf? = nil,
    typeId: String? = nil, note: String? = nil
  ) {
    self.start = start
    self.end = end
    self.startHalf = startHalf
    self.endHalf = endHalf
    self.typeId = typeId
    self.note = note
  }
}

/// The body of approve, reject, reopen and cancel: an optional reason kept in the history.
public struct LeaveDecision: Codable, Hashable, Sendable {
  public var reason: String?

  public init(reason: String? = nil) {
    self.reason = reason
  }
}

/// A saved or changed request, with who else is off then (a warning, never a refusal).
public struct SavedLeave: Codable, Hashable, Sendable {
  public var request: LeaveRequestBody
  public var conflicts: [ConflictDay]

  public init(request: LeaveRequestBody, conflicts: [ConflictDay]) {
    self.request = request
    self.conflicts = conflicts
  }

  private enum CodingKeys: String, CodingKey { case conflicts }

  /// The request's fields and `conflicts` side by side in one object.
  public init(from decoder: any Decoder) throws {
    request = try LeaveRequestBody(from: decoder)
    conflicts = try decoder.container(keyedBy: CodingKeys.self).decode([ConflictDay].self, forKey: .conflicts)
  }

  public func encode(to encoder: any Encoder) throws {
    try request.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(conflicts, forKey: .conflicts)
  }
}

/// `GET /api/v1/me/leave/preview`: what a request would take, without saving it.
public struct LeavePreview: Codable, Hashable, Sendable {
  public var days: HalfDays
  public var perYear: [String: HalfDays]
  public var conflicts: [ConflictDay]
  /// What sending the request would be refused for (no working days, an overlap, not enough
  /// days), worded for the reader; nil when it would be accepted as it stands.
  public var refusal: Problem?

  public init(days: HalfDays, perYear: [String: HalfDays], conflicts: [ConflictDay], refusal: Problem? = nil) {
    self.days = days
    self.perYear = perYear
    self.conflicts = conflicts
    self.refusal = refusal
  }
}

/// Someone whose leave is shown: enough to recognise them.
public struct EmployeeSummary: Codable, Hashable, Sendable {
  public var id: String
  public var displayName: String
  public var position: String
  public var photoURL: String

  public init(id: String, displayName: String, position: String, photoURL: String) {
    self.id = id
    self.displayName = displayName
    self.position = position
    self.photoURL = photoURL
  }
}

/// A year of someone's time off: the balance and the requests that touch the year.
public struct LeaveYear: Codable, Hashable, Sendable {
  public var year: Int
  public var allowance: HalfDays
  public var carriedOver: HalfDays
  public var carriedOverUntil: CalendarDate
  /// Carried-over days that expired unused.
  public var expired: HalfDays
  public var approved: HalfDays
  public var pending: HalfDays
  public var remaining: HalfDays
  /// By start date, newest first.
  public var requests: [LeaveRequestBody]
  /// Whose year it is (set on `GET /people/{id}/leave`).
  public var employee: EmployeeSummary?

  public init(
    year: Int, allowance: HalfDays, carriedOver: HalfDays, carriedOverUntil: CalendarDate, expired: HalfDays,
    approved: HalfDays, pending: HalfDays, remaining: HalfDays, requests: [LeaveRequestBody],
    employee: EmployeeSummary? = nil
  ) {
    self.year = year
    self.allowance = allowance
    self.carriedOver = carriedOver
    self.carriedOverUntil = carriedOverUntil
    self.expired = expired
    self.approved = approved
    self.pending = pending
    self.remaining = remaining
    self.requests = requests
    self.employee = employee
  }
}

/// A request in the approvals list, with its employee.
public struct ApprovalItem: Codable, Hashable, Sendable {
  public var request: LeaveRequestBody
  public var employee: EmployeeSummary

  public init(request: LeaveRequestBody, employee: EmployeeSummary) {
    self.request = request
    self.employee = employee
  }

  private enum CodingKeys: String, CodingKey { case employee }

  /// The request's fields and `employee` side by side in one object.
  public init(from decoder: any Decoder) throws {
    request = try LeaveRequestBody(from: decoder)
    employee = try decoder.container(keyedBy: CodingKeys.self).decode(EmployeeSummary.self, forKey: .employee)
  }

  public func encode(to encoder: any Encoder) throws {
    try request.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(employee, forKey: .employee)
  }
}

/// One change in a request's history.
public struct LeaveHistoryEntry: Codable, Hashable, Sendable {
  public var actor: PersonName
  /// RFC 3339, UTC.
  public var at: String
  public var action: String
  public var from: LeaveStatus?
  public var to: LeaveStatus
  public var reason: String
  /// What the step changed, in the reader's words: the days asked for on `create`, the old and
  /// new days on a `change` that moved them ("2–6 March 2026 → 9–13 March 2026"), else empty.
  public var details: String

  public init(
    actor: PersonName, at: String, action: String, from: LeaveStatus?, to: LeaveStatus, reason: String,
    details: String
  ) {
    self.actor = actor
    self.at = at
    self.action = action
    self.from = from
    self.to = to
    self.reason = reason
    self.details = details
  }
}

/// `GET /api/v1/leave/{id}`: a request in context, for deciding on it.
public struct LeaveDetail: Codable, Hashable, Sendable {
  public var request: LeaveRequestBody
  public var employee: EmployeeSummary
  public var history: [LeaveHistoryEntry]
  /// The employee's other requests in the request's (first) year.
  public var otherRequests: [LeaveRequestBody]
  /// The employee's remaining days in that year.
  public var remaining: HalfDays
  /// Teammates off on the request's working days.
  public var conflicts: [ConflictDay]

  public init(
    request: LeaveRequestBody, employee: EmployeeSummary, history: [LeaveHistoryEntry],
    otherRequests: [LeaveRequestBody], remaining: HalfDays, conflicts: [ConflictDay]
  ) {
    self.request = request
    self.employee = employee
    self.history = history
    self.otherRequests = otherRequests
    self.remaining = remaining
    self.conflicts = conflicts
  }
}

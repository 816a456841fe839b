import AtriumDomain

/// `PUT /api/v1/people/{id}/allowance/{year}` body and answer.
public struct AllowanceBody: Codable, Hashable, Sendable {
  public var days: HalfDays

  public init(days: HalfDays) {
    self.days = days
  }
}

/// A holiday of a location.
public struct HolidayBody: Codable, Hashable, Sendable {
  public var id: String
  public var locationId: String
  public var date: CalendarDate
  public var name: String
  /// null for a full day; `morning` or `afternoon` for the half that is free.
  public var half: DayHalf?

  public init(id: String, locationId: String, date: CalendarDate, name: String, half: DayHalf?) {
    self.id = id
    self.locationId = locationId
    self.date = date
    self.name = name
    self.half = half
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(locationId, forKey: .locationId)
    try container.encode(date, forKey: .date)
    try container.encode(name, forKey: .name)
    try container.encode(half, forKey: .half)
  }
}

/// `POST /api/v1/holidays` body.
public struct NewHoliday: Codable, Hashable, Sendable {
  public var locationId: String
  public var date: CalendarDate
  public var name: String
  public var half: DayHalf?

  public init(locationId: String, date: CalendarDate, name: String, half: DayHalf? = nil) {
    self.locationId = locationId
    self.date = date
    self.name = name
    self.half = half
  }
}

/// A leave type on the wire.
public struct LeaveTypeBody: Codable, Hashable, Sendable {
  public var id: String
  public var name: String
  public var countsAgainstAllowance: Bool
  public var needsApproval: Bool
  public var active: Bool
  /// The type requests get when none is chosen; exactly one type is the default.
  public var `default`: Bool

  public init(
    id: String, name: String, countsAgainstAllowance: Bool, needsApproval: Bool, active: Bool, default: Bool = false
  ) {
    self.id = id
    self.name = name
    self.countsAgainstAllowance = countsAgainstAllowance
    self.needsApproval = needsApproval
    self.active = active
    self.default = `default`
  }
}

/// `POST /api/v1/leave-types` body (both flags default to true) and `PATCH` body (every field
/// optional). `default: true` makes the type the default in place of the one before.
public struct LeaveTypeChange: Codable, Hashable, Sendable {
  public var name: String?
  public var countsAgainstAllowance: Bool?
  public var needsApproval: Bool?
  public var active: Bool?
  public var `default`: Bool?

  public init(
    name: String? = nil, countsAgainstAllowance: Bool? = nil, needsApproval: Bool? = nil, active: Bool? = nil,
    default: Bool? = nil
  ) {
    self.name = name
    self.countsAgainstAllowance = countsAgainstAllowance
    self.needsApproval = needsApproval
    self.active = active
    self.default = `default`
  }
}

/// The company's leave policy on the wire (`PATCH` takes any subset of the fields).
public struct LeavePolicyBody: Codable, Hashable, Sendable {
  public var defaultAllowance: HalfDays?
  public var carryOverDays: HalfDays?
  /// `MM-DD`: carried-over days are usable until this day of the next year.
  public var carryOverUntil: String?
  public var allowNegativeBalance: Bool?
  /// In answers, the year this policy took effect; in a `PATCH`, the year the change takes
  /// effect from (next year when left out; this year changes balances in use).
  public var fromYear: Int?
  /// `PATCH` only: check the change and count whom it touches without saving it.
  public var dryRun: Bool?
  /// `PATCH` answers: how many people's balance this year the change moves (0 for a change
  /// from a later year).
  public var affectedPeople: Int?
  /// History entries: when the change was saved (RFC 3339; null for the policy the
  /// installation began with).
  public var changedAt: String?

  public init(
    defaultAllowance: HalfDays? = nil, carryOverDays: HalfDays? = nil, carryOverUntil: String? = nil,
    allowNegativeBalance: Bool? = nil, fromYear: Int? = nil, dryRun: Bool? = nil, affectedPeople: Int? = nil,
    changedAt: String? = nil
  ) {
    self.defaultAllowance = defaultAllowance
    self.carryOverDays = carryOverDays
    self.carryOverUntil = carryOverUntil
    self.allowNegativeBalance = allowNegativeBalance
    self.fromYear = fromYear
    self.dryRun = dryRun
    self.affectedPeople = affectedPeople
    self.changedAt = changedAt
  }
}

/// `PATCH /api/v1/locations/{id}` body.
public struct LocationChange: Codable, Hashable, Sendable {
  public var name: String?
  public var timeZone: String?
  public var weekendDays: [Int]?

  public init(name: String? = nil, timeZone: String? = nil, weekendDays: [Int]? = nil) {
    self.name = name
    self.timeZone = timeZone
    self.weekendDays = weekendDays
  }
}

/// `GET /api/v1/me/calendar`: secret feed addresses to subscribe to in a calendar app.
public struct CalendarFeedBody: Codable, Hashable, Sendable {
  /// The caller's approved leave.
  public var url: String
  /// The caller's team's approved and pending leave.
  public var teamURL: String

  public init(url: String, teamURL: String) {
    self.url = url
    self.teamURL = teamURL
  }
}

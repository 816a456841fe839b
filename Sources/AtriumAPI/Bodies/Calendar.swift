import AtriumDomain

/// `GET /api/v1/calendar`: a month of a team's leave, people by days.
public struct TeamCalendar: Codable, Hashable, Sendable {
  /// `YYYY-MM`.
  public var month: String
  public var today: CalendarDate
  public var days: [CalendarDate]
  public var people: [CalendarPerson]

  public init(month: String, today: CalendarDate, days: [CalendarDate], people: [CalendarPerson]) {
    self.month = month
    self.today = today
    self.days = days
    self.people = people
  }
}

/// One row of the calendar: a person and the days that are not ordinary working days for them.
public struct CalendarPerson: Codable, Hashable, Sendable {
  public var id: String
  public var displayName: String
  public var photoURL: String
  public var location: Reference
  /// Only the days with something to show, by date.
  public var days: [CalendarCell]

  public init(id: String, displayName: String, photoURL: String, location: Reference, days: [CalendarCell]) {
    self.id = id
    self.displayName = displayName
    self.photoURL = photoURL
    self.location = location
    self.days = days
  }
}

/// A day in someone's row: `weekend`, `holiday` (with its name, and `half` when only half the
/// day is free), or `leave` (with its status, how many half days it takes and its leave type's
/// name).
public struct CalendarCell: Codable, Hashable, Sendable {
  public var date: CalendarDate
  public var kind: String
  public var status: LeaveStatus?
  public var halves: Int?
  public var name: String?

  public init(date: CalendarDate, kind: String, status: LeaveStatus? = nil, halves: Int? = nil, name: String? = nil) {
    self.date = date
    self.kind = kind
    self.status = status
    self.halves = halves
    self.name = name
  }
}

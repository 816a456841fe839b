/// Which half of a day.
public enum DayHalf: String, Codable, Sendable, CaseIterable {
  case morning, afternoon
}

/// Where a leave starts: a whole first day, or from noon.
public enum StartHalf: String, Codable, Sendable, CaseIterable {
  case full, afternoon
}

/// Where a leave ends: a whole last day, or at noon.
public enum EndHalf: String, Codable, Sendable, CaseIterable {
  case full, morning
}

/// A public holiday of a location: the whole day, or one half of it.
public struct Holiday: Hashable, Sendable {
  public let date: CalendarDate
  public var name: String
  /// nil for a full-day holiday; otherwise the half that is free.
  public var half: DayHalf?

  public init(date: CalendarDate, name: String, half: DayHalf? = nil) {
    self.date = date
    self.name = name
    self.half = half
  }
}

/// A location's working time: its weekend days and its holidays.
public struct WorkCalendar: Sendable {
  public let weekendDays: Set<Weekday>
  private let holidays: [CalendarDate: Holiday]

  public init(weekendDays: Set<Weekday> = [.saturday, .sunday], holidays: [Holiday] = []) {
    self.weekendDays = weekendDays
    var byDate: [CalendarDate: Holiday] = [:]
    for holiday in holidays {
      // Two entries on one date: a full-day one wins over a half.
      if let existing = byDate[holiday.date], existing.half == nil { continue }
      byDate[holiday.date] = holiday
    }
    self.holidays = byDate
  }

  public func holiday(on date: CalendarDate) -> Holiday? { holidays[date] }

  /// Whether the given half of `date` is working time.
  public func isWorking(_ date: CalendarDate, _ half: DayHalf) -> Bool {
    guard !weekendDays.contains(date.weekday) else { return false }
    guard let holiday = holidays[date] else { return true }
    return holiday.half != nil && holiday.half != half
  }

  /// The working time a leave takes, day by day: each half of each day counts 0.5 when it is
  /// both working time and part of the leave. Counting halves after removing non-working time
  /// means a half-day start on a weekend or holiday costs nothing, and a half-day holiday is
  /// never taken off twice.
  public func workingTime(of span: LeaveSpan) -> WorkingTime {
    var perDate: [CalendarDate: HalfDays] = [:]
    for date in CalendarDate.range(span.start, span.end) {
      var halves = 0
      for half in DayHalf.allCases where span.covers(date, half) && isWorking(date, half) {
        halves += 1
      }
      if halves > 0 { perDate[date] = HalfDays(halves: halves) }
    }
    return WorkingTime(perDate: perDate)
  }
}

/// The days and halves a leave covers.
public struct LeaveSpan: Hashable, Sendable {
  public let start: CalendarDate
  public let end: CalendarDate
  public let startHalf: StartHalf
  public let endHalf: EndHalf

  /// The most calendar days a new request may cover (`isWithinLimit`). Longer absences (a
  /// sabbatical) are asked as consecutive requests; the bound also keeps every day-by-day
  /// count small. Spans already stored are read whatever their length; the overlap check reads
  /// as far as the longest stored (migration 47), which no new request can exceed.
  public static let maximumDays = 366

  /// Why a span cannot exist.
  public enum Problem: Error, Hashable, Sendable {
    case endBeforeStart
    /// A one-day leave from noon to noon covers nothing.
    case emptySingleDay
  }

  public init(
    start: CalendarDate, end: CalendarDate, startHalf: StartHalf = .full, endHalf: EndHalf = .full
  )
    throws(Problem)
  {
    guard start <= end else { throw .endBeforeStart }
    if start == end, startHalf == .afternoon, endHalf == .morning { throw .emptySingleDay }
    self.start = start
    self.end = end
    self.startHalf = startHalf
    self.endHalf = endHalf
  }

  /// Calendar days from start to end, both included.
  public var calendarDays: Int { end.dayNumber - start.dayNumber + 1 }

  public var isWithinLimit: Bool { calendarDays <= Self.maximumDays }

  /// Whether the leave includes that half of that date.
  public func covers(_ date: CalendarDate, _ half: DayHalf) -> Bool {
    guard start <= date, date <= end else { return false }
    if date == start, startHalf == .afternoon, half == .morning { return false }
    if date == end, endHalf == .morning, half == .afternoon { return false }
    return true
  }

  /// Whether the two spans share any half day (working or not).
  public func overlaps(_ other: LeaveSpan) -> Bool {
    guard start <= other.end, other.start <= end else { return false }
    let first = max(start, other.start)
    let last = min(end, other.end)
    for date in [first, last] {
      for half in DayHalf.allCases where covers(date, half) && other.covers(date, half) {
        return true
      }
    }
    // Any day strictly between first and last is covered whole by both.
    return first.days(to: last) > 1
  }
}

/// The working time of a leave: 0.5 or 1 for each date that has any.
public struct WorkingTime: Hashable, Sendable {
  public let perDate: [CalendarDate: HalfDays]

  public init(perDate: [CalendarDate: HalfDays]) {
    self.perDate = perDate.filter { $0.value > .zero }
  }

  public var total: HalfDays { perDate.values.reduce(.zero, +) }

  /// The total split by calendar year: a leave across New Year counts in each.
  public var perYear: [Int: HalfDays] {
    perDate.reduce(into: [:]) { $0[$1.key.year, default: .zero] += $1.value }
  }

  /// The dates of `year` and their days.
  public func dates(in year: Int) -> [CalendarDate: HalfDays] {
    perDate.filter { $0.key.year == year }
  }
}

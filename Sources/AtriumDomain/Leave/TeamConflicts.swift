/// Someone as a conflict warning names them: no notes, no reasons (DESIGN.md "Visibility").
public struct PersonName: Hashable, Sendable, Codable {
  public let id: String
  public let displayName: String

  public init(id: String, displayName: String) {
    self.id = id
    self.displayName = displayName
  }
}

/// One working day of a range on which teammates are already off.
public struct ConflictDay: Hashable, Sendable, Codable {
  public let date: CalendarDate
  public let people: [PersonName]

  public init(date: CalendarDate, people: [PersonName]) {
    self.date = date
    self.people = people
  }
}

/// Who else is off: a warning shown before and after asking, never a refusal.
public enum TeamConflicts {
  /// The working days of `span` (in the asker's calendar) on which any of the teammates'
  /// pending or approved leave falls, with those teammates by name.
  public static func days(
    of span: LeaveSpan, in calendar: WorkCalendar, teammates: [(person: PersonName, span: LeaveSpan)]
  ) -> [ConflictDay] {
    CalendarDate.range(span.start, span.end).compactMap { date in
      let asked = DayHalf.allCases.filter { span.covers(date, $0) && calendar.isWorking(date, $0) }
      guard !asked.isEmpty else { return nil }
      var seen = Set<String>()
      let people = teammates.filter { teammate in
        asked.contains { teammate.span.covers(date, $0) } && seen.insert(teammate.person.id).inserted
      }.map(\.person).sorted { ($0.displayName, $0.id) < ($1.displayName, $1.id) }
      return people.isEmpty ? nil : ConflictDay(date: date, people: people)
    }
  }
}

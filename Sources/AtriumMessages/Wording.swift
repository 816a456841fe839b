import AtriumDomain

/// Numbers, days and dates as the reader's locale writes them: `3,5 días`, `1 de marzo de 2026`.
public struct Wording: Sendable {
  public let language: Language

  public init(_ language: Language) {
    self.language = language
  }

  /// `3`, or for half days `2.5` in English and `2,5` in Spanish.
  public func number(_ days: HalfDays) -> String {
    let whole = String(days.halves / 2)
    guard days.halves % 2 != 0 else { return whole }
    let sign = days.halves < 0 && days.halves / 2 == 0 ? "-" : ""
    return sign + whole + (language == .es ? ",5" : ".5")
  }

  /// `1 day`, `2.5 days`; `1 día`, `2,5 días`.
  public func days(_ days: HalfDays) -> String {
    let one = days.halves == 2
    switch language {
    case .en: return "\(number(days)) \(one ? "day" : "days")"
    case .es: return "\(number(days)) \(one ? "día" : "días")"
    }
  }

  /// `1 working day`, `3 working days`; `1 día laborable`, `3 días laborables`.
  public func workingDays(_ days: HalfDays) -> String {
    let one = days.halves == 2
    switch language {
    case .en: return "\(number(days)) \(one ? "working day" : "working days")"
    case .es: return "\(number(days)) \(one ? "día laborable" : "días laborables")"
    }
  }

  /// `31 March`; `31 de marzo`.
  public func dayAndMonth(_ date: CalendarDate) -> String {
    language == .es ? "\(date.day) de \(monthName(date.month))" : "\(date.day) \(monthName(date.month))"
  }

  /// `31 March 2026`; `31 de marzo de 2026`.
  public func date(_ date: CalendarDate) -> String {
    dayAndMonth(date) + (language == .es ? " de \(date.year)" : " \(date.year)")
  }

  /// A span of leave: `6–10 April 2026`, `30 March – 3 April 2026`, `6 April 2026 (afternoon)`;
  /// `6–10 de abril de 2026`. The year is written once when both ends share it.
  public func span(_ span: LeaveSpan) -> String {
    let startHalf = span.startHalf == .afternoon ? " (\(half(.afternoon)))" : ""
    let endHalf = span.endHalf == .morning ? " (\(half(.morning)))" : ""
    if span.start == span.end { return date(span.start) + startHalf + endHalf }
    let sameYear = span.start.year == span.end.year
    if sameYear, span.start.month == span.end.month, startHalf.isEmpty {
      return "\(span.start.day)–\(date(span.end))\(endHalf)"
    }
    let start = sameYear ? dayAndMonth(span.start) : date(span.start)
    return "\(start)\(startHalf) – \(date(span.end))\(endHalf)"
  }

  /// What a step in a request's history changed, from the code the history keeps
  /// (`LeaveHistoryDetails`): `2–6 March 2026 → 9–13 March 2026`. Text written before the code
  /// existed is returned as it is.
  public func historyDetails(_ stored: String) -> String {
    switch LeaveHistoryDetails(code: stored) {
    case .asked(let asked)?: span(asked)
    case .moved(let from, let to)?: "\(span(from)) → \(span(to))"
    case nil: stored
    }
  }

  /// The letter a calendar heads a day's column with: `M T W T F S S`; `L M X J V S D`.
  public func weekdayInitial(_ day: Weekday) -> String {
    let letters = language == .es ? ["L", "M", "X", "J", "V", "S", "D"] : ["M", "T", "W", "T", "F", "S", "S"]
    return letters[day.rawValue - 1]
  }

  /// `morning`, `afternoon`; `mañana`, `tarde`.
  public func half(_ half: DayHalf) -> String {
    switch (half, language) {
    case (.morning, .en): "morning"
    case (.afternoon, .en): "afternoon"
    case (.morning, .es): "mañana"
    case (.afternoon, .es): "tarde"
    }
  }

  public func monthName(_ month: Int) -> String {
    let names =
      language == .es
      ? [
        "enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre",
        "diciembre",
      ]
      : [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
      ]
    return names.indices.contains(month - 1) ? names[month - 1] : String(month)
  }
}

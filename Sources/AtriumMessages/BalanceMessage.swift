import AtriumDomain

/// A year's time-off figures in words, so the read-out adds up where people can see it:
/// allowance + carried over − expired − approved − pending = left.
public enum BalanceMessage: CatalogueMessage, Equatable {
  /// `23 days this year`.
  case allowance(HalfDays)
  /// Days carried over from last year that can still be used.
  case carriedUsable(HalfDays, until: CalendarDate)
  /// Carried-over days that expired unused on their deadline (some or all of them).
  case carriedExpired(expired: HalfDays, of: HalfDays, on: CalendarDate)
  /// `21 left`.
  case left(HalfDays)
  /// `2 pending`.
  case pending(HalfDays)
  /// The sum itself.
  case sum(
    allowance: HalfDays, carried: HalfDays, expired: HalfDays, approved: HalfDays, pending: HalfDays,
    remaining: HalfDays)

  /// The carry-over line of a year, if it has carried days: usable until the deadline, or
  /// what expired on it.
  public static func carried(
    _ carried: HalfDays, expired: HalfDays, deadline: CalendarDate
  ) -> BalanceMessage? {
    guard carried > .zero else { return nil }
    return expired > .zero
      ? .carriedExpired(expired: expired, of: carried, on: deadline) : .carriedUsable(carried, until: deadline)
  }

  public var id: String {
    switch self {
    case .allowance: "balance.allowance"
    case .carriedUsable: "balance.carried-usable"
    case .carriedExpired(let expired, let carried, _):
      expired == carried ? "balance.carried-expired" : "balance.carried-partly-expired"
    case .left: "balance.left"
    case .pending: "balance.pending"
    case .sum: "balance.sum"
    }
  }

  public func text(in language: Language) -> String {
    let words = Wording(language)
    let spanish = language == .es
    switch self {
    case .allowance(let days):
      return spanish ? "\(words.days(days)) este año" : "\(words.days(days)) this year"
    case .carriedUsable(let days, let until):
      return spanish
        ? "\(words.days(days)) del año pasado, disponibles hasta el \(words.dayAndMonth(until))"
        : "\(words.days(days)) carried over, usable until \(words.dayAndMonth(until))"
    case .carriedExpired(let expired, let carried, let on):
      if expired == carried {
        return spanish
          ? "\(words.days(carried)) del año pasado caducaron el \(words.dayAndMonth(on))"
          : "\(words.days(carried)) carried over expired on \(words.dayAndMonth(on))"
      }
      return spanish
        ? "\(words.number(expired)) de \(words.days(carried)) del año pasado caducaron el \(words.dayAndMonth(on))"
        : "\(words.number(expired)) of \(words.days(carried)) carried over expired on \(words.dayAndMonth(on))"
    case .left(let days):
      return spanish ? "Quedan \(words.number(days))" : "\(words.number(days)) left"
    case .pending(let days):
      return spanish
        ? "\(words.number(days)) \(days.halves == 2 ? "pendiente" : "pendientes")" : "\(words.number(days)) pending"
    case .sum(let allowance, let carried, let expired, let approved, let pending, let remaining):
      let n = words.number
      if spanish {
        return
          "\(n(allowance)) + \(n(carried)) del año pasado − \(n(expired)) caducados − \(n(approved)) aprobados − \(n(pending)) pendientes = quedan \(n(remaining))"
      }
      return
        "\(n(allowance)) + \(n(carried)) carried over − \(n(expired)) expired − \(n(approved)) approved − \(n(pending)) pending = \(n(remaining)) left"
    }
  }

  public static var examples: [BalanceMessage] {
    let deadline = CalendarDate(year: 2026, month: 3, day: 31)!
    let five = HalfDays(halves: 10)
    return [
      .allowance(HalfDays(halves: 46)), .carriedUsable(five, until: deadline),
      .carriedExpired(expired: five, of: five, on: deadline),
      .carriedExpired(expired: HalfDays(halves: 6), of: five, on: deadline), .left(HalfDays(halves: 41)),
      .pending(HalfDays(halves: 3)),
      .sum(
        allowance: HalfDays(halves: 46), carried: five, expired: five, approved: HalfDays(halves: 4),
        pending: HalfDays(halves: 1), remaining: HalfDays(halves: 41)),
    ]
  }
}

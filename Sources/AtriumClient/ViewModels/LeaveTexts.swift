import AtriumAPI
import AtriumDomain
import AtriumMessages

/// The words every time-off screen uses for a request, so the leave list, approvals, a
/// person's time off and a request's detail say the same thing the same way.
enum LeaveTexts {
  /// The same words as the web pages (one catalogue).
  static func status(_ status: LeaveStatus, in language: ClientLanguage) -> String {
    PageText.status(status).text(in: language)
  }

  /// `2026-04-06` for one day, `2026-04-06 – 2026-04-07` for more.
  static func dates(_ request: LeaveRequestBody) -> String {
    request.start == request.end ? request.start.description : "\(request.start) – \(request.end)"
  }

  /// `3`, or for half days `2.5` in English and `2,5` in Spanish.
  static func number(_ days: HalfDays, in language: ClientLanguage) -> String {
    Wording(language).number(days)
  }

  static func days(_ days: HalfDays, in language: ClientLanguage) -> String {
    Wording(language).days(days)
  }

  static func left(_ days: HalfDays, in language: ClientLanguage) -> String {
    BalanceMessage.left(days).text(in: language)
  }

  /// The carry-over line of a year (usable until its deadline, or expired on it), if any.
  static func carried(_ year: LeaveYear, in language: ClientLanguage) -> String? {
    BalanceMessage.carried(year.carriedOver, expired: year.expired, deadline: year.carriedOverUntil)?.text(in: language)
  }

  /// allowance + carried over − expired − approved − pending = left, written out.
  static func sum(_ year: LeaveYear, in language: ClientLanguage) -> String {
    BalanceMessage.sum(
      allowance: year.allowance, carried: year.carriedOver, expired: year.expired, approved: year.approved,
      pending: year.pending, remaining: year.remaining
    ).text(in: language)
  }
}

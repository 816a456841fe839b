import AtriumAPI
import AtriumDomain

/// The words every time-off screen uses for a request, so the leave list, approvals, a
/// person's time off and a request's detail say the same thing the same way.
enum LeaveTexts {
  static func status(_ status: LeaveStatus, in language: ClientLanguage) -> String {
    let spanish = language == .es
    switch status {
    case .pending: return spanish ? "Pendiente" : "Pending"
    case .approved: return spanish ? "Aprobada" : "Approved"
    case .rejected: return spanish ? "Rechazada" : "Rejected"
    case .cancelled: return spanish ? "Cancelada" : "Cancelled"
    }
  }

  /// `2026-04-06` for one day, `2026-04-06 – 2026-04-07` for more.
  static func dates(_ request: LeaveRequestBody) -> String {
    request.start == request.end ? request.start.description : "\(request.start) – \(request.end)"
  }

  /// `3`, or for half days `2.5` in English and `2,5` in Spanish.
  static func number(_ days: HalfDays, in language: ClientLanguage) -> String {
    let whole = String(days.halves / 2)
    guard days.halves % 2 != 0 else { return whole }
    let sign = days.halves < 0 && days.halves / 2 == 0 ? "-" : ""
    return sign + whole + (language == .es ? ",5" : ".5")
  }

  static func days(_ days: HalfDays, in language: ClientLanguage) -> String {
    language == .es ? "\(number(days, in: language)) días" : "\(number(days, in: language)) days"
  }

  static func left(_ days: HalfDays, in language: ClientLanguage) -> String {
    language == .es ? "Quedan \(number(days, in: language))" : "\(number(days, in: language)) left"
  }
}

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

  /// `3`, or `2.5` for half days.
  static func number(_ days: HalfDays) -> String {
    days.halves % 2 == 0 ? String(days.halves / 2) : String(format: "%.1f", days.days)
  }

  static func days(_ days: HalfDays, in language: ClientLanguage) -> String {
    language == .es ? "\(number(days)) días" : "\(number(days)) days"
  }

  static func left(_ days: HalfDays, in language: ClientLanguage) -> String {
    language == .es ? "Quedan \(number(days))" : "\(number(days)) left"
  }
}

import AtriumDomain

/// What the home page's cards say: the morning's answers to "what matters today".
public enum HomeText: CatalogueMessage, Hashable {
  case today
  case openApprovals
  case myTimeOff
  case daysLeft(HalfDays, year: Int)
  /// - Parameter date: the deadline as the reader writes it.
  case carriedExpire(HalfDays, date: String)
  /// - Parameters: the days as the reader writes them, and the request's state in words.
  case nextTimeOff(dates: String, status: String)
  case noTimeOffPlanned
  case myTeam
  case outToday(names: String)
  case nobodyOutToday
  case laterThisWeek
  case unreadOnBoard(Int)
  case openBoard

  public var id: String { "home." + caseName }

  public func text(in language: Language) -> String {
    let es = language == .es
    let words = Wording(language)
    switch self {
    case .today: return es ? "Hoy" : "Today"
    case .openApprovals: return es ? "Abrir aprobaciones" : "Open approvals"
    case .myTimeOff: return es ? "Mis ausencias" : "My time off"
    case .daysLeft(let days, let year):
      return es
        ? "\(days.halves == 2 ? "Te queda" : "Te quedan") \(words.days(days)) en \(year)"
        : "\(words.days(days)) left in \(year)"
    case .carriedExpire(let days, let date):
      return es
        ? "\(words.days(days)) traspasados caducan el \(date)" : "\(words.days(days)) carried over expire on \(date)"
    case .nextTimeOff(let dates, let status): return es ? "Próxima: \(dates) · \(status)" : "Next: \(dates) · \(status)"
    case .noTimeOffPlanned: return es ? "No tienes ausencias previstas." : "No time off planned."
    case .myTeam: return es ? "Mi equipo" : "My team"
    case .outToday(let names): return es ? "Fuera hoy: \(names)" : "Out today: \(names)"
    case .nobodyOutToday: return es ? "Hoy no falta nadie." : "Everyone is in today."
    case .laterThisWeek: return es ? "Más adelante esta semana" : "Later this week"
    case .unreadOnBoard(let count):
      return es
        ? (count == 1 ? "1 aviso sin leer en el tablón" : "\(count) avisos sin leer en el tablón")
        : (count == 1 ? "1 unread notice on the board" : "\(count) unread notices on the board")
    case .openBoard: return es ? "Abrir el tablón" : "Open the board"
    }
  }

  public static var examples: [HomeText] {
    [
      .today, .openApprovals, .myTimeOff, .daysLeft(HalfDays(halves: 49), year: 2026),
      .daysLeft(HalfDays(days: 1), year: 2026), .carriedExpire(HalfDays(days: 5), date: "31 March 2026"),
      .nextTimeOff(dates: "6–10 April 2026", status: "Pending"), .noTimeOffPlanned, .myTeam,
      .outToday(names: "Ana, Pablo"), .nobodyOutToday, .laterThisWeek, .unreadOnBoard(1), .unreadOnBoard(3),
      .openBoard,
    ]
  }
}

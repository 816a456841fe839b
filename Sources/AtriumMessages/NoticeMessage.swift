import AtriumDomain

/// A notice about a request, worded for its reader: a title that says who did what to which
/// request, and a line below it (the reason, or what the reader is asked to do).
public struct NoticeMessage: CatalogueMessage {
  public let notice: LeaveNotice
  /// A waiting-for-approval notice whose request was decided, cancelled or changed since.
  public let isDone: Bool

  public init(_ notice: LeaveNotice, isDone: Bool = false) {
    self.notice = notice
    self.isDone = isDone
  }

  public var id: String { "notice.\(notice.kind.rawValue)" + (isDone ? ".done" : "") }

  /// The title.
  public func text(in language: Language) -> String {
    let words = Wording(language)
    let what = "\(notice.type), \(words.span(notice.span))"
    let actor = notice.actor
    switch (notice.kind, language) {
    case (.approve, .en): return "\(actor) approved your request — \(what)"
    case (.approve, .es): return "\(actor) aprobó tu solicitud — \(what)"
    case (.reject, .en): return "\(actor) rejected your request — \(what)"
    case (.reject, .es): return "\(actor) rechazó tu solicitud — \(what)"
    case (.reopen, .en): return "\(actor) put your request back to pending — \(what)"
    case (.reopen, .es): return "\(actor) devolvió tu solicitud a pendiente — \(what)"
    case (.cancel, .en): return "\(actor) cancelled your request — \(what)"
    case (.cancel, .es): return "\(actor) canceló tu solicitud — \(what)"
    case (.change, .en): return "\(actor) changed your request — \(what)"
    case (.change, .es): return "\(actor) cambió tu solicitud — \(what)"
    case (.create, .en): return "\(actor) asked for time off for you — \(what)"
    case (.create, .es): return "\(actor) pidió una ausencia por ti — \(what)"
    case (.waiting, .en): return "\(notice.employee) asks for time off — \(what)"
    case (.waiting, .es): return "\(notice.employee) pide una ausencia — \(what)"
    }
  }

  /// The line below the title.
  public func detail(in language: Language) -> String {
    if notice.kind == .waiting {
      if isDone { return language == .es ? "Ya no espera tu decisión." : "No longer waits for your decision." }
      return language == .es ? "Espera tu decisión." : "Waits for your decision."
    }
    guard !notice.reason.isEmpty else { return "" }
    return (language == .es ? "Motivo: " : "Reason: ") + notice.reason
  }

  public static var examples: [NoticeMessage] {
    let span = (try? LeaveSpan(start: CalendarDate("2026-04-06")!, end: CalendarDate("2026-04-10")!))!
    return LeaveNotice.Kind.allCases.flatMap { kind in
      let notice = LeaveNotice(
        kind: kind, actor: "Mario López", employee: "Eva Fernández", type: "Vacation", span: span,
        reason: kind == .waiting ? "" : "Busy week")
      return kind == .waiting ? [NoticeMessage(notice), NoticeMessage(notice, isDone: true)] : [NoticeMessage(notice)]
    }
  }
}

import AtriumDomain

/// What the web app says around decisions: reasons, several requests at once, and the
/// company's rule on reasons.
public enum DecisionText: CatalogueMessage, Hashable {
  case rejectWithReason
  case reopenWithReason
  case reason(required: Bool)
  case confirmReject
  case confirmReopen
  /// The accessible name of a row's tick box.
  case select(name: String, dates: String)
  case approveSelected
  case rejectSelected
  case selectedRequests
  case confirmTitle
  /// The button that sends the decision on every selected request.
  case confirmButton(approve: Bool, count: Int)
  case nothingSelected
  /// What a single decision did, shown on the next page.
  case decided(LeaveAction)
  /// Why the decision was taken, as the employee reads it.
  case decisionReason(String)
  case askReason
  case rulesSaved

  public var id: String { "decision." + caseName }

  public func text(in language: Language) -> String {
    let es = language == .es
    switch self {
    case .rejectWithReason: return es ? "Rechazar…" : "Reject…"
    case .reopenWithReason: return es ? "Volver a pendiente…" : "Back to pending…"
    case .reason(let required):
      return required ? (es ? "Motivo" : "Reason") : (es ? "Motivo (opcional)" : "Reason (optional)")
    case .confirmReject: return es ? "Rechazar la solicitud" : "Reject the request"
    case .confirmReopen: return es ? "Devolver a pendiente" : "Send back to pending"
    case .select(let name, let dates):
      return es ? "Seleccionar la solicitud de \(name), \(dates)" : "Select the request of \(name), \(dates)"
    case .approveSelected: return es ? "Aprobar las seleccionadas" : "Approve selected"
    case .rejectSelected: return es ? "Rechazar las seleccionadas" : "Reject selected"
    case .selectedRequests: return es ? "Solicitudes seleccionadas" : "Selected requests"
    case .confirmTitle: return es ? "Confirma la decisión" : "Confirm the decision"
    case .confirmButton(let approve, let count):
      let noun = es ? (count == 1 ? "solicitud" : "solicitudes") : (count == 1 ? "request" : "requests")
      return es
        ? "\(approve ? "Aprobar" : "Rechazar") \(count) \(noun)" : "\(approve ? "Approve" : "Reject") \(count) \(noun)"
    case .nothingSelected:
      return es ? "Selecciona al menos una solicitud pendiente." : "Select at least one pending request."
    case .decided(let action):
      switch action {
      case .approve: return es ? "Solicitud aprobada." : "Request approved."
      case .reject: return es ? "Solicitud rechazada." : "Request rejected."
      case .reopen: return es ? "La solicitud vuelve a estar pendiente." : "The request is pending again."
      case .cancel: return es ? "Solicitud cancelada." : "Request cancelled."
      case .change: return es ? "Solicitud cambiada." : "Request changed."
      }
    case .decisionReason(let reason): return es ? "Motivo: \(reason)" : "Reason: \(reason)"
    case .askReason:
      return es
        ? "Pedir un motivo para rechazar una solicitud o devolverla a pendiente"
        : "Ask for a reason to reject a request or send it back to pending"
    case .rulesSaved: return es ? "Reglas de aprobación guardadas." : "Approval rules saved."
    }
  }

  public static var examples: [DecisionText] {
    [
      .rejectWithReason, .reopenWithReason, .reason(required: true), .reason(required: false), .confirmReject,
      .confirmReopen, .select(name: "Eva", dates: "6–10 April 2026"), .approveSelected, .rejectSelected,
      .selectedRequests, .confirmTitle, .confirmButton(approve: true, count: 3),
      .confirmButton(approve: false, count: 1),
      .nothingSelected, .decisionReason("Release week"), .askReason, .rulesSaved,
    ] + LeaveAction.allCases.map { .decided($0) }
  }
}

import AtriumDomain

/// The audit log in words an HR team reads: who did what to whom, and the labels of its page.
public enum AuditText: CatalogueMessage, Hashable {
  /// `Ana García changed the person Eva Fernández`; an action this catalogue does not know is
  /// shown by its code.
  case did(actor: String, action: String, target: String)
  case anyAction
  case person
  case action
  case from
  case to
  case filter
  case exportCSV
  case noEntries

  public var id: String { "audit." + caseName }

  /// The actions the log records, in words with the target's place (`%@`), in English and Spanish.
  public static let actions: [String: (en: String, es: String)] = [
    "allowance.set": ("set the allowance of %@", "fijó la asignación de %@"),
    "approvals.rules": ("changed the approval rules", "cambió las reglas de aprobación"),
    "company.update": ("changed the company's data", "cambió los datos de la empresa"),
    "department.create": ("created the department %@", "creó el departamento %@"),
    "department.delete": ("removed the department %@", "eliminó el departamento %@"),
    "department.update": ("changed the department %@", "cambió el departamento %@"),
    "directory.reset": ("reset the directory settings", "restableció los ajustes del directorio"),
    "directory.update": ("changed the directory settings", "cambió los ajustes del directorio"),
    "feed.create": ("added the feed %@", "añadió la fuente %@"),
    "feed.delete": ("removed the feed %@", "eliminó la fuente %@"),
    "feed.update": ("changed the feed %@", "cambió la fuente %@"),
    "holiday.create": ("added the holiday %@", "añadió el festivo %@"),
    "holiday.delete": ("removed the holiday %@", "eliminó el festivo %@"),
    "leave-type.create": ("created the leave type %@", "creó el tipo de ausencia %@"),
    "leave-type.update": ("changed the leave type %@", "cambió el tipo de ausencia %@"),
    "location.create": ("created the location %@", "creó la sede %@"),
    "location.delete": ("removed the location %@", "eliminó la sede %@"),
    "location.update": ("changed the location %@", "cambió la sede %@"),
    "notice.create": ("published the notice %@", "publicó el aviso %@"),
    "notice.delete": ("removed the notice %@", "eliminó el aviso %@"),
    "notice.update": ("changed the notice %@", "cambió el aviso %@"),
    "people.import": ("imported a staff list", "importó una lista de personal"),
    "person.create": ("added %@", "dio de alta a %@"),
    "person.password-reset": ("reset the password of %@", "restableció la contraseña de %@"),
    "person.update": ("changed the data of %@", "cambió los datos de %@"),
    "policy.update": ("changed the leave policy", "cambió la política de ausencias"),
    "post.delete": ("removed the post %@", "eliminó la publicación %@"),
  ]

  public func text(in language: Language) -> String {
    let es = language == .es
    switch self {
    case .did(let actor, let action, let target):
      guard let words = Self.actions[action] else { return "\(actor): \(action) \(target)" }
      return actor + " " + (es ? words.es : words.en).replacingOccurrences(of: "%@", with: target)
    case .anyAction: return es ? "Cualquier acción" : "Any action"
    case .person: return es ? "Persona (usuario)" : "Person (username)"
    case .action: return es ? "Acción" : "Action"
    case .from: return es ? "Desde" : "From"
    case .to: return es ? "Hasta" : "To"
    case .filter: return es ? "Filtrar" : "Filter"
    case .exportCSV: return es ? "Descargar CSV" : "Download CSV"
    case .noEntries: return es ? "No hay cambios con estos filtros." : "No changes match these filters."
    }
  }

  public static var examples: [AuditText] {
    actions.keys.sorted().map { AuditText.did(actor: "Ana", action: $0, target: "Eva") } + [
      .anyAction, .person, .action, .from, .to, .filter,
      .exportCSV, .noEntries,
    ]
  }
}

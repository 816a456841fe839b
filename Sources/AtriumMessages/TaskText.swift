/// What the tasks section says: why an operation was refused, and its notifications.
public enum TaskText: CatalogueMessage, Hashable {
  /// No such task, or someone else's: the two read alike.
  case noSuchTask
  case idInUse
  case onlyTheOwner
  case noConflictOn(String)
  case cursorTooOld(days: Int)

  public var id: String { "task." + caseName }

  public func text(in language: Language) -> String {
    let es = language == .es
    switch self {
    case .noSuchTask: return es ? "No existe esa tarea." : "There is no such task."
    case .idInUse: return es ? "Ese identificador ya lo usa otra tarea." : "Another task already has this id."
    case .onlyTheOwner:
      return es
        ? "Solo la persona de cuya lista es la tarea puede marcarla como hecha o resolver sus conflictos."
        : "Only the person whose list the task is on marks it done or resolves its conflicts."
    case .noConflictOn(let field):
      return es ? "La tarea no tiene ningún conflicto en «\(field)»." : "The task has no conflict on “\(field)”."
    case .cursorTooOld(let days):
      return es
        ? "Ese cursor tiene más de \(days) días: vuelve a descargar las tareas (GET /api/v1/tasks) sin perder los cambios sin enviar."
        : "This cursor is more than \(days) days old: download the tasks again (GET /api/v1/tasks), keeping the changes not sent yet."
    }
  }

  public static var examples: [TaskText] {
    [.noSuchTask, .idInUse, .onlyTheOwner, .noConflictOn("title"), .cursorTooOld(days: 90)]
  }
}

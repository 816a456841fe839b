/// What the tasks section says: why an operation was refused, and its notifications.
public enum TaskText: CatalogueMessage, Hashable {
  /// No such task, or someone else's: the two read alike.
  case noSuchTask
  case idInUse
  case onlyTheOwner
  case noConflictOn(String)
  case cursorTooOld(days: Int)
  case ifMatchRequired
  case notYourReport(String)
  /// The notification kind's name in Settings, and its notice.
  case taskAssignedKind
  case gaveYouATask(by: String, title: String)
  case tasksGiven(Int)

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
    case .ifMatchRequired:
      return es
        ? "Envía If-Match con la versión de la tarea que viste (\"3\"), para no pisar cambios que no has visto."
        : "Send If-Match with the version of the task you saw (\"3\"), so no change you have not seen is overwritten."
    case .notYourReport(let name):
      return es
        ? "Solo puedes dar tareas a quien está por debajo de ti; \(name) no lo está."
        : "You can give tasks only to people below you; \(name) is not."
    case .taskAssignedKind: return es ? "Tareas que me dan" : "Tasks given to me"
    case .gaveYouATask(let name, let title):
      return es ? "\(name) te ha dado una tarea: \(title)" : "\(name) gave you a task: \(title)"
    case .tasksGiven(let count):
      if count == 1 { return es ? "Te han dado una tarea" : "You were given a task" }
      return es ? "Te han dado \(count) tareas" : "You were given \(count) tasks"
    }
  }

  public static var examples: [TaskText] {
    [
      .noSuchTask, .idInUse, .onlyTheOwner, .noConflictOn("title"), .cursorTooOld(days: 90), .ifMatchRequired,
      .notYourReport("Javier Gómez"), .taskAssignedKind, .gaveYouATask(by: "Mario Ruiz", title: "Sign the contract"),
      .tasksGiven(1), .tasksGiven(3),
    ]
  }
}

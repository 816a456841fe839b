/// What the tasks section says: why an operation was refused, and its notifications.
public enum TaskText: CatalogueMessage, Hashable {
  /// No such task, or someone else's: the two read alike.
  case noSuchTask
  case idInUse
  case onlyTheOwner
  case noConflictOn(String)
  case noConflicts
  case cursorTooOld(days: Int)
  case ifMatchRequired
  case notYourReport(String)
  /// The notification kind's name in Settings, and its notice.
  case taskAssignedKind
  case gaveYouATask(by: String, title: String)
  case tasksGiven(Int)
  // The web page.
  case tasksTitle
  case addTask
  case title
  case notes
  case due
  case dueOn(String)
  case givenBy(String)
  case markDone
  case markPending
  case edit
  case delete
  case deleted(String)
  case undo
  case save
  case all
  case pending
  case doneFilter
  case assigned
  case noTasks
  case conflictOn(String)
  case yoursValue(String)
  case theirsValue(String)
  case keepYours
  case keepTheirs
  case changedMeanwhile
  case giveATask
  case given(String)
  case openTasks(Int)

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
    case .noConflicts:
      return es ? "La tarea no tiene conflictos que resolver." : "The task has no conflict to resolve."
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
    case .tasksTitle: return es ? "Tareas" : "Tasks"
    case .addTask: return es ? "Añadir tarea" : "Add a task"
    case .title: return es ? "Título" : "Title"
    case .notes: return es ? "Notas" : "Notes"
    case .due: return es ? "Para el día" : "Due"
    case .dueOn(let date): return es ? "para el \(date)" : "due \(date)"
    case .givenBy(let name): return es ? "de \(name)" : "from \(name)"
    case .markDone: return es ? "Hecha" : "Done"
    case .markPending: return es ? "Pendiente otra vez" : "Not done"
    case .edit: return es ? "Editar" : "Edit"
    case .delete: return es ? "Borrar" : "Delete"
    case .deleted(let title): return es ? "Borrada: \(title)" : "Deleted: \(title)"
    case .undo: return es ? "Deshacer" : "Undo"
    case .save: return es ? "Guardar" : "Save"
    case .all: return es ? "Todas" : "All"
    case .pending: return es ? "Pendientes" : "Pending"
    case .doneFilter: return es ? "Hechas" : "Done"
    case .assigned: return es ? "Dadas" : "Given"
    case .noTasks: return es ? "No hay tareas aquí." : "No tasks here."
    case .conflictOn(let field):
      return es ? "Dos cambios distintos en «\(field)»: elige uno." : "Two different changes to “\(field)”: choose one."
    case .yoursValue(let value): return es ? "Tu cambio: \(value)" : "Your change: \(value)"
    case .theirsValue(let value): return es ? "Ahora: \(value)" : "Now: \(value)"
    case .keepYours: return es ? "Quedarme con mi cambio" : "Keep my change"
    case .keepTheirs: return es ? "Dejarlo como está" : "Keep it as it is"
    case .changedMeanwhile:
      return es
        ? "La tarea cambió mientras la editabas: mira cómo está ahora y vuelve a guardar."
        : "The task changed while you were editing it: see it as it is now and save again."
    case .giveATask: return es ? "Darle una tarea" : "Give a task"
    case .given(let name): return es ? "Tarea dada a \(name)." : "Task given to \(name)."
    case .openTasks(let count):
      return es ? "\(count) tareas pendientes" : (count == 1 ? "1 open task" : "\(count) open tasks")
    case .tasksGiven(let count):
      if count == 1 { return es ? "Te han dado una tarea" : "You were given a task" }
      return es ? "Te han dado \(count) tareas" : "You were given \(count) tasks"
    }
  }

  public static var examples: [TaskText] {
    [
      .noSuchTask, .idInUse, .onlyTheOwner, .noConflictOn("title"), .noConflicts, .cursorTooOld(days: 90),
      .ifMatchRequired,
      .notYourReport("Javier Gómez"), .taskAssignedKind, .gaveYouATask(by: "Mario Ruiz", title: "Sign the contract"),
      .tasksGiven(1), .tasksGiven(3), .tasksTitle, .addTask, .title, .notes, .due, .dueOn("2026-03-09"),
      .givenBy("Mario López"), .markDone, .markPending, .edit, .delete, .deleted("Buy milk"), .undo, .save, .all,
      .pending, .doneFilter, .assigned, .noTasks, .conflictOn("title"), .yoursValue("Buy oat milk"),
      .theirsValue("Buy soy milk"), .keepYours, .keepTheirs, .changedMeanwhile, .giveATask, .given("Eva Fernández"),
      .openTasks(1), .openTasks(4),
    ]
  }
}
